import { graphql } from '../../gql';

// The selection calls the favourites, the menus and the selection screen share.
// Every answer carries the same fields, so that the normalised Selection in
// the cache stays whole whichever call wrote it last.

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

export const MySelectionsQuery = graphql(`
  query MySelections($galleryId: ID!) {
    mySelections(galleryId: $galleryId) {
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

export const CreateSelectionMutation = graphql(`
  mutation CreateSelection($input: CreateSelectionInput!) {
    createSelection(input: $input) {
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

export const DeleteSelectionMutation = graphql(`
  mutation DeleteSelection($input: DeleteSelectionInput!) {
    deleteSelection(input: $input) {
      deletedSelectionId
      userErrors {
        field
        message
        code
      }
    }
  }
`);

/** SELECTION_NAME_MAX is the longest name a selection may have (spec §5). */
export const SELECTION_NAME_MAX = 60;
