// Test data shared by the shop tests: cache-shaped answers with their
// __typename, as the server would send them. The cart side is in
// ../cart/cart-fixtures.ts.
import type { MockLink } from '@apollo/client/testing';
import { GALLERY_ID, GALLERY_URL, money } from '../../lib/cart/cart-fixtures';
import { PhotoProductsQuery, ShopDownloadsQuery, ShopGalleryQuery, ShopPhotoQuery, ShopPhotosQuery, PHOTOS_PAGE_SIZE } from './shop-documents';

type Section = 'prints' | 'special_papers' | 'wall_decor' | 'digital' | 'other';

/** category is a Category of the price list. */
export function category(id: string, name: string, section: Section, position: number) {
  return { __typename: 'Category' as const, id, name, description: '', section, position };
}

/** family is a Family of the price list, every option allowed unless told. */
export function family(id: string, name: string, categoryId: string, position: number, over: Partial<{ matGlossOption: boolean; whiteBordersOption: boolean; whiteMarginAllowed: boolean; description: string }> = {}) {
  return {
    __typename: 'Family' as const,
    id,
    name,
    description: '',
    position,
    matGlossOption: true,
    whiteBordersOption: true,
    whiteMarginAllowed: true,
    category: { __typename: 'Category' as const, id: categoryId },
    ...over,
  };
}

/** format is a Format of the price list. */
export function format(
  id: string,
  name: string,
  price: string,
  familyId: string,
  categoryId: string,
  over: Partial<{ kind: 'print' | 'digital'; digitalQuality: 'web' | 'hd' | null; onlyInPack: boolean; position: number; shortSize: number; longSize: number }> = {},
) {
  return {
    __typename: 'Format' as const,
    id,
    name,
    kind: 'print' as 'print' | 'digital',
    digitalQuality: null as 'web' | 'hd' | null,
    onlyInPack: false,
    position: 1,
    shortSize: 13,
    longSize: 18,
    unitPrice: money(price),
    family: { __typename: 'Family' as const, id: familyId },
    category: { __typename: 'Category' as const, id: categoryId },
    ...over,
  };
}

/**
 * prices is the fixture price list: classic prints (13x18 at 2,50 €, 20x30
 * at 6,90 €, and a 10x15 at 1 € sold only in packs), a family of pack-only
 * prints, fine-art papers, canvases, and web and HD files.
 */
export const prices = {
  __typename: 'Prices' as const,
  categories: [
    category('cat_digital', 'Fichiers numériques', 'digital', 4),
    category('cat_prints', 'Tirages photo', 'prints', 1),
    category('cat_art', 'Papiers d’art', 'special_papers', 2),
    category('cat_wall', 'Décoration murale', 'wall_decor', 3),
  ],
  families: [
    family('fam_classic', 'Tirages classiques', 'cat_prints', 1, { description: 'Papier photo professionnel.' }),
    family('fam_packonly', 'Tirages des packs', 'cat_prints', 2),
    family('fam_fineart', 'Fine Art', 'cat_art', 1, { matGlossOption: false, whiteMarginAllowed: false }),
    family('fam_canvas', 'Toiles', 'cat_wall', 1),
    family('fam_files', 'Fichiers', 'cat_digital', 1),
  ],
  formats: [
    format('fmt_20x30', '20x30', '6.90', 'fam_classic', 'cat_prints', { position: 3, shortSize: 20, longSize: 30 }),
    format('fmt_13x18', '13x18', '2.50', 'fam_classic', 'cat_prints', { position: 2 }),
    format('fmt_10x15', '10x15', '1.00', 'fam_classic', 'cat_prints', { position: 1, onlyInPack: true, shortSize: 10, longSize: 15 }),
    format('fmt_pack', '11x15', '1.50', 'fam_packonly', 'cat_prints', { onlyInPack: true, shortSize: 11, longSize: 15 }),
    format('fmt_fineart', 'A4 Fine Art', '24.00', 'fam_fineart', 'cat_art', { shortSize: 21, longSize: 29.7 }),
    format('fmt_canvas', 'Toile 40x60', '59.00', 'fam_canvas', 'cat_wall', { shortSize: 40, longSize: 60 }),
    format('fmt_web', 'Fichier web', '5.00', 'fam_files', 'cat_digital', { kind: 'digital', digitalQuality: 'web', position: 1, shortSize: 0, longSize: 0 }),
    format('fmt_hd', 'Fichier HD', '12.00', 'fam_files', 'cat_digital', { kind: 'digital', digitalQuality: 'hd', position: 2, shortSize: 0, longSize: 0 }),
  ],
};

/** shopPack is the "Pack Souvenir": 3 prints 13x18 of 3 photos and an HD file, 29 €. */
export const shopPack = {
  __typename: 'Pack' as const,
  id: 'pk_souvenir',
  pack: 'souvenir',
  displayName: 'Pack Souvenir',
  description: 'Vos meilleurs souvenirs, tirés et numérisés.',
  gift: false,
  offerType: '',
  shippingIncludedTo: ['BE', 'FR'],
  unitPrice: money('29.00'),
  formats: [{ __typename: 'PackFormat' as const, quantity: 3, photos: 3, format: { __typename: 'Format' as const, id: 'fmt_13x18', name: '13x18', kind: 'print' as const } }],
  digitalFiles: [
    {
      __typename: 'PackDigitalFile' as const,
      quantity: 1,
      webDescription: '',
      hdDescription: 'Haute définition, pour imprimer',
      format: { __typename: 'Format' as const, id: 'fmt_hd', name: 'Fichier HD', kind: 'digital' as const, digitalQuality: 'hd' as const },
    },
  ],
};

