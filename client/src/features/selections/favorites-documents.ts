import { graphql } from '../../gql';

// The favourites' calls: the heart over every photo of the home and of the
// photo view (the other selection calls are in selection-documents, loaded
// with the menus and the selection screen). Every answer carries the same
// fields as the other selection calls.

/** FAVORITES_ID names the favourites in every selection call. */
export const FAVORITES_ID = 'favorites';

export const FavoritesQuery = graphql(`
  query Favorites($galleryId: ID!) {
    mySelection(galleryId: $galleryId, id: "favorites") {
      id
      name
      isFavorites
      photoIds
      videoIds
    }
  }
`);

export const AddToSelectionMutation = graphql(`
  mutation AddToSelection($input: SelectionItemsInput!) {
    addToSelection(input: $input) {
      selection {
        id
        name
        isFavorites
        photoIds
        videoIds
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const RemoveFromSelectionMutation = graphql(`
  mutation RemoveFromSelection($input: SelectionItemsInput!) {
    removeFromSelection(input: $input) {
      selection {
        id
        name
        isFavorites
        photoIds
        videoIds
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);
