import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '../features/notifications/notification-store';
import { forgetPreviewHashes, rememberPreviewHash } from '../lib/preview-hash';
import { createApolloClient } from './apollo-client';
import { shell } from './gallery-layout-fixtures';
import { GalleryShellQuery } from './gallery-layout';
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
  it('asks for the shell and the five home queries on the gallery home, with the preview hash of the address', async () => {
    const fetchMock = vi.fn().mockImplementation(() => Promise.resolve(json(refused)));
    vi.stubGlobal('fetch', fetchMock);
    await prefetchOpeningScreen(createApolloClient(), '/gala', '?previewHash=h1');
    expect(sent(fetchMock)).toEqual([
      { operationName: 'GalleryShell', variables: { url: 'gala', previewHash: 'h1' } },
      { operationName: 'GalleryHome', variables: { url: 'gala', previewHash: 'h1' } },
      { operationName: 'GalleryPhotos', variables: { url: 'gala', previewHash: 'h1', first: 100 } },
      { operationName: 'GalleryVideos', variables: { url: 'gala', previewHash: 'h1' } },
      { operationName: 'GalleryShop', variables: { url: 'gala', previewHash: 'h1' } },
      { operationName: 'GalleryPhotographerSelection', variables: { url: 'gala', previewHash: 'h1' } },
    ]);
    // A protected gallery refuses them: the screens deal with it, no toast.
    expect(notifications.getSnapshot()).toEqual([]);
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
    expect((await layout).data?.gallery.eventName).toBe('Mariage de Julie & Thomas');
    // Later screens read the answer kept in the cache.
    expect((await client.query({ query: GalleryShellQuery, variables: { url: 'gala' } })).data?.gallery.url).toBe('gala');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
