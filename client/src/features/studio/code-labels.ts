import type { TFunction } from 'i18next';
import type { VoucherGalleryScope } from '../../gql/graphql';
import { formatMoney, type MoneyLike } from '../../lib/money';

/** VoucherSummary is what a code's description needs. */
export interface VoucherSummary {
  kind: string;
  percentOff: number;
  amountOff: MoneyLike;
  freeShipping: boolean;
  freeShippingCountries: ReadonlyArray<string>;
  giftAmount: MoneyLike;
}

/** benefit says what a code gives: « −10 % », « −5 € », « livraison offerte (BE, FR) », or a gift card's value. */
export function benefit(v: VoucherSummary, t: TFunction, language: string): string {
  if (v.kind === 'gift_card') return t('studioCodes.giftValue', { amount: formatMoney(v.giftAmount, language) });
  const parts: string[] = [];
  if (v.percentOff > 0) parts.push(t('studioCodes.percentOffValue', { percent: v.percentOff }));
  if (Number(v.amountOff.amount) > 0) parts.push(t('studioCodes.amountOffValue', { amount: formatMoney(v.amountOff, language) }));
  if (v.freeShipping)
    parts.push(
      v.freeShippingCountries.length > 0
        ? t('studioCodes.freeShippingTo', { countries: v.freeShippingCountries.join(', ') })
        : t('studioCodes.freeShippingValue'),
    );
  return parts.join(' + ');
}

/** statusLabel is a voucher status in words. */
export function statusLabel(status: string, t: TFunction): string {
  switch (status) {
    case 'active':
      return t('studioCodes.statusActive');
    case 'scheduled':
      return t('studioCodes.statusScheduled');
    case 'used_up':
      return t('studioCodes.statusUsedUp');
    case 'expired':
      return t('studioCodes.statusExpired');
    case 'disabled':
      return t('studioCodes.statusDisabled');
  }
  return status;
}

/** deletable tells a code never used (the server refuses to delete another: voucher_used). */
export function deletable(v: { kind: string; timesUsed: number; giftAmount: MoneyLike; balance: MoneyLike }): boolean {
  if (v.timesUsed > 0) return false;
  return v.kind !== 'gift_card' || v.giftAmount.amount === v.balance.amount;
}

/** lastDay is the last day a code is valid, in words: validUntil is the instant it stops (the next midnight when typed as a day). */
export function lastDay(validUntil: string, language: string): string {
  return new Date(Date.parse(validUntil) - 1).toLocaleDateString(language);
}

// The codes screen's gallery filter's values: '' (every code), a scope or
// a gallery.
const SCOPE = 'scope:';
const GALLERY = 'gallery:';

/** GALLERY_FILTER makes the gallery filter's option values. */
export const GALLERY_FILTER = {
  allGalleries: `${SCOPE}all_galleries`,
  oneGallery: `${SCOPE}one_gallery`,
  gallery: (id: string) => `${GALLERY}${id}`,
};

/**
 * galleryVariables turns the gallery filter's value into studioVouchers'
 * arguments: a scope (the codes valid in every gallery, or those limited to
 * one) or the codes limited to a given gallery.
 */
export function galleryVariables(where: string): { galleryId: string | null; galleryScope: VoucherGalleryScope | null } {
  if (where.startsWith(SCOPE)) return { galleryId: null, galleryScope: where.slice(SCOPE.length) as VoucherGalleryScope };
  if (where.startsWith(GALLERY)) return { galleryId: where.slice(GALLERY.length), galleryScope: null };
  return { galleryId: null, galleryScope: null };
}
