import { graphql } from '../../gql';

// The studio's photo screen: the gallery with all its photos (the
// photographer sees every one: private, hidden, processing, failed), the
// changes it makes, and the live counts of photos by status.

export const StudioGalleryPhotosQuery = graphql(`
  query StudioGalleryPhotos($id: ID!, $after: Cursor) {
    node(id: $id) {
      __typename
      ... on Gallery {
        id
        url
        eventName
        collectionNames
        coverPhoto {
          id
        }
        collections {
          name
          photoCount
        }
        photos(first: 100, after: $after) {
          edges {
            node {
              id
              filename
              status
              isPrivate
              favorite
              clientHidden
              collection
              position
              urls {
                thumbnail
              }
            }
          }
          pageInfo {
            hasNextPage
            endCursor
          }
        }
      }
    }
  }
`);

export const StudioPhotoStatusesSubscription = graphql(`
  subscription StudioPhotoStatuses($galleryId: ID!) {
    galleryPhotoStatuses(galleryId: $galleryId) {
      galleryId
      processing
      ready
      failed
    }
  }
`);

export const StudioReorderPhotosMutation = graphql(`
  mutation StudioReorderPhotos($input: ReorderPhotosInput!) {
    reorderPhotos(input: $input) {
      userErrors {
        field
        code
        message
      }
    }
  }
`);

export const StudioMovePhotosMutation = graphql(`
  mutation StudioMovePhotos($input: MovePhotosInput!) {
    movePhotos(input: $input) {
      userErrors {
        field
        code
        message
      }
    }
  }
`);

export const StudioSetPhotosPrivateMutation = graphql(`
  mutation StudioSetPhotosPrivate($input: SetPhotosPrivateInput!) {
    setPhotosPrivate(input: $input) {
      userErrors {
        field
        code
        message
      }
    }
  }
`);

export const StudioSetPhotosFavoriteMutation = graphql(`
  mutation StudioSetPhotosFavorite($input: SetPhotosFavoriteInput!) {
    setPhotosFavorite(input: $input) {
      userErrors {
        field
        code
        message
      }
    }
  }
`);

export const StudioSetPhotosHiddenMutation = graphql(`
  mutation StudioSetPhotosHidden($input: SetPhotosClientHiddenInput!) {
    setPhotosClientHidden(input: $input) {
      userErrors {
        field
        code
        message
      }
    }
  }
`);

export const StudioDeletePhotosMutation = graphql(`
  mutation StudioDeletePhotos($input: DeletePhotosInput!) {
    deletePhotos(input: $input) {
      deletedPhotoIds
      userErrors {
        field
        code
        message
      }
    }
  }
`);

export const StudioUpdateGalleryMutation = graphql(`
  mutation StudioPhotosUpdateGallery($input: UpdateGalleryInput!) {
    updateGallery(input: $input) {
      gallery {
        id
        collectionNames
        coverPhoto {
          id
        }
      }
      userErrors {
        field
        code
        message
      }
    }
  }
`);

export const StudioRenameCollectionMutation = graphql(`
  mutation StudioRenameCollection($input: RenameCollectionInput!) {
    renameCollection(input: $input) {
      gallery {
        id
        collectionNames
      }
      userErrors {
        field
        code
        message
      }
    }
  }
`);

export const StudioDeleteCollectionMutation = graphql(`
  mutation StudioDeleteCollection($input: DeleteCollectionInput!) {
    deleteCollection(input: $input) {
      gallery {
        id
        collectionNames
      }
      userErrors {
        field
        code
        message
      }
    }
  }
`);
