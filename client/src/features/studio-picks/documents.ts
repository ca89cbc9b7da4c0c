import { graphql } from '../../gql';

// The studio's « Sélections des clients » screen: what the clients of a
// gallery picked, wrote, shared and downloaded, and reopening their album.

export const StudioPicksQuery = graphql(`
  query StudioPicks($galleryId: ID!) {
    studioPicks(galleryId: $galleryId) {
      gallery {
        id
        url
        eventName
        album {
          activated
          maxPhotos
        }
      }
      album {
        state
        sentAt
        sentBy
        updatedAt
        photoCount
        photoIds
      }
      photos {
        photo {
          id
          filename
          position
          urls {
            thumbnail
          }
        }
        favoriteCount
        selectionCount
        inAlbum
      }
      guests {
        email
        favoritePhotoIds
        selections {
          id
          name
          createdAt
          photoIds
        }
      }
      messages {
        id
        name
        email
        message
        createdAt
      }
      shares {
        id
        senderName
        senderEmail
        recipientCount
        sentAt
      }
      downloadRequests {
        id
        email
        quality
        status
        filesTotal
        fromOrder
        createdAt
      }
    }
  }
`);

export const StudioPicksReopenAlbumMutation = graphql(`
  mutation StudioPicksReopenAlbum($input: SendAlbumInput!) {
    reopenAlbum(input: $input) {
      album {
        state
        sentAt
        photoCount
      }
      userErrors {
        code
        message
      }
    }
  }
`);
