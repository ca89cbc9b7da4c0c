import { InMemoryCache } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';

/**
 * createCache makes the client's normalized cache. Photo and video
 * connections merge their pages (fetchMore with `after`), so every screen
 * that reads gallery.photos sees all pages loaded so far. node(id) answers
 * from a cached Photo when one is there (ids are globally unique).
 * A gallery's access state, policy, theme and download information, and a
 * photo's addresses, have
 * no id: screens select different fields of them (the layout the colours,
 * the home the photos layout, the viewer its size; the free download offer
 * and the home its downloads), so their fields merge
 * instead of replacing each other. So does the clients' album (one per
 * gallery, no id): the counter and the album's photo list read it apart.
 * A cart's lists are always answered whole (every cart mutation returns the
 * cart), so a new list replaces the old one; its totals have no id and
 * merge.
 */
export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      Query: {
        fields: {
          node: {
            read(existing, { args, toReference, canRead }) {
              if (existing !== undefined || typeof args?.id !== 'string') return existing;
              const ref = toReference({ __typename: 'Photo', id: args.id });
              return ref && canRead(ref) ? ref : undefined;
            },
          },
        },
      },
      AuthState: { merge: true },
      AccessPolicy: { merge: true },
      WelcomePopupConfig: { merge: true },
      DownloadInformation: { merge: true },
      GalleryTheme: { merge: true },
      PhotoUrls: { merge: true },
      AlbumSelection: { merge: true },
      CartTotals: { merge: true },
      Cart: {
        fields: {
          photos: { merge: false },
          ongoingPacks: { merge: false },
          packs: { merge: false },
          allDigitalFileFormats: { merge: false },
          vouchers: { merge: false },
          shippingProblems: { merge: false },
          availablePacks: { merge: false },
        },
      },
      Gallery: {
        fields: {
          // One list per collection (?collection=): GalleryCollectionPhotos' pages never mix with the whole list's.
          photos: relayStylePagination(['orderBy', 'collection']),
          videos: relayStylePagination(['orderBy']),
        },
      },
    },
  });
}
