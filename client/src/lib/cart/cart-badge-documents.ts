import { graphql } from '../../gql';

// The cart as the header's badge follows it, on every screen of the gallery
// (the other cart calls are in cart-documents, loaded with the cart screens).

/**
 * CartUpdatedSubscription follows the visitor's cart of a gallery: the server
 * sends it whole (the same CartFields) each time it changes elsewhere
 * (another tab, a merge, the photographer's changes), and the cache entry
 * that every cart screen and the badge read is replaced.
 */
export const CartUpdatedSubscription = graphql(`
  subscription CartUpdated($galleryId: ID!) {
    cartUpdated(galleryId: $galleryId) {
      ...CartFields
    }
  }
`);

/** CartCountQuery is the badge's part of the cart (the same Cart entry as CartQuery). */
export const CartCountQuery = graphql(`
  query CartCount($galleryId: ID!) {
    cart(galleryId: $galleryId) {
      id
      version
      itemCount
      cartUpdated
    }
  }
`);

/**
 * CartGalleryQuery turns a gallery's address into its API id, with what
 * decides whether the badge asks the server for the cart (answered from the
 * cache once the layout loaded the shell).
 */
export const CartGalleryQuery = graphql(`
  query CartGallery($url: String!, $previewHash: String) {
    gallery(url: $url, previewHash: $previewHash) {
      id
      auth {
        accessEmail
        readOnly
      }
    }
  }
`);
