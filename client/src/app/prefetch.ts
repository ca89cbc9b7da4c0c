import type { ApolloClient } from '@apollo/client';
import {
  GalleryHomeQuery,
  GalleryPhotographerSelectionQuery,
  GalleryPhotosQuery,
  GalleryShopQuery,
  GalleryVideosQuery,
  firstPhotosPage,
} from '../features/gallery/gallery-home-page';
import { readAddress } from '../lib/initial-address';
import { galleryVariables, previewHashFor, previewHashParam } from '../lib/preview-hash';
import type { AppOperationContext } from './apollo-client';
import { GalleryShellQuery } from './gallery-layout';

/**
 * FIRST_RENDER_WAIT_MS is how long the first render waits at most for the
 * opening screen's answers (main.tsx); past it, the screens draw their own
 * loading state and take the answers as they come. index.html shows a
 * loading state until then.
 */
export const FIRST_RENDER_WAIT_MS = 1000;

/** isGalleryHomePath tells whether a path is a gallery's home (/{galleryId}, with or without a final slash). */
export function isGalleryHomePath(pathname: string): boolean {
  return pathname.split('/').filter((segment) => segment !== '').length === 1;
}

// Errors of a prefetch are left to the screen: it shows its own error state
// (with a retry) if it picks up the failed request, or asks again if it
// comes after it. Protected galleries refuse the home's photos until the
// code is given; that refusal must not become a toast.
const QUIET: AppOperationContext = { silentErrors: true };

/**
 * prefetchOpeningScreen starts, before React's first render, the queries
 * the screen the tab opens on will ask for, with the variables it will use:
 * the gallery shell (the layout's) on every gallery address, and on the
 * gallery home its five queries too. The answers land in the cache, or the
 * screens' own queries join the requests still in flight (Apollo's
 * deduplication: same document, same variables). main.tsx draws the first
 * render once they have all answered, so that the home is drawn once with
 * everything instead of once per answer, and a home reached over a slow
 * network waits one round trip instead of two (docs/performance.md, first
 * thumbnails). It returns when every request has ended, never rejecting.
 */
export function prefetchOpeningScreen(client: ApolloClient, pathname: string, search: string): Promise<void> {
  const { galleryUrl } = readAddress(pathname, search);
  if (!galleryUrl) return Promise.resolve();
  const variables = galleryVariables(galleryUrl, previewHashParam(search) ?? previewHashFor(galleryUrl));
  const requests: Promise<unknown>[] = [client.query({ query: GalleryShellQuery, variables, context: QUIET })];
  if (isGalleryHomePath(pathname)) {
    requests.push(
      client.query({ query: GalleryHomeQuery, variables, context: QUIET }),
      client.query({ query: GalleryPhotosQuery, variables: firstPhotosPage(variables), context: QUIET }),
      client.query({ query: GalleryVideosQuery, variables, context: QUIET }),
      client.query({ query: GalleryShopQuery, variables, context: QUIET }),
      client.query({ query: GalleryPhotographerSelectionQuery, variables, context: QUIET }),
    );
  }
  return Promise.allSettled(requests).then(() => undefined);
}
