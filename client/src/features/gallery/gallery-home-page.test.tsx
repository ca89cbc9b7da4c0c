import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { GalleryLayoutContext } from '../../app/gallery-layout';
import { describe, expect, it } from 'vitest';
import { createCache } from '../../lib/apollo-cache';
import { homeData, photo, photosPage, shopData, videosData } from './gallery-fixtures';
import { GalleryHomePage, GalleryHomeQuery, GalleryPhotographerSelectionQuery, GalleryPhotosQuery, GalleryShopQuery, GalleryVideosQuery, PHOTOS_PAGE_SIZE } from './gallery-home-page';

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
  it('renders thumbnails and loads the next page', { timeout: 15_000 }, async () => {
    const mocks: MockLink.MockedResponse[] = [
      { request: { query: GalleryHomeQuery, variables: { url: URL } }, result: { data: homeData(true) } },
      { request: { query: GalleryPhotosQuery, variables: { url: URL, first: PHOTOS_PAGE_SIZE } }, result: { data: photosPage(1, 12, true, 15) } },
      { request: { query: GalleryPhotosQuery, variables: { url: URL, first: PHOTOS_PAGE_SIZE, after: 'cph12' } }, result: { data: photosPage(13, 3, false, 15) } },
      { request: { query: GalleryVideosQuery, variables: { url: URL } }, result: { data: videosData } },
      { request: { query: GalleryShopQuery, variables: { url: URL } }, result: { data: shopData } },
    ];
    renderHome(mocks);

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

    fireEvent.click(screen.getByRole('button', { name: 'Afficher plus de photos' }));
    await waitFor(() => expect(within(grid).getAllByRole('img')).toHaveLength(15));
    expect(screen.queryByRole('button', { name: 'Afficher plus de photos' })).toBeNull();

    // The other sections of the home.
    expect(await screen.findByRole('button', { name: 'Lire la vidéo : Le film' })).toBeTruthy();
    expect(await screen.findByText('Pack Souvenir')).toBeTruthy();
    expect(screen.getByText('49 €')).toBeTruthy();
    expect(screen.getByText('à partir de 3,50 €')).toBeTruthy();
    expect(screen.getByText('12 €')).toBeTruthy();
  });

  it('hides file names unless the gallery shows them', async () => {
    renderHome([
      { request: { query: GalleryHomeQuery, variables: { url: URL } }, result: { data: homeData(true, false) } },
      { request: { query: GalleryPhotosQuery, variables: { url: URL, first: PHOTOS_PAGE_SIZE } }, result: { data: photosPage(1, 2, false, 2) } },
      { request: { query: GalleryVideosQuery, variables: { url: URL } }, result: { data: videosData } },
      { request: { query: GalleryShopQuery, variables: { url: URL } }, result: { data: shopData } },
    ]);
    expect(await screen.findByAltText('Photo IMG_1001.jpg')).toBeTruthy();
    expect(screen.queryByText('IMG_1001.jpg')).toBeNull();
  });

  it('puts the downloads controls the app composes in the downloads section', async () => {
    renderHome(
      [
        { request: { query: GalleryHomeQuery, variables: { url: URL } }, result: { data: homeData(true) } },
        { request: { query: GalleryPhotosQuery, variables: { url: URL, first: PHOTOS_PAGE_SIZE } }, result: { data: photosPage(1, 2, false, 2) } },
        { request: { query: GalleryVideosQuery, variables: { url: URL } }, result: { data: videosData } },
        { request: { query: GalleryShopQuery, variables: { url: URL } }, result: { data: shopData } },
      ],
      <GalleryHomePage downloadsAction={(galleryUrl) => <button type="button">Télécharger {galleryUrl}</button>} />,
    );
    const entry = await screen.findByRole('button', { name: 'Télécharger gala-2026' });
    expect(entry.closest('section')?.id).toBe('downloads');
  });

  it('asks for no photo until the code is accepted and the e-mail confirmed', async () => {
    for (const [authorized, needEmail] of [
      [false, false],
      [true, true],
    ]) {
      const { unmount } = renderHome([{ request: { query: GalleryHomeQuery, variables: { url: URL } }, result: { data: homeData(authorized, true, needEmail) } }]);
      expect(await screen.findByRole('heading', { level: 1, name: 'Gala de printemps 2026' })).toBeTruthy();
      expect(screen.queryByRole('img', { name: /IMG_/ })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Voir les photos' })).toBeNull();
      unmount();
    }
  });

  it('asks for the photos at the same time as the home when the layout already knows the gallery is open', async () => {
    const asked: string[] = [];
    const answer = (name: string, data: Record<string, unknown>) => () => {
      asked.push(name);
      return { data };
    };
    renderHome(
      [
        { request: { query: GalleryHomeQuery, variables: { url: URL } }, delay: 400, result: answer('home', homeData(true)) },
        { request: { query: GalleryPhotosQuery, variables: { url: URL, first: PHOTOS_PAGE_SIZE } }, result: answer('photos', photosPage(1, 2, false, 2)) },
        { request: { query: GalleryVideosQuery, variables: { url: URL } }, result: answer('videos', videosData) },
        { request: { query: GalleryShopQuery, variables: { url: URL } }, result: answer('shop', shopData) },
      ],
      undefined,
      { open: true },
    );
    await waitFor(() => expect(asked).toContain('photos'));
    expect(asked).not.toContain('home');
    expect(await screen.findByAltText('Photo IMG_1001.jpg')).toBeTruthy();
    expect(asked.indexOf('photos')).toBeLessThan(asked.indexOf('home'));
  });

  it('shows the photographer’s selection above the photos, with the controls the app composes', async () => {
    const picks = [photo(7), photo(9)];
    renderHome(
      [
        { request: { query: GalleryHomeQuery, variables: { url: URL } }, result: { data: homeData(true) } },
        { request: { query: GalleryPhotosQuery, variables: { url: URL, first: PHOTOS_PAGE_SIZE } }, result: { data: photosPage(1, 2, false, 2) } },
        { request: { query: GalleryVideosQuery, variables: { url: URL } }, result: { data: videosData } },
        { request: { query: GalleryShopQuery, variables: { url: URL } }, result: { data: shopData } },
        {
          request: { query: GalleryPhotographerSelectionQuery, variables: { url: URL } },
          result: {
            data: {
              gallery: {
                __typename: 'Gallery',
                id: 'gal_1',
                photographerSelection: {
                  __typename: 'PhotographerSelection',
                  count: 2,
                  photos: { __typename: 'PhotoConnection', edges: picks.map((node) => ({ __typename: 'PhotoEdge', node })) },
                },
              },
            },
          },
        },
      ],
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
