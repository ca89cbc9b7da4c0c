import type { TFunction } from 'i18next';
import type { CheckoutCartFragment as CheckoutCartData } from '../../gql/graphql';
import type { MoneyLike } from '../../lib/money';

/** PurchaseLine is one purchase of the cart as the checkout lists it. */
export interface PurchaseLine {
  /** The cart item's id (shipping problems name it). */
  id: string;
  kind: 'print' | 'digital_file' | 'pack' | 'all_gallery';
  title: string;
  /** The photo's file name, the pack's offer, the number of photos… */
  detail: string;
  quantity: number;
  /** The price of one, for prints bought several times. */
  unitPrice?: MoneyLike;
  price: MoneyLike;
  thumbnail?: { src: string; alt: string };
}

/**
 * purchaseLines lists what the cart buys, in the cart page's order: packs,
 * prints and single files, whole-gallery downloads (packs still being
 * composed are not bought).
 */
export function purchaseLines(cart: Pick<CheckoutCartData, 'photos' | 'packs' | 'allDigitalFileFormats'>, t: TFunction): PurchaseLine[] {
  const lines: PurchaseLine[] = [];
  for (const pack of cart.packs) {
    const offer = pack.galleryItem.displayName || pack.galleryItem.pack;
    const name = pack.clientPackName || offer;
    lines.push({ id: pack.id, kind: 'pack', title: t('checkout.packItem', { name }), detail: name !== offer ? offer : '', quantity: 1, price: pack.unitPrice });
  }
  for (const item of cart.photos) {
    const isPrint = item.kind === 'print';
    const title = isPrint ? t('cart.print', { format: item.format.name }) : t('cart.digitalFile', { format: item.format.name });
    const filename = item.photo?.filename ?? item.photoId;
    lines.push({
      id: item.id,
      kind: isPrint ? 'print' : 'digital_file',
      title,
      detail: filename,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      price: item.total,
      thumbnail: item.photo ? { src: item.photo.urls.thumbnail, alt: t('cart.photoAlt', { filename: item.photo.filename }) } : undefined,
    });
  }
  for (const item of cart.allDigitalFileFormats) {
    lines.push({
      id: item.id,
      kind: 'all_gallery',
      title: t('cart.allGallery', { format: item.format.name }),
      detail: t('cart.allGalleryPhotos', { count: item.photoCount }),
      quantity: 1,
      price: item.price,
    });
  }
  return lines;
}
