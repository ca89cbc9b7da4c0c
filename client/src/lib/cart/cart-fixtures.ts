// Test data shared by the cart and shop tests: cache-shaped answers with
// their __typename, as the server would send them.
import type { MockLink } from '@apollo/client/testing';
import { CartCountQuery, CartGalleryQuery, CartQuery } from './cart-documents';

/** GALLERY_ID is the API id of the fixture gallery; GALLERY_URL its address. */
export const GALLERY_ID = 'gal_1';
export const GALLERY_URL = 'gala';

/** money is a Money answer in euros. */
export function money(amount: string) {
  return { __typename: 'Money' as const, amount, currency: 'EUR' as const };
}

/** crop is a Crop answer. */
export function crop(x: number, y: number, width: number, height: number) {
  return { __typename: 'Crop' as const, x, y, width, height };
}

/** cartPhoto is the photo of a cart line (6000 × 4000 unless told). */
export function cartPhoto(id: string, over: Partial<{ filename: string; width: number; height: number }> = {}) {
  return {
    __typename: 'Photo' as const,
    id,
    filename: `IMG_${id}.jpg`,
    width: 6000,
    height: 4000,
    urls: { __typename: 'PhotoUrls' as const, thumbnail: `/media/t/${id}.jpg` },
    ...over,
  };
}

/** cartFormat is a format as cart lines name it. */
export function cartFormat(id: string, name: string, kind: 'print' | 'digital' = 'print', categoryId = 'cat_prints', digitalQuality: 'web' | 'hd' | null = null) {
  return { __typename: 'Format' as const, id, name, kind, digitalQuality, category: { __typename: 'Category' as const, id: categoryId } };
}

type Finish = 'glossy' | 'mat' | null;
type Border = 'white' | 'none' | null;

/** printItem is a print in the cart: 2 × 13x18 at 2,50 € unless told. */
export function printItem(
  over: Partial<{
    id: string;
    photoId: string;
    format: ReturnType<typeof cartFormat>;
    finish: Finish;
    border: Border;
    crop: ReturnType<typeof crop> | null;
    quantity: number;
    unitPrice: string;
    total: string;
    whiteMargin: boolean;
    photo: ReturnType<typeof cartPhoto> | null;
  }> = {},
) {
  const photoId = over.photoId ?? 'ph1';
  return {
    __typename: 'CartPhotoItem' as const,
    id: 'ci_print',
    kind: 'print' as 'print' | 'digital_file',
    photoId,
    photo: cartPhoto(photoId) as ReturnType<typeof cartPhoto> | null,
    format: cartFormat('fmt_13x18', '13x18'),
    finish: 'glossy' as Finish,
    border: 'none' as Border,
    crop: null as ReturnType<typeof crop> | null,
    quantity: 2,
    unitPrice: money('2.50'),
    total: money('5.00'),
    whiteMargin: false,
    ...over,
    ...(over.unitPrice ? { unitPrice: money(over.unitPrice) } : {}),
    ...(over.total ? { total: money(over.total) } : {}),
  };
}

/** digitalItem is a single digital file in the cart: HD at 12 € unless told. */
export function digitalItem(over: Partial<{ id: string; photoId: string; format: ReturnType<typeof cartFormat> }> = {}) {
  return {
    ...printItem({ finish: null, border: null, quantity: 1, unitPrice: '12.00', total: '12.00', format: cartFormat('fmt_hd', 'Fichier HD', 'digital', 'cat_digital', 'hd') }),
    id: 'ci_file',
    kind: 'digital_file' as const,
    ...over,
  };
}

/** packPhoto is a photo chosen for a pack format. */
export function packPhoto(photoId: string, quantity = 1, over: Partial<{ finish: Finish; border: Border; crop: ReturnType<typeof crop> | null }> = {}) {
  return { __typename: 'CartPackPhoto' as const, photoId, quantity, finish: null as Finish, border: null as Border, crop: null as ReturnType<typeof crop> | null, photo: cartPhoto(photoId), ...over };
}

/** packFormat is a format of a pack instance with the photos chosen. */
export function packFormat(format: ReturnType<typeof cartFormat>, quantity: number, maxPhotos: number, photos: Array<ReturnType<typeof packPhoto>> = [], included = false) {
  return {
    __typename: 'CartPackFormat' as const,
    quantity,
    maxPhotos,
    included,
    selected: photos.reduce((n, p) => n + p.quantity, 0),
    format: { __typename: 'Format' as const, id: format.id, name: format.name, kind: format.kind, digitalQuality: format.digitalQuality },
    photos,
  };
}

/**
 * packInstance is a pack in the cart: the "Pack Souvenir" (pk_souvenir) of
 * 3 prints 13x18 (3 photos) and 1 HD file, at 29 €, nothing chosen unless told.
 */
