import { graphql } from '../../gql';

// The download dialog's calls: asking for the archives and sending their link
// again. They answer the DownloadRequestFields of download-documents.

export const RequestDownloadMutation = graphql(`
  mutation RequestDownload($input: RequestDownloadInput!) {
    requestDownload(input: $input) {
      request {
        ...DownloadRequestFields
      }
      userErrors {
        ...DownloadErrorFields
      }
    }
  }
`);

export const ResendDownloadLinkMutation = graphql(`
  mutation ResendDownloadLink($input: ResendDownloadLinkInput!) {
    resendDownloadLink(input: $input) {
      request {
        ...DownloadRequestFields
      }
      userErrors {
        ...DownloadErrorFields
      }
    }
  }
`);
