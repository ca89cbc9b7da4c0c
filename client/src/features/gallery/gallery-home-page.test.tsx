import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { GalleryLayoutContext } from '../../app/gallery-layout';
import { describe, expect, it } from 'vitest';
import { createCache } from '../../lib/apollo-cache';
import { print } from 'graphql';
import { homeData, homeMocks, nextPageMock, photo } from './gallery-fixtures';
import { GalleryHomePage, GalleryHomeQuery, PHOTOS_PAGE_SIZE } from './gallery-home-page';

const URL = 'gala-2026';

function renderHome(mocks: MockLink.MockedResponse[], home = <GalleryHomePage />, layout?: GalleryLayoutContext) {
  const routes = [{ path: '/:galleryId', element: home }, { path: '/:galleryId/*', element: <p>autre page</p> }];
  // With `layout`, the home is drawn by a layout that knows whether the gallery is open, as GalleryLayout does.
  const router = createMemoryRouter(layout ? [{ element: <Outlet context={layout} />, children: routes }] : routes, {
    initialEntries: [`/${URL}`],
  });
  return render(
    <MockedProvider mocks={mocks} cache={createCache()}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
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

  it('asks for the first page of PHOTOS_PAGE_SIZE photos', () => {
    expect(print(GalleryHomeQuery)).toContain(`photos(first: ${PHOTOS_PAGE_SIZE})`);
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
    expect(within(section).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Photo IMG_1007.jpg', 'Photo IMG_1009.jpg']);
    expect(within(section).getByText('2 photos')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'cœur gal_1 ph7' })).toBeTruthy();
    const grid = document.getElementById('photos')!;
    expect(within(grid).getByRole('button', { name: 'cœur gal_1 ph1' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'cœur gal_1 v1' })).toBeTruthy();
  });
});
