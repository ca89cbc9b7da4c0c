// Test data shared by the gallery home tests (and the preview route's):
// cache-shaped answers with their __typename, as the server would send them.
import type { MockLink } from '@apollo/client/testing';
import { GalleryHomeQuery, GalleryPhotosQuery, GalleryShopQuery, GalleryVideosQuery, PHOTOS_PAGE_SIZE } from './gallery-home-page';

/** photo is one photo of the grid. */
export function photo(n: number) {
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

/** photosPage is a page of the photo connection: `count` photos from number `from`. */
export function photosPage(from: number, count: number, hasNextPage: boolean, total: number) {
  const nodes = Array.from({ length: count }, (_, i) => photo(from + i));
  return {
    gallery: {
      __typename: 'Gallery' as const,
      id: 'gal_1',
      photos: {
        __typename: 'PhotoConnection' as const,
        totalCount: total,
        edges: nodes.map((node) => ({ __typename: 'PhotoEdge' as const, cursor: `c${node.id}`, node })),
        pageInfo: { __typename: 'PageInfo' as const, hasNextPage, endCursor: `c${nodes[nodes.length - 1].id}` },
      },
    },
  };
}

/** homeData is the home query's answer. */
export function homeData(authorized: boolean, showFilename = true, needEmail = false) {
  return {
    gallery: {
      __typename: 'Gallery' as const,
      id: 'gal_1',
      showFilename,
      hideSaleEmphasis: false,
      lightenHomepage: false,
      theme: { __typename: 'GalleryTheme' as const, photosLayout: 'masonry' },
      auth: { __typename: 'AuthState' as const, accessCodeAuthorized: authorized, needEmail },
      eventName: 'Gala de printemps 2026',
      eventDateString: '2026-04-18',
      coverPhotoPosition: '50% 30%',
      photographer: { __typename: 'Photographer' as const, id: 'pg1', name: 'Studio Lumière' },
      coverPhoto: null,
    },
  };
}

/** videosData is the videos query's answer: one video. */
export const videosData = {
  gallery: {
    __typename: 'Gallery' as const,
    id: 'gal_1',
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
/** shopData is the shop query's answer: a pack, a print and a digital format. */
export const shopData = {
  gallery: {
    __typename: 'Gallery' as const,
    id: 'gal_1',
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

/**
 * homeMocks answer the four queries of an open gallery home (one page of
 * `count` photos), with the variables the page must send.
 */
export function homeMocks(variables: { url: string; previewHash?: string }, { count = 3, home = homeData(true) } = {}): MockLink.MockedResponse[] {
  return [
    { request: { query: GalleryHomeQuery, variables }, result: { data: home }, maxUsageCount: 5 },
    { request: { query: GalleryPhotosQuery, variables: { ...variables, first: PHOTOS_PAGE_SIZE } }, result: { data: photosPage(1, count, false, count) }, maxUsageCount: 5 },
    { request: { query: GalleryVideosQuery, variables }, result: { data: videosData }, maxUsageCount: 5 },
    { request: { query: GalleryShopQuery, variables }, result: { data: shopData }, maxUsageCount: 5 },
  ];
}
