import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { CartCountBadge, cartLinkLabel } from '../../components/cart/cart-count-badge';
import { useCartCount } from '../../lib/cart/use-cart';
import styles from './shop.module.css';

/**
 * ShopTopBar stands for the common header on the screens that hide it
 * (customization, pack configuration): a way back, and the cart with its
 * item count.
 */
export function ShopTopBar({ galleryUrl, back }: { galleryUrl: string; back: { to: string; label: string } }) {
  const { t } = useTranslation();
  const count = useCartCount(galleryUrl);
  const label = cartLinkLabel(t, count);
  return (
    <div className={styles.topBar}>
      <Link to={back.to} className={styles.back}>
        <span aria-hidden="true">←</span> {back.label}
      </Link>
      <Link to={galleryPath(galleryUrl, 'cartContent')} className="icon-button" aria-label={label} title={label}>
        <CartCountBadge count={count}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M3 4h2l2.2 10.2a2 2 0 0 0 2 1.6h7.6a2 2 0 0 0 2-1.5L20.5 8H6.2" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
            <circle cx="10" cy="20" r="1.4" fill="currentColor" />
            <circle cx="17" cy="20" r="1.4" fill="currentColor" />
          </svg>
        </CartCountBadge>
      </Link>
    </div>
  );
}

/** BackLink is the way back at the top of a shop screen that has the common header. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className={styles.back}>
      <span aria-hidden="true">←</span> {label}
    </Link>
  );
}
