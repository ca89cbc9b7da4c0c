import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createCache } from '../../lib/apollo-cache';
import { GalleryHomePage, GalleryHomeQuery, GalleryPhotosQuery, GalleryShopQuery, GalleryVideosQuery, PHOTOS_PAGE_SIZE } from './gallery-home-page';

const URL = 'gala-2026';

function photo(n: number) {
  return {
    __typename: 'Photo' as const,
    id: `ph${n}`,
    filename: `IMG_${1000 + n}.jpg`,
    width: n % 3 === 0 ? 1000 : 1500,
    height: n % 3 === 0 ? 1500 : 1000,
    dominantColor: '#8a7a6a',
    urls: {
      __typename: 'PhotoUrls' as const,
      thumbnail: `/media/t/ph${n}.jpg`,
      srcSet: `/media/s/ph${n}-400.jpg 400w, /media/s/ph${n}-800.jpg 800w`,
    },
  };
}

function photosPage(from: number, count: number, hasNextPage: boolean, total: number) {
  const nodes = Array.from({ length: count }, (_, i) => photo(from + i));
  return {
    gallery: {
      __typename: 'Gallery' as const,
      id: 'gal1',
      photos: {
        __typename: 'PhotoConnection' as const,
        totalCount: total,
        edges: nodes.map((node) => ({ __typename: 'PhotoEdge' as const, cursor: `c${node.id}`, node })),
        pageInfo: { __typename: 'PageInfo' as const, hasNextPage, endCursor: `c${nodes[nodes.length - 1].id}` },
      },
    },
  };
}

function homeData(authorized: boolean, showFilename = true, needEmail = false) {
  return {
    gallery: {
      __typename: 'Gallery' as const,
      id: 'gal1',
      showFilename,
      hideSaleEmphasis: false,
      lightenHomepage: false,
      auth: { __typename: 'AuthState' as const, accessCodeAuthorized: authorized, needEmail },
      eventName: 'Gala de printemps 2026',
      eventDateString: '2026-04-18',
      coverPhotoPosition: '50% 30%',
      photographer: { __typename: 'Photographer' as const, id: 'pg1', name: 'Studio Lumière' },
      coverPhoto: null,
    },
  };
}

const videosData = {
  gallery: {
    __typename: 'Gallery' as const,
    id: 'gal1',
    videos: {
      __typename: 'VideoConnection' as const,
      totalCount: 1,
      edges: [
        {
          __typename: 'VideoEdge' as const,
          cursor: 'v1',
          node: { __typename: 'Video' as const, id: 'v1', title: 'Le film', host: 'vimeo', thumbnailUrl: '/media/v1.jpg', embedUrl: 'https://player.vimeo.com/video/1' },
        },
      ],
      pageInfo: { __typename: 'PageInfo' as const, hasNextPage: false, endCursor: 'v1' },
    },
  },
};

const money = (amount: string) => ({ __typename: 'Money' as const, amount, currency: 'EUR' as const });
const shopData = {
  gallery: {
    __typename: 'Gallery' as const,
    id: 'gal1',
    availablePacks: [
      {
        __typename: 'Pack' as const,
        id: 'pk1',
        pack: 'Souvenir',
        displayName: 'Pack Souvenir',
        description: 'Tirages et fichiers',
        gift: false,
        unitPrice: money('49.00'),
        formats: [{ __typename: 'PackFormat' as const, quantity: 5, format: { __typename: 'Format' as const, id: 'f1', name: '13x18' } }],
        digitalFiles: [],
      },
    ],
    prices: {
      __typename: 'Prices' as const,
      categories: [{ __typename: 'Category' as const, id: 'cat1', name: 'Tirages photo', description: '', section: 'prints' as const, position: 1 }],
      formats: [
        { __typename: 'Format' as const, id: 'f1', name: '13x18', kind: 'print' as const, digitalQuality: null, onlyInPack: false, position: 1, unitPrice: money('3.50'), category: { __typename: 'Category' as const, id: 'cat1' } },
        { __typename: 'Format' as const, id: 'f2', name: 'Fichier HD', kind: 'digital' as const, digitalQuality: 'hd' as const, onlyInPack: false, position: 2, unitPrice: money('12.00'), category: { __typename: 'Category' as const, id: 'cat1' } },
      ],
    },
  },
};

function renderHome(mocks: MockLink.MockedResponse[]) {
  const router = createMemoryRouter([{ path: '/:galleryId', element: <GalleryHomePage /> }, { path: '/:galleryId/*', element: <p>autre page</p> }], {
    initialEntries: [`/${URL}`],
  });
  return render(
    <MockedProvider mocks={mocks} cache={createCache()}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
}

describe('GalleryHomePage photo grid', () => {
  it('renders thumbnails and loads the next page', async () => {
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
    expect(first.getAttribute('loading')).toBe('lazy');
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
});
