// Test data shared by the gallery home tests (and the preview route's):
// cache-shaped answers with their __typename, as the server would send them.
import type { MockLink } from '@apollo/client/testing';
import { GalleryHomeQuery, GalleryPhotosQuery, nextPhotosPage } from './gallery-home-page';

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

/** photosConnection is `count` photos of the grid from number `from`, as a page of the connection. */
export function photosConnection(from: number, count: number, hasNextPage: boolean, total: number) {
  const nodes = Array.from({ length: count }, (_, i) => photo(from + i));
  return {
    __typename: 'PhotoConnection' as const,
    totalCount: total,
    edges: nodes.map((node) => ({ __typename: 'PhotoEdge' as const, cursor: `c${node.id}`, node })),
    pageInfo: { __typename: 'PageInfo' as const, hasNextPage, endCursor: nodes.length ? `c${nodes[nodes.length - 1].id}` : null },
  };
}

/** photosPage is an answer of a page of photos (GalleryPhotos, the photo view's sequence). */
export function photosPage(from: number, count: number, hasNextPage: boolean, total: number) {
  return { gallery: { __typename: 'Gallery' as const, id: 'gal_1', photos: photosConnection(from, count, hasNextPage, total) } };
}

/** HomeOptions shape the home's answer: its first page of photos, the photographer's picks, file names. */
export interface HomeOptions {
  count?: number;
  hasNextPage?: boolean;
  total?: number;
  showFilename?: boolean;
  picks?: ReturnType<typeof photo>[];
  /** The collections and their photo counts (none by default). */
  collections?: Array<{ name: string; photoCount: number }>;
}

/** homeData is the home query's answer: cover, picks, first page, a video, a pack, a print and a digital format. */
export function homeData({ count = 3, hasNextPage = false, total = count, showFilename = true, picks = [], collections = [] }: HomeOptions = {}) {
  return {
    gallery: {
      __typename: 'Gallery' as const,
      id: 'gal_1',
      showFilename,
      hideSaleEmphasis: false,
      lightenHomepage: false,
      theme: { __typename: 'GalleryTheme' as const, photosLayout: 'masonry' },
      downloadInformation: { __typename: 'DownloadInformation' as const, freeDownload: false },
      collections: collections.map((c) => ({ __typename: 'GalleryCollection' as const, ...c })),
      eventName: 'Gala de printemps 2026',
      eventDateString: '2026-04-18',
      coverPhotoPosition: '50% 30%',
      photographer: { __typename: 'Photographer' as const, id: 'pg1', name: 'Studio Lumière' },
      coverPhoto: null,
      photographerSelection: {
        __typename: 'PhotographerSelection' as const,
        count: picks.length,
        photos: { __typename: 'PhotoConnection' as const, edges: picks.map((node) => ({ __typename: 'PhotoEdge' as const, node })) },
      },
      photos: photosConnection(1, count, hasNextPage, total),
      videos: videosData.gallery.videos,
      availablePacks: shopData.gallery.availablePacks,
      prices: shopData.gallery.prices,
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
      edges: [
        {
          __typename: 'VideoEdge' as const,
          node: { __typename: 'Video' as const, id: 'v1', title: 'Le film', host: 'vimeo', thumbnailUrl: '/media/v1.jpg', embedUrl: 'https://player.vimeo.com/video/1' },
        },
      ],
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
 * homeMocks answer the home's query (a first page of `count` photos, or
 * `home`), with the variables the page must send.
 */
export function homeMocks(variables: { url: string; previewHash?: string }, { count = 3, home }: { count?: number; home?: ReturnType<typeof homeData> } = {}): MockLink.MockedResponse[] {
  return [{ request: { query: GalleryHomeQuery, variables }, result: { data: home ?? homeData({ count }) }, maxUsageCount: 5 }];
}

/** nextPageMock answers the grid's page after photo number `after` (`count` photos from after + 1). */
export function nextPageMock(variables: { url: string; previewHash?: string }, after: number, count: number, hasNextPage: boolean, total: number): MockLink.MockedResponse {
  return { request: { query: GalleryPhotosQuery, variables: nextPhotosPage(variables, `cph${after}`) }, result: { data: photosPage(after + 1, count, hasNextPage, total) } };
}
