import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '../lib/notification-store';
import { forgetPreviewHashes, rememberPreviewHash } from '../lib/preview-hash';
import { createApolloClient } from '../lib/apollo-client';
import { getFragmentData } from '../gql';
import { rememberGallery, resetKnownGalleries } from '../lib/known-galleries';
import { shell } from './gallery-layout-fixtures';
import { GalleryShellFragment, GalleryShellQuery } from './gallery-shell';
import { isGalleryHomePath, prefetchOpeningScreen } from './prefetch';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** sent lists the operation names and variables of the GraphQL requests fetch was given. */
function sent(fetchMock: ReturnType<typeof vi.fn>): Array<{ operationName: string; variables: Record<string, unknown> }> {
  return fetchMock.mock.calls.map((call) => {
    const body = JSON.parse(String((call[1] as RequestInit).body)) as { operationName: string; variables: Record<string, unknown> };
    return { operationName: body.operationName, variables: body.variables };
  });
}

const refused = { data: null, errors: [{ message: 'Code d’accès requis.', extensions: { code: 'access_denied' } }] };

afterEach(() => {
  vi.unstubAllGlobals();
  forgetPreviewHashes();
  resetKnownGalleries();
  for (const n of notifications.getSnapshot()) notifications.dismiss(n.id);
});

describe('isGalleryHomePath', () => {
  it('is the gallery address alone', () => {
    expect(isGalleryHomePath('/gala')).toBe(true);
    expect(isGalleryHomePath('/gala/')).toBe(true);
    expect(isGalleryHomePath('/')).toBe(false);
    expect(isGalleryHomePath('/gala/cart')).toBe(false);
    expect(isGalleryHomePath('/gala/photos/pho_1')).toBe(false);
  });
});

describe('prefetchOpeningScreen', () => {
  it('asks for the shell and the home, two requests, on the gallery home, with the preview hash of the address', async () => {
    const fetchMock = vi.fn().mockImplementation(() => Promise.resolve(json(refused)));
    vi.stubGlobal('fetch', fetchMock);
    await prefetchOpeningScreen(createApolloClient(), '/gala', '?previewHash=h1');
    expect(sent(fetchMock)).toEqual([
      { operationName: 'GalleryShell', variables: { url: 'gala', previewHash: 'h1' } },
      { operationName: 'GalleryHome', variables: { url: 'gala', previewHash: 'h1' } },
    ]);
    // A protected gallery refuses them: the screens deal with it, no toast.
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('asks for the chosen collection’s first page with the home on a link to one collection', async () => {
    const fetchMock = vi.fn().mockImplementation(() => Promise.resolve(json(refused)));
    vi.stubGlobal('fetch', fetchMock);
    await prefetchOpeningScreen(createApolloClient(), '/gala', '?collection=Soir%C3%A9e');
    expect(sent(fetchMock)).toEqual([
      { operationName: 'GalleryShell', variables: { url: 'gala' } },
      { operationName: 'GalleryHome', variables: { url: 'gala' } },
      { operationName: 'GalleryCollectionPhotos', variables: { url: 'gala', collection: 'Soirée', first: 48 } },
    ]);
  });

  it('asks for the cart, and the favourites once an e-mail was confirmed, with the shell of a gallery known to be open', async () => {
    const fetchMock = vi.fn().mockImplementation(() => Promise.resolve(json(refused)));
    vi.stubGlobal('fetch', fetchMock);
    rememberGallery('gala', { id: 'gal_9', open: true, email: false });
    rememberGallery('julie', { id: 'gal_8', open: true, email: true });
    await prefetchOpeningScreen(createApolloClient(), '/gala', '');
    await prefetchOpeningScreen(createApolloClient(), '/julie', '');
    expect(sent(fetchMock)).toEqual([
      { operationName: 'GalleryShellWithCart', variables: { url: 'gala', galleryId: 'gal_9', favorites: false } },
      { operationName: 'GalleryHome', variables: { url: 'gala' } },
      { operationName: 'GalleryShellWithCart', variables: { url: 'julie', galleryId: 'gal_8', favorites: true } },
      { operationName: 'GalleryHome', variables: { url: 'julie' } },
    ]);
  });

  it('asks only for the shell of a gallery that was closed to the viewer, and never for the cart in a preview', async () => {
    const fetchMock = vi.fn().mockImplementation(() => Promise.resolve(json(refused)));
    vi.stubGlobal('fetch', fetchMock);
    rememberGallery('julie', { id: 'gal_8', open: false, email: false });
    rememberGallery('gala', { id: 'gal_9', open: true, email: true });
    await prefetchOpeningScreen(createApolloClient(), '/julie', '');
    await prefetchOpeningScreen(createApolloClient(), '/gala/preview', '?previewHash=h1');
    expect(sent(fetchMock)).toEqual([
      { operationName: 'GalleryShell', variables: { url: 'julie' } },
      { operationName: 'GalleryShell', variables: { url: 'gala', previewHash: 'h1' } },
    ]);
  });

  it('asks only for the shell elsewhere in a gallery, with the hash kept for it, and for nothing on the site root', async () => {
    const fetchMock = vi.fn().mockImplementation(() => Promise.resolve(json(refused)));
    vi.stubGlobal('fetch', fetchMock);
    rememberPreviewHash('gala', 'kept');
    await prefetchOpeningScreen(createApolloClient(), '/gala/cart', '');
    await prefetchOpeningScreen(createApolloClient(), '/', '?notFound=%2Fnope');
    expect(sent(fetchMock)).toEqual([{ operationName: 'GalleryShell', variables: { url: 'gala', previewHash: 'kept' } }]);
  });

  it('lets the screen join a request still in flight, then answers it from the cache', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn().mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const client = createApolloClient();
    const prefetched = prefetchOpeningScreen(client, '/gala/contact', '');
    // The layout asks while the prefetch waits for the server: one request for both.
    const layout = client.query({ query: GalleryShellQuery, variables: { url: 'gala' } });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    answer(json(shell('gala').result));
    await prefetched;
    expect(getFragmentData(GalleryShellFragment, (await layout).data?.gallery)?.eventName).toBe('Mariage de Julie & Thomas');
    // Later screens read the answer kept in the cache.
    expect(getFragmentData(GalleryShellFragment, (await client.query({ query: GalleryShellQuery, variables: { url: 'gala' } })).data?.gallery)?.url).toBe('gala');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
