import { graphql } from '../../gql';

// The favourites' calls: the heart over every photo of the home and of the
// photo view (the other selection calls are in selection-documents, loaded
// with the menus and the selection screen). Every selection answer selects
// SelectionFields, so that the normalised Selection in the cache stays whole
// whichever call wrote it last.

/** FAVORITES_ID names the favourites in every selection call. */
export const FAVORITES_ID = 'favorites';

/** SelectionFieldsFragment is a selection as every selection call answers it. */
export const SelectionFieldsFragment = graphql(`
  fragment SelectionFields on Selection {
    id
    name
    isFavorites
    photoIds
    videoIds
  }
`);

/** FavoritesViewerFragment is whether the gallery's viewer has a confirmed e-mail (the favourites need one), as the shell left it in the cache. */
export const FavoritesViewerFragment = graphql(`
  fragment FavoritesViewer on Gallery {
    id
    auth {
      accessEmail
    }
  }
`);

export const FavoritesQuery = graphql(`
  query Favorites($galleryId: ID!) {
    mySelection(galleryId: $galleryId, id: "favorites") {
      ...SelectionFields
    }
  }
`);

export const AddToSelectionMutation = graphql(`
  mutation AddToSelection($input: SelectionItemsInput!) {
    addToSelection(input: $input) {
      selection {
        ...SelectionFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const RemoveFromSelectionMutation = graphql(`
  mutation RemoveFromSelection($input: SelectionItemsInput!) {
    removeFromSelection(input: $input) {
      selection {
        ...SelectionFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);
