import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { cleanup as cleanupAll, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { GalleryLayoutContext } from '../../lib/gallery-layout-context';
import { describe, expect, it } from 'vitest';
import { createCache } from '../../lib/apollo-cache';
import { print } from 'graphql';
import { homeData, homeMocks, nextPageMock, photo, photosConnection, shopData } from './gallery-fixtures';
import { collectionPhotosPage, FIRST_PHOTOS_PAGE_SIZE, GalleryCollectionPhotosQuery, GalleryHomePage, GalleryHomeQuery } from './gallery-home-page';

const URL = 'gala-2026';

function renderHome(mocks: MockLink.MockedResponse[], home = <GalleryHomePage />, layout?: GalleryLayoutContext, entry = `/${URL}`) {
  const routes = [{ path: '/:galleryId', element: home }, { path: '/:galleryId/*', element: <p>autre page</p> }];
  // With `layout`, the home is drawn by a layout that knows whether the gallery is open, as GalleryLayout does.
  const router = createMemoryRouter(layout ? [{ element: <Outlet context={layout} />, children: routes }] : routes, {
    initialEntries: [entry],
  });
  const view = render(
    <MockedProvider mocks={mocks} cache={createCache()}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return { ...view, router };
}

describe('GalleryHomePage photo grid', () => {
  it('renders the whole home from one answer and loads the next page with one more', { timeout: 15_000 }, async () => {
    const asked: string[] = [];
    const spy = (mock: MockLink.MockedResponse): MockLink.MockedResponse => ({
      ...mock,
      result: () => {
        asked.push(mock.request.query === GalleryHomeQuery ? 'home' : 'page');
        return mock.result as { data: Record<string, unknown> };
      },
    });
    renderHome([
      spy(homeMocks({ url: URL }, { home: homeData({ count: 12, hasNextPage: true, total: 15 }) })[0]),
      spy(nextPageMock({ url: URL }, 12, 3, false, 15)),
    ]);

    expect(await screen.findByRole('heading', { level: 1, name: 'Gala de printemps 2026' })).toBeTruthy();
    expect(screen.getByText('18 avril 2026')).toBeTruthy();

    const first = await screen.findByAltText('Photo IMG_1001.jpg');
    expect(first.getAttribute('src')).toBe('/media/t/ph1.jpg');
    expect(first.getAttribute('srcset')).toContain('800w');
    // The grid's first screen is fetched at once and first; the rest lazily.
    expect(first.getAttribute('loading')).toBe('eager');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect(first.getAttribute('width')).toBe('1500');
    expect(first.getAttribute('height')).toBe('1000');
    expect((first as HTMLImageElement).style.backgroundColor).toBe('rgb(138, 122, 106)');
    expect(first.closest('a')?.getAttribute('href')).toBe('/gala-2026/photos/ph1');

    const grid = first.closest('ul')!;
    expect(within(grid).getAllByRole('img')).toHaveLength(12);
    expect(within(grid).getByText('IMG_1001.jpg')).toBeTruthy();
    expect(screen.getByText('15 photos')).toBeTruthy();
    // The other sections of the home came with the same answer.
    expect(screen.getByRole('button', { name: 'Lire la vidéo : Le film' })).toBeTruthy();
    expect(screen.getByText('Pack Souvenir')).toBeTruthy();
    expect(screen.getByText('49 €')).toBeTruthy();
    expect(screen.getByText('à partir de 3,50 €')).toBeTruthy();
    expect(screen.getByText('12 €')).toBeTruthy();
    expect(asked).toEqual(['home']);

    fireEvent.click(screen.getByRole('button', { name: 'Afficher plus de photos' }));
    await waitFor(() => expect(within(grid).getAllByRole('img')).toHaveLength(15));
    expect(screen.queryByRole('button', { name: 'Afficher plus de photos' })).toBeNull();
    // The page was one request of its own, merged after the first page; the home was not asked again.
    expect(asked).toEqual(['home', 'page']);
    expect(within(grid).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(Array.from({ length: 15 }, (_, i) => `Photo IMG_${1001 + i}.jpg`));
    expect(screen.getByText('Pack Souvenir')).toBeTruthy();
  });

  it('asks for the first page of FIRST_PHOTOS_PAGE_SIZE photos', () => {
    expect(print(GalleryHomeQuery)).toContain(`photos(first: ${FIRST_PHOTOS_PAGE_SIZE})`);
  });

  it('hides file names unless the gallery shows them', async () => {
    renderHome(homeMocks({ url: URL }, { home: homeData({ count: 2, showFilename: false }) }));
    expect(await screen.findByAltText('Photo IMG_1001.jpg')).toBeTruthy();
    expect(screen.queryByText('IMG_1001.jpg')).toBeNull();
  });

  it('puts the downloads controls the app composes in the downloads section', async () => {
    renderHome(homeMocks({ url: URL }, { count: 2 }), <GalleryHomePage downloadsAction={(galleryUrl) => <button type="button">Télécharger {galleryUrl}</button>} />);
    const entry = await screen.findByRole('button', { name: 'Télécharger gala-2026' });
    expect(entry.closest('section')?.id).toBe('downloads');
  });

  it('asks for nothing while the layout says the gallery is closed to the viewer', async () => {
    const asked: string[] = [];
    const [mock] = homeMocks({ url: URL });
    renderHome([{ ...mock, result: () => (asked.push('home'), { data: homeData() }) }], undefined, { open: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
    expect(screen.queryByRole('img', { name: /IMG_/ })).toBeNull();
  });

  it('shows an error with a retry when the home cannot be loaded', async () => {
    renderHome([
      { request: { query: GalleryHomeQuery, variables: { url: URL } }, result: { errors: [{ message: 'boom', extensions: { code: 'internal' } }] } },
      ...homeMocks({ url: URL }, { count: 2 }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByAltText('Photo IMG_1001.jpg')).toBeTruthy();
  });

  it('shows the photographer’s selection above the photos, with the controls the app composes', async () => {
    renderHome(
      homeMocks({ url: URL }, { home: homeData({ count: 2, picks: [photo(7), photo(9)] }) }),
      <GalleryHomePage photoAction={({ galleryId, photoId }) => <button type="button">{`cœur ${galleryId} ${photoId}`}</button>} />,
    );
    const section = (await screen.findByRole('heading', { name: 'La sélection du photographe' })).closest('section')!;
    // A new grid draws its photos once measured, in a transition of their own.
    await waitFor(() => expect(within(section).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Photo IMG_1007.jpg', 'Photo IMG_1009.jpg']));
    expect(within(section).getByText('2 photos')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'cœur gal_1 ph7' })).toBeTruthy();
    const grid = document.getElementById('photos')!;
    expect(within(grid).getByRole('button', { name: 'cœur gal_1 ph1' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'cœur gal_1 v1' })).toBeTruthy();
  });
});

/** collectionMock answers the first page of a collection: `count` photos from number `from`. */
function collectionMock(name: string, from: number, count: number) {
  return {
    request: { query: GalleryCollectionPhotosQuery, variables: collectionPhotosPage({ url: URL }, name) },
    result: { data: { gallery: { __typename: 'Gallery' as const, id: 'gal_1', photos: photosConnection(from, count, false, count) } } },
    maxUsageCount: 3,
  };
}

const galaCollections = [
  { name: 'Accueil', photoCount: 4 },
  { name: 'Spectacle', photoCount: 5 },
  { name: 'Vide', photoCount: 0 },
  { name: 'Soirée', photoCount: 3 },
];

describe('GalleryHomePage collections', () => {
  it('shows a bar of the collections with their counts, and the chosen one’s photos from the address', async () => {
    const { router } = renderHome(
      [...homeMocks({ url: URL }, { home: homeData({ count: 12, total: 12, collections: galaCollections }) }), collectionMock('Spectacle', 20, 5), collectionMock('Soirée', 40, 3)],
      undefined,
      undefined,
      `/${URL}?collection=Spectacle`,
    );
    const bar = await screen.findByRole('navigation', { name: 'Collections' });
    const links = within(bar).getAllByRole('link');
    // « Toutes » first, then each collection holding a photo (the empty one is no entry).
    expect(links.map((a) => a.textContent)).toEqual(['Toutes1212 photos', 'Accueil44 photos', 'Spectacle55 photos', 'Soirée33 photos']);
    expect(links[2].getAttribute('aria-current')).toBe('page');
    expect(links[0].getAttribute('aria-current')).toBeNull();
    expect(links[3].getAttribute('href')).toBe(`/${URL}?collection=Soir%C3%A9e`);
    expect(links[0].getAttribute('href')).toBe(`/${URL}`);

    const grid = document.getElementById('photos')!;
    await waitFor(() => expect(within(grid).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Photo IMG_1020.jpg', 'Photo IMG_1021.jpg', 'Photo IMG_1022.jpg', 'Photo IMG_1023.jpg', 'Photo IMG_1024.jpg']));
    expect(within(grid).getByText('5 photos', { selector: 'p' })).toBeTruthy();

    fireEvent.click(links[3]);
    await waitFor(() => expect(router.state.location.search).toBe('?collection=Soir%C3%A9e'));
    await waitFor(() => expect(within(grid).getAllByRole('img')).toHaveLength(3));
    expect(within(bar).getByRole('link', { name: /Soirée/ }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(bar).getByRole('link', { name: /Toutes/ }));
    await waitFor(() => expect(within(grid).getAllByRole('img')).toHaveLength(12));
    expect(router.state.location.search).toBe('');
  });

  it('pages a collection as the whole grid: the next page of the same collection, merged after the first', { timeout: 15_000 }, async () => {
    const first = {
      request: { query: GalleryCollectionPhotosQuery, variables: collectionPhotosPage({ url: URL }, 'Spectacle') },
      result: { data: { gallery: { __typename: 'Gallery' as const, id: 'gal_1', photos: photosConnection(20, 3, true, 5) } } },
    };
    const next = {
      request: { query: GalleryCollectionPhotosQuery, variables: collectionPhotosPage({ url: URL }, 'Spectacle', 'cph22') },
      result: { data: { gallery: { __typename: 'Gallery' as const, id: 'gal_1', photos: photosConnection(23, 2, false, 5) } } },
    };
    renderHome([...homeMocks({ url: URL }, { home: homeData({ count: 12, total: 12, collections: galaCollections }) }), first, next], undefined, undefined, `/${URL}?collection=Spectacle`);
    await screen.findByRole('navigation', { name: 'Collections' });
    const grid = document.getElementById('photos')!;
    await waitFor(() => expect(within(grid).getAllByRole('img')).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Afficher plus de photos' }));
    await waitFor(() => expect(within(grid).getAllByRole('img')).toHaveLength(5));
    expect(within(grid).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Photo IMG_1020.jpg', 'Photo IMG_1021.jpg', 'Photo IMG_1022.jpg', 'Photo IMG_1023.jpg', 'Photo IMG_1024.jpg']);
    expect(screen.queryByRole('button', { name: 'Afficher plus de photos' })).toBeNull();
  });

  it('shows all the photos for an unknown or empty collection, and no bar when one collection holds them all', async () => {
    renderHome(
      homeMocks({ url: URL }, { home: homeData({ count: 6, total: 6, collections: galaCollections }) }),
      undefined,
      undefined,
      `/${URL}?collection=Vide`,
    );
    const bar = await screen.findByRole('navigation', { name: 'Collections' });
    expect(within(bar).getByRole('link', { name: /Toutes/ }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(within(document.getElementById('photos')!).getAllByRole('img')).toHaveLength(6));
    cleanupAll();
    renderHome(homeMocks({ url: URL }, { home: homeData({ count: 6, total: 6, collections: [{ name: 'Gala', photoCount: 6 }, { name: 'Vide', photoCount: 0 }] }) }));
    expect(await screen.findByAltText('Photo IMG_1001.jpg')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Collections' })).toBeNull();
  });
});

describe('GalleryHomePage of a new or small gallery', () => {
  it('shows no empty section: no videos, packs, prints, downloads nor selection without content', async () => {
    const home = homeData({ count: 1, total: 1 });
    const small = {
      gallery: {
        ...home.gallery,
        videos: { __typename: 'VideoConnection' as const, edges: [] },
        availablePacks: [],
        prices: { ...shopData.gallery.prices, formats: [] },
      },
    };
    renderHome(homeMocks({ url: URL }, { home: small as unknown as ReturnType<typeof homeData> }));
    expect(await screen.findByAltText('Photo IMG_1001.jpg')).toBeTruthy();
    expect(document.getElementById('photos')).toBeTruthy();
    for (const id of ['photographer-selection', 'videos', 'packs', 'prints', 'downloads']) expect(document.getElementById(id), id).toBeNull();
  });

  it('keeps the downloads section when the gallery gives its files, even with nothing sold', async () => {
    const home = homeData({ count: 1, total: 1 });
    const free = {
      gallery: {
        ...home.gallery,
        downloadInformation: { __typename: 'DownloadInformation' as const, freeDownload: true },
        prices: { ...shopData.gallery.prices, formats: [] },
      },
    };
    renderHome(homeMocks({ url: URL }, { home: free as unknown as ReturnType<typeof homeData> }), <GalleryHomePage downloadsAction={() => <button type="button">Télécharger</button>} />);
    expect(await screen.findByRole('button', { name: 'Télécharger' })).toBeTruthy();
    expect(document.getElementById('downloads')).toBeTruthy();
    expect(document.getElementById('prints')).toBeNull();
  });
});
