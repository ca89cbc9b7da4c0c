import { graphql } from '../gql';
import type { KnownGallery } from '../lib/known-galleries';

// The opening screen's per-viewer request (issue 19): the layout's shell
// (access state, theme, header, music, welcome popup, account actions) with
// everything else of the viewer's own that a gallery screen shows at once,
// so that the screens find it in the cache instead of asking: the access
// screen's cover (AccessCodePage), the free download offer (DownloadOffer),
// the clients' album counter (Album) and, when this browser knows the
// gallery's API id from an earlier visit, the cart badge (CartCount) and the
// favourites hearts (Favorites). The gallery's own content (cover, photos,
// videos, shop) is the other request, GalleryHome, the same for every
// viewer of a visibility class.

export const GalleryShellFragment = graphql(`
  fragment GalleryShell_gallery on Gallery {
    id
    url
    eventName
    language
    auth {
      accessCodeAuthorized
      needEmail
      isClient
      isPhotographer
      readOnly
      accessEmail
    }
    theme {
      theme
      variant
      photosGap {
        value
      }
      colorTheme {
        colors {
          primary
          secondary
          accent
          light
        }
      }
    }
    albumSelection {
      ...AlbumSelectionFields
    }
    ...GalleryHeader_gallery
    ...AccountActions_gallery
    ...NeedEmailHost_gallery
    ...WelcomePopup_gallery
    ...AccessCover_gallery
    ...DownloadOffer_gallery
  }
`);

/** GalleryShellQuery is the shell of a gallery not known from an earlier visit (or previewed, or closed to the viewer). */
export const GalleryShellQuery = graphql(`
  query GalleryShell($url: String!, $previewHash: String) {
    gallery(url: $url, previewHash: $previewHash) {
      ...GalleryShell_gallery
    }
  }
`);

/**
 * GalleryShellWithCartQuery is the shell of a gallery whose API id this
 * browser knows, open to the viewer: with the cart's badge fields
 * (CartCountQuery's) and, once an e-mail is confirmed, the favourites
 * (FavoritesQuery's), so that neither is a request of its own.
 */
export const GalleryShellWithCartQuery = graphql(`
  query GalleryShellWithCart($url: String!, $previewHash: String, $galleryId: ID!, $favorites: Boolean!) {
    gallery(url: $url, previewHash: $previewHash) {
      ...GalleryShell_gallery
    }
    cart(galleryId: $galleryId) {
      id
      version
      itemCount
      cartUpdated
    }
    mySelection(galleryId: $galleryId, id: "favorites") @include(if: $favorites) {
      ...SelectionFields
    }
  }
`);

/** ShellWithCartVariables are GalleryShellWithCart's variables. */
export interface ShellWithCartVariables {
  url: string;
  previewHash?: string;
  galleryId: string;
  favorites: boolean;
}

/**
 * shellWithCartVariables says whether the shell may come with the cart (and
 * favourites), and with which variables: only for a gallery known from an
 * earlier visit that was then open to the viewer, outside a preview (a
 * preview link is read-only: no cart).
 */
export function shellWithCartVariables(variables: { url: string; previewHash?: string }, known: KnownGallery | null): ShellWithCartVariables | undefined {
  if (!known || !known.open || variables.previewHash) return undefined;
  return { ...variables, galleryId: known.id, favorites: known.email };
}
