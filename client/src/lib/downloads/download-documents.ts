import { graphql } from '../../gql';

// The download request calls. The request, the subscription and the follow-up
// query select the same DownloadRequestFields, so that the normalised
// DownloadRequest in the cache stays whole whichever answer wrote it last.
// The dialog's own calls (asking, sending the link again) are in
// download-request-documents, loaded with the dialog.

/**
 * DownloadOfferFragment is DownloadOfferQuery's selection, which the
 * gallery's shell asks for too (app/gallery-shell.ts), so that the query is
 * answered from the cache.
 */
export const DownloadOfferFragment = graphql(`
  fragment DownloadOffer_gallery on Gallery {
    id
    collectionNames
    downloadInformation {
      freeDownload
      clientsOnly
      qualities
      message
    }
    auth {
      accessCodeAuthorized
      needEmail
      isClient
      isPhotographer
      accessEmail
      readOnly
    }
  }
`);

/** DownloadOfferQuery is what the « Télécharger les photos » entry needs to know (answered from the cache once the gallery is loaded). */
export const DownloadOfferQuery = graphql(`
  query DownloadOffer($url: String!, $previewHash: String) {
    gallery(url: $url, previewHash: $previewHash) {
      id
      ...DownloadOffer_gallery
    }
  }
`);

/** DownloadRequestFieldsFragment is a request's state as the dialog and the toasts show it. */
export const DownloadRequestFieldsFragment = graphql(`
  fragment DownloadRequestFields on DownloadRequest {
    id
    status
    quality
    email
    filesDone
    filesTotal
    links
    expiresAt
    mailedAt
  }
`);

/** DownloadRequestUpdatedSubscription sends the request now, then at every change (progress, ready with its links, e-mailed). */
export const DownloadRequestUpdatedSubscription = graphql(`
  subscription DownloadRequestUpdated($id: ID!) {
    downloadRequestUpdated(id: $id) {
      ...DownloadRequestFields
    }
  }
`);

/** DownloadRequestQuery reads a request again, for when the websocket is not available. */
export const DownloadRequestQuery = graphql(`
  query DownloadRequest($id: ID!) {
    downloadRequest(id: $id) {
      ...DownloadRequestFields
    }
  }
`);
