import { graphql } from '../../gql';

// The selection calls the favourites, the menus and the selection screen share.
// Every answer selects the same SelectionFields (favorites-documents), so that
// the normalised Selection in the cache stays whole whichever call wrote it
// last.

// The favourites' calls (the heart over every photo of the home) are in
// favorites-documents, in the home's first download; named here too.
export { AddToSelectionMutation, FAVORITES_ID, FavoritesQuery, RemoveFromSelectionMutation, SelectionFieldsFragment } from './favorites-documents';

export const MySelectionsQuery = graphql(`
  query MySelections($galleryId: ID!) {
    mySelections(galleryId: $galleryId) {
      ...SelectionFields
    }
  }
`);

export const CreateSelectionMutation = graphql(`
  mutation CreateSelection($input: CreateSelectionInput!) {
    createSelection(input: $input) {
      selection {
        ...SelectionFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const DeleteSelectionMutation = graphql(`
  mutation DeleteSelection($input: DeleteSelectionInput!) {
    deleteSelection(input: $input) {
      deletedSelectionId
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** SELECTION_NAME_MAX is the longest name a selection may have (spec §5). */
export const SELECTION_NAME_MAX = 60;
