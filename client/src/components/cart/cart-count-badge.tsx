import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import styles from './cart-count-badge.module.css';

/** cartLinkLabel names a link to the cart with its item count ("Panier (3 articles)"), or just "Panier". */
export function cartLinkLabel(t: TFunction, count: number | undefined): string {
  return count ? t('cart.linkLabel', { count }) : t('nav.cart');
}

/**
 * CartCountBadge draws the cart's item count over an icon (children). The
 * count is decoration: the link around it says it in its label.
 */
export function CartCountBadge({ count, children }: { count: number | undefined; children: ReactNode }) {
  return (
    <span className={styles.countAnchor}>
      {children}
      {count ? (
        <span className={styles.count} aria-hidden="true" data-cart-count={count}>
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </span>
  );
}
