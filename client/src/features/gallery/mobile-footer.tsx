import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { CartCountBadge, cartLinkLabel } from '../../components/cart/cart-count-badge';
import { useCartCount } from '../../lib/cart/use-cart';
import { useHomeSections } from './use-home-sections';
import styles from './mobile-footer.module.css';

const icons = {
  photos: 'M4 6.5A2.5 2.5 0 0 1 6.5 4h11A2.5 2.5 0 0 1 20 6.5v11a2.5 2.5 0 0 1-2.5 2.5h-11A2.5 2.5 0 0 1 4 17.5zM4 16l4.5-4.5 4 4 2.5-2.5L20 18',
  shop: 'M5 8h14l-1 12H6zM9 8V6.5a3 3 0 0 1 6 0V8',
  cart: 'M3 4h2l2.2 10.2a2 2 0 0 0 2 1.6h7.6a2 2 0 0 0 2-1.5L20.5 8H6.2',
  contact: 'M3 7.5A2.5 2.5 0 0 1 5.5 5h13A2.5 2.5 0 0 1 21 7.5v9a2.5 2.5 0 0 1-2.5 2.5h-13A2.5 2.5 0 0 1 3 16.5zM4 7l8 6 8-6',
};

/** MobileFooter is the bottom navigation bar shown on phones; the cart item shows its item count. */
export function MobileFooter({ galleryId }: { galleryId: string }) {
  const { t } = useTranslation();
  const cartCount = useCartCount(galleryId);
  // No shop entry in a gallery that sells nothing (known once the home is loaded).
  const shop = useHomeSections(galleryId)?.shop ?? true;
  const items = [
    { to: galleryPath(galleryId, 'galleryHome'), label: t('nav.photos'), icon: icons.photos, end: true },
    ...(shop ? [{ to: galleryPath(galleryId, 'galleryProducts'), label: t('nav.shop'), icon: icons.shop, end: false }] : []),
    { to: galleryPath(galleryId, 'cartContent'), label: t('nav.cart'), icon: icons.cart, end: false, count: cartCount, ariaLabel: cartLinkLabel(t, cartCount) },
    { to: galleryPath(galleryId, 'contactPhotographer'), label: t('nav.contact'), icon: icons.contact, end: false },
  ];
  return (
    <nav className={styles.footer} aria-label={t('nav.mobile')}>
      {items.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          end={item.end}
          aria-label={item.ariaLabel}
          className={({ isActive }) => (isActive ? `${styles.item} ${styles.active}` : styles.item)}
        >
          <CartCountBadge count={item.count}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d={item.icon} fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </CartCountBadge>
          <span>{item.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