/** printOptions is the gallery's print options: glossy first, white borders and margins allowed. */
export const printOptions = {
  __typename: 'PrintOptions' as const,
  nonHomotheticity: { __typename: 'PolicySetting' as const, policy: 'allowed' },
  whiteBorders: { __typename: 'PolicySetting' as const, policy: 'allowed' },
  finish: 'glossy',
};

/** shopGalleryMock answers the shop's gallery query. */
export function shopGalleryMock(packs: unknown[] = [shopPack], url = GALLERY_URL): MockLink.MockedResponse {
  return {
    request: { query: ShopGalleryQuery, variables: { url } },
    result: { data: { gallery: { __typename: 'Gallery', id: GALLERY_ID, printOptions, prices, availablePacks: packs } } },
    maxUsageCount: 10,
  };
}

/** pickerPhoto is a photo of the photo pickers (landscape 6000 × 4000). */
export function pickerPhoto(n: number) {
  return {
    __typename: 'Photo' as const,
    id: `ph${n}`,
    filename: `IMG_ph${n}.jpg`,
    width: 6000,
    height: 4000,
    dominantColor: '#8a7a6a',
    urls: { __typename: 'PhotoUrls' as const, thumbnail: `/media/t/ph${n}.jpg` },
  };
}

/** shopPhotosMock answers the photo pickers' first page: `count` photos. */
export function shopPhotosMock(count: number, url = GALLERY_URL): MockLink.MockedResponse {
  const nodes = Array.from({ length: count }, (_, i) => pickerPhoto(i + 1));
  return {
    request: { query: ShopPhotosQuery, variables: { url, first: PHOTOS_PAGE_SIZE } },
    result: {
      data: {
        gallery: {
          __typename: 'Gallery',
          id: GALLERY_ID,
          photos: {
            __typename: 'PhotoConnection',
            totalCount: count,
            edges: nodes.map((node) => ({ __typename: 'PhotoEdge', cursor: `c${node.id}`, node })),
            pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: nodes.length ? `c${nodes[nodes.length - 1].id}` : null },
          },
        },
      },
    },
    maxUsageCount: 10,
  };
}

/** shopPhotoMock answers the customization's photo query (6000 × 4000 unless told). */
export function shopPhotoMock(id: string, size: { width: number; height: number } = { width: 6000, height: 4000 }): MockLink.MockedResponse {
  return {
    request: { query: ShopPhotoQuery, variables: { photoId: id } },
    result: {
      data: {
        node: {
          __typename: 'Photo',
          id,
          filename: `IMG_${id}.jpg`,
          ...size,
          dominantColor: '#ccc',
          urls: { __typename: 'PhotoUrls', thumbnail: `/media/t/${id}.jpg`, viewer: `/media/v/${id}.jpg` },
        },
      },
    },
    maxUsageCount: 10,
  };
}

/** photoProduct is a PhotoProduct answer for a format of the fixture price list. */
export function photoProduct(
  formatId: string,
  over: Partial<{ whiteMargin: 'none' | 'warning' | 'crop_required'; finishes: Array<'glossy' | 'mat'>; borders: Array<'none' | 'white'>; defaultCrop: { x: number; y: number; width: number; height: number } | null }> = {},
) {
  const f = prices.formats.find((x) => x.id === formatId)!;
  const c = prices.categories.find((x) => x.id === f.category.id)!;
  const fam = prices.families.find((x) => x.id === f.family.id)!;
  const print = f.kind === 'print';
  const whiteMargin = over.whiteMargin ?? 'none';
  return {
    __typename: 'PhotoProduct' as const,
    format: {
      __typename: 'Format' as const,
      id: f.id,
      name: f.name,
      kind: f.kind,
      digitalQuality: f.digitalQuality,
      position: f.position,
      shortSize: f.shortSize,
      longSize: f.longSize,
      unitPrice: f.unitPrice,
      category: { __typename: 'Category' as const, id: c.id, name: c.name, section: c.section },
      family: { __typename: 'Family' as const, id: fam.id, name: fam.name },
    },
    ratioDiffers: whiteMargin !== 'none',
    whiteMargin,
    finishes: over.finishes ?? (print ? ['glossy', 'mat'] : []),
    defaultFinish: print ? (over.finishes?.[0] ?? 'glossy') : null,
    borders: over.borders ?? (print ? ['none', 'white'] : []),
    defaultCrop: over.defaultCrop === undefined ? null : over.defaultCrop ? { __typename: 'Crop' as const, ...over.defaultCrop } : null,
  };
}

/** photoProductsMock answers Query.photoProducts for a photo. */
export function photoProductsMock(photoId: string, products: Array<ReturnType<typeof photoProduct>>): MockLink.MockedResponse {
  return { request: { query: PhotoProductsQuery, variables: { galleryId: GALLERY_ID, photoId } }, result: { data: { photoProducts: products } }, maxUsageCount: 10 };
}

/** shopDownloadsMock answers the downloads screen's query: the whole gallery in HD at 49 €, not in web quality. */
export function shopDownloadsMock(message = '', url = GALLERY_URL): MockLink.MockedResponse {
  const withGalleryPrice = { ...prices, formats: prices.formats.map((f) => ({ ...f, galleryPrice: f.id === 'fmt_hd' ? money('49.00') : null })) };
  return {
    request: { query: ShopDownloadsQuery, variables: { url } },
    result: {
      data: {
        gallery: {
          __typename: 'Gallery',
          id: GALLERY_ID,
          printOptions,
          downloadInformation: { __typename: 'DownloadInformation', message },
          prices: withGalleryPrice,
          availablePacks: [shopPack],
        },
      },
    },
    maxUsageCount: 10,
  };
}
