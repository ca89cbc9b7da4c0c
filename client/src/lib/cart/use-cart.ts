import { useQuery, useSubscription } from '@apollo/client/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { storageWorks } from '../known-galleries';
import { galleryVariables, usePreviewHash } from '../preview-hash';
import { notify } from '../notification-store';
import { CartCountQuery, CartGalleryQuery, CartUpdatedSubscription } from './cart-badge-documents';

// The server reports cartUpdated once, after the photographer's changes took
// items out, then clears it; the cache may still hold that answer when
// another screen reads the cart. Each (cart, version) is announced once.
let announced = new Set<string>();

/** forgetCartNotices lets the cartUpdated notice show again (tests). */
export function forgetCartNotices(): void {
  announced = new Set();
}

/** CartUpdateState is the part of a cart that tells whether the photographer's changes removed items. */
export interface CartUpdateState {
  id: string;
  version: number;
  cartUpdated: boolean;
}

/**
 * useCartUpdatedNotice shows the informational notice cart.cartUpdated
 * (spec §4, §8) when the server reports the cart changed, once per cart
 * version whichever screen read it.
 */
export function useCartUpdatedNotice(cart: CartUpdateState | null | undefined): void {
  const { t } = useTranslation();
  const key = cart?.cartUpdated ? `${cart.id}:${cart.version}` : undefined;
  useEffect(() => {
    if (!key || announced.has(key)) return;
    announced.add(key);
    notify({ type: 'info', message: t('cart.cartUpdated') });
  }, [key, t]);
}

function useCartGallery(galleryUrl: string) {
  const previewHash = usePreviewHash(galleryUrl);
  const { data } = useQuery(CartGalleryQuery, {
    variables: galleryVariables(galleryUrl, previewHash),
    skip: !galleryUrl,
    context: { silentErrors: true },
  });
  return data?.gallery;
}

/** useCartGalleryId returns the API id of the gallery at an address (from the cache once the layout loaded it). */
export function useCartGalleryId(galleryUrl: string): string | undefined {
  return useCartGallery(galleryUrl)?.id;
}

/**
 * badgeFetchPolicy says where the badge reads the cart from. The cart is
 * the browser's until an e-mail is confirmed, so without an e-mail it holds
 * only what this browser put in through this app: the cart answers already
 * in the cache (a cart screen's, a mutation's, or the shell's for a gallery
 * known from an earlier visit, app/gallery-shell.ts). Only with an e-mail
 * (the cart follows it from another browser) or without storage (nothing is
 * known from earlier visits) is the server asked (issue 19: the opening
 * screen in two requests).
 */
export function badgeFetchPolicy(accessEmail: string | null | undefined, storageWorks: boolean): 'cache-first' | 'cache-only' {
  return accessEmail || !storageWorks ? 'cache-first' : 'cache-only';
}

/**
 * useCartLiveUpdates keeps the cached cart of a gallery current while a
 * screen shows it: the server sends the whole cart when it changes elsewhere
 * (another tab, the photographer), and it replaces the normalised Cart that
 * the cart page and the badges read. Screens that call it at the same time
 * share one subscription (Apollo deduplicates identical operations).
 */
export function useCartLiveUpdates(galleryId: string | undefined, enabled = true): void {
  useSubscription(CartUpdatedSubscription, {
    variables: { galleryId: galleryId ?? '' },
    skip: !enabled || !galleryId,
    // The answer goes to the cache, which re-renders the screens that read the cart.
    ignoreResults: true,
    context: { silentErrors: true },
  });
}

/**
 * useCartCount returns the number of items in the visitor's cart of the
 * gallery at an address (undefined until known, or when not `enabled`),
 * and raises the cartUpdated notice when the server reports one. Every cart
 * mutation answers the same Cart, so the count follows them, and changes
 * made elsewhere arrive live (useCartLiveUpdates).
 */
export function useCartCount(galleryUrl: string, enabled = true): number | undefined {
  const gallery = useCartGallery(enabled ? galleryUrl : '');
  const galleryId = gallery?.id;
  // A preview link is read-only: it has no cart to count or follow.
  const counted = enabled && gallery?.auth.readOnly !== true;
  const { data } = useQuery(CartCountQuery, {
    variables: { galleryId: galleryId ?? '' },
    skip: !counted || !galleryId,
    fetchPolicy: badgeFetchPolicy(gallery?.auth.accessEmail, storageWorks()),
    context: { silentErrors: true },
  });
  useCartLiveUpdates(galleryId, counted);
  const cart = counted ? data?.cart : undefined;
  useCartUpdatedNotice(cart);
  return cart?.itemCount;
}