export function packInstance(
  over: Partial<{
    id: string;
    packInstanceId: string;
    clientPackName: string;
    packId: string;
    formats: Array<ReturnType<typeof packFormat>>;
    digitalFiles: Array<ReturnType<typeof packFormat>>;
  }> = {},
) {
  const formats = over.formats ?? [packFormat(cartFormat('fmt_13x18', '13x18'), 3, 3)];
  const digitalFiles = over.digitalFiles ?? [packFormat(cartFormat('fmt_hd', 'Fichier HD', 'digital', 'cat_digital', 'hd'), 1, 1)];
  const remaining = [...formats, ...digitalFiles].reduce((n, f) => n + Math.max(0, f.quantity - f.selected), 0);
  return {
    __typename: 'CartPack' as const,
    id: over.id ?? 'ci_pack',
    packInstanceId: over.packInstanceId ?? 'pki_1',
    clientPackName: over.clientPackName ?? 'Pack Souvenir',
    complete: remaining === 0,
    remainingPhotos: remaining,
    unitPrice: money('29.00'),
    galleryItem: { __typename: 'Pack' as const, id: over.packId ?? 'pk_souvenir', pack: 'souvenir', displayName: 'Pack Souvenir' },
    formats,
    digitalFiles,
  };
}

/** voucher is a CartVoucher answer. */
export function voucher(
  over: Partial<{ code: string; kind: 'discount_code' | 'gift_card'; applied: boolean; reason: string | null; message: string | null; amount: string; remainingBalance: string | null }> = {},
) {
  const { amount = '0', remainingBalance = null, ...rest } = over;
  return {
    __typename: 'CartVoucher' as const,
    code: 'PROMO10',
    kind: 'discount_code' as 'discount_code' | 'gift_card',
    applied: true,
    reason: null as string | null,
    message: null as string | null,
    ...rest,
    amount: money(amount),
    remainingBalance: remainingBalance === null ? null : money(remainingBalance),
  };
}

/** totals is a CartTotals answer (amounts as decimal strings). */
export function totals(
  over: Partial<{ merchandise: string; discount: string; shippingBeforeDiscount: string; shipping: string; totalBeforeGiftCards: string; giftCards: string; total: string; vatRate: number; vatBase: string; vat: string }> = {},
) {
  const t = {
    merchandise: '17.00',
    discount: '0',
    shippingBeforeDiscount: '4.90',
    shipping: '4.90',
    totalBeforeGiftCards: '21.90',
    giftCards: '0',
    total: '21.90',
    vatRate: 21,
    vatBase: '18.10',
    vat: '3.80',
    ...over,
  };
  return {
    __typename: 'CartTotals' as const,
    merchandise: money(t.merchandise),
    discount: money(t.discount),
    shippingBeforeDiscount: money(t.shippingBeforeDiscount),
    shipping: money(t.shipping),
    totalBeforeGiftCards: money(t.totalBeforeGiftCards),
    giftCards: money(t.giftCards),
    total: money(t.total),
    vat: { __typename: 'VatBreakdown' as const, ratePercent: t.vatRate, base: money(t.vatBase), amount: money(t.vat) },
  };
}

/** cart is a whole Cart answer (CartFields): a print and a digital file unless told. */
export function cart(over: Record<string, unknown> = {}) {
  return {
    __typename: 'Cart' as const,
    id: 'cart_1',
    version: 1,
    itemCount: 3,
    cartUpdated: false,
    photosNeedRetouch: false,
    needsDelivery: true,
    deliveryOption: 'shipping',
    shippingCountry: 'BE',
    // An address chosen (the delivery has its price); null: none yet.
    clientData: { __typename: 'ClientData' as const, deliveryOption: 'shipping' } as unknown,
    photos: [printItem(), digitalItem()] as unknown[],
    packs: [] as unknown[],
    ongoingPacks: [] as unknown[],
    allDigitalFileFormats: [] as unknown[],
    regroupSuggestion: null as unknown,
    shippingProblems: [] as unknown[],
    vouchers: [] as unknown[],
    discount: null as unknown,
    totals: totals(),
    ...over,
  };
}

/** userError is a CartError answer (the address step and the order's refusals read the same fields). */
export function userError(code: string, message: string, field: string[] | null = null) {
  return { __typename: 'CartError' as const, field, message, code };
}

/** payload is a CartPayload answer. */
export function payload(answer: ReturnType<typeof cart> | null, userErrors: Array<ReturnType<typeof userError>> = []) {
  return { __typename: 'CartPayload' as const, cart: answer, userErrors };
}

/**
 * galleryIdMock answers the address → id query of the cart screens; the
 * viewer has a confirmed e-mail unless told (without one, the badge reads
 * the cart from the cache only: use-cart.ts).
 */
export function galleryIdMock(url = GALLERY_URL, { accessEmail = 'client@example.com' as string | null, readOnly = false } = {}): MockLink.MockedResponse {
  return {
    request: { query: CartGalleryQuery, variables: { url } },
    result: { data: { gallery: { __typename: 'Gallery', id: GALLERY_ID, auth: { __typename: 'AuthState', accessEmail, readOnly } } } },
    maxUsageCount: 10,
  };
}

/** cartMock answers the cart query. */
export function cartMock(answer: ReturnType<typeof cart>, maxUsageCount = 10): MockLink.MockedResponse {
  return { request: { query: CartQuery, variables: { galleryId: GALLERY_ID } }, result: { data: { cart: answer } }, maxUsageCount };
}

/** cartCountMock answers the badge's cart query (the shop bars and the header). */
export function cartCountMock(itemCount = 0): MockLink.MockedResponse {
  return {
    request: { query: CartCountQuery, variables: { galleryId: GALLERY_ID } },
    result: { data: { cart: { __typename: 'Cart', id: 'cart_1', version: 1, itemCount, cartUpdated: false } } },
    maxUsageCount: 10,
  };
}
