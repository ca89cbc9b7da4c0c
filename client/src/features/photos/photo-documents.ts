// The photo view's queries: the gallery's settings it needs, and the photo.
import { graphql } from '../../gql';

export const PhotoGalleryQuery = graphql(`
  query PhotoGallery($url: String!, $previewHash: String) {
    gallery(url: $url, previewHash: $previewHash) {
      id
      showFilename
      theme {
        viewerLimitSize
        viewerMaxSize
      }
      downloadInformation {
        freeDownload
        clientsOnly
        qualities
      }
      auth {
        accessCodeAuthorized
        needEmail
        isClient
        isPhotographer
        readOnly
      }
    }
  }
`);

export const PhotoNodeQuery = graphql(`
  query PhotoNode($photoId: ID!) {
    node(id: $photoId) {
      __typename
      id
      ... on Photo {
        ...PhotoViewer_photo
        urls {
          original
          webDownload
        }
      }
    }
  }
`);
