import type { ApolloClient } from '@apollo/client';
import { COLLECTION_PARAM, collectionPhotosPage, GalleryCollectionPhotosQuery, GalleryHomeQuery } from '../features/gallery';
import { readAddress } from '../lib/initial-address';
import { knownGallery } from '../lib/known-galleries';
import { galleryVariables, previewHashFor, previewHashParam } from '../lib/preview-hash';
import type { AppOperationContext } from '../lib/apollo-client';
import { restoreFirstData, startFirstData } from '../lib/first-data';
import { GalleryShellQuery, GalleryShellWithCartQuery, shellWithCartVariables } from './gallery-shell';

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
 * prefetchOpeningScreen starts, before React's first render, the requests
 * of the screen the tab opens on, with the documents and variables the
 * screens will use (issue 19: at most two requests, sent together):
 *
 * 1. the viewer's own: the gallery's shell (the layout's), with the cart
 *    and favourites when the gallery is known from an earlier visit
 *    (app/gallery-shell.ts), on every gallery address;
 * 2. the gallery's: on the gallery home, everything it shows (GalleryHome,
 *    and the chosen collection's first page on a link to one), unless the last visit found the gallery closed to this viewer (the
 *    server would refuse its photos; the layout shows the access screen or
 *    the e-mail step, whose data the shell brings).
 *
 * The answers land in the cache, or the screens' own queries join the
 * requests still in flight (Apollo's deduplication: same document, same
 * variables). main.tsx draws the first render once they have all answered,
 * so that the home is drawn once with everything instead of once per
 * answer. It returns when every request has ended, never rejecting.
 */
export function prefetchOpeningScreen(client: ApolloClient, pathname: string, search: string): Promise<void> {
  const { galleryUrl } = readAddress(pathname, search);
  if (!galleryUrl) return Promise.resolve();
  const variables = galleryVariables(galleryUrl, previewHashParam(search) ?? previewHashFor(galleryUrl));
  const known = knownGallery(galleryUrl);
  const withCart = shellWithCartVariables(variables, known);
  const requests: Promise<unknown>[] = [
    withCart
      ? client.query({ query: GalleryShellWithCartQuery, variables: withCart, context: QUIET })
      : client.query({ query: GalleryShellQuery, variables, context: QUIET }),
  ];
  const closed = known !== null && !known.open && !variables.previewHash;
  if (isGalleryHomePath(pathname) && !closed) {
    // The home's queries start in the next task: an answer the page brought
    // is read back from the cache as the query starts, the home's (its
    // photos) the longest, each its own task on a slow phone (issue 22).
    requests.push(
      nextTask().then(() => {
        const home: Promise<unknown>[] = [client.query({ query: GalleryHomeQuery, variables, context: QUIET })];
        // A link to one collection (?collection=Spectacle): its grid comes with the home.
        const collection = new URLSearchParams(search).get(COLLECTION_PARAM);
        if (collection !== null) home.push(client.query({ query: GalleryCollectionPhotosQuery, variables: collectionPhotosPage(variables, collection), context: QUIET }));
        return Promise.allSettled(home);
      }),
    );
  }
  return Promise.allSettled(requests).then(() => undefined);
}

/** nextTask resolves in a task of its own, after what the main thread has queued. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

/**
 * restoreOpeningData writes the page's first data (lib/first-data.ts) of
 * the app's opening queries into the cache, before prefetchOpeningScreen
 * and the first render: the shell and the home's, which then send nothing.
 * A lazy screen writes its own when its code arrives. It resolves, two
 * tasks later, with the names written.
 */
export async function restoreOpeningData(client: ApolloClient): Promise<string[]> {
  startFirstData(client);
  // One task for the shell's answer, the next for the home's (its photos):
  // neither is one long task on a slow phone (issue 22).
  await nextTask();
  const shell = restoreFirstData({ GalleryShell: GalleryShellQuery });
  await nextTask();
  return [...shell, ...restoreFirstData({ GalleryHome: GalleryHomeQuery, GalleryCollectionPhotos: GalleryCollectionPhotosQuery })];
}
