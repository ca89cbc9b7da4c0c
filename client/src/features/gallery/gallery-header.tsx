import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import { CartCountBadge, cartLinkLabel } from '../../components/cart/cart-count-badge';
import { useCartCount } from '../../lib/cart/use-cart';
import { LanguagePicker } from '../../components/ui/language-picker';
import { HeaderMenu } from './header-menu';
import { MusicPlayer } from './music-player';
import { useHomeSections } from './use-home-sections';
import styles from './gallery-header.module.css';

export const GalleryHeaderFragment = graphql(`
  fragment GalleryHeader_gallery on Gallery {
    id
    eventName
    auth {
      accessCodeAuthorized
    }
    ...MusicPlayer_gallery
  }
`);

function CartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M3 4h2l2.2 10.2a2 2 0 0 0 2 1.6h7.6a2 2 0 0 0 2-1.5L20.5 8H6.2" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="10" cy="20" r="1.4" fill="currentColor" />
      <circle cx="17" cy="20" r="1.4" fill="currentColor" />
    </svg>
  );
}

function MailIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <rect x="3" y="5" width="18" height="14" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="m4 7 8 6 8-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * GalleryHeader is the common header: the event name (wrapping on two
 * lines rather than cut), anchors to the home sections (a row of their own
 * on middle widths, the mobile footer's job on phones), contact and cart
 * (with its item count), and, once the gallery is open, a menu with
 * `actions` (account tools from other features, composed by the layout) and
 * the music switch.
 */
export function GalleryHeader({ galleryId, gallery: galleryRef, actions }: { galleryId: string; gallery: FragmentType<typeof GalleryHeaderFragment>; actions?: ReactNode }) {
  const { t } = useTranslation();
  const gallery = getFragmentData(GalleryHeaderFragment, galleryRef);
  const home = galleryPath(galleryId, 'galleryHome');
  const cartCount = useCartCount(galleryId, gallery.auth.accessCodeAuthorized);
  // Sections with nothing in them are not named (a new or small gallery).
  const filled = useHomeSections(galleryId);
  const sections = [
    { hash: '#photos', label: t('nav.photos'), shown: true },
    { hash: '#packs', label: t('nav.packs'), shown: filled?.packs ?? true },
    { hash: '#prints', label: t('nav.prints'), shown: filled?.prints ?? true },
    { hash: '#downloads', label: t('nav.downloads'), shown: filled?.downloads ?? true },
  ].filter((s) => s.shown);
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to={home} className={styles.brand}>
          {gallery.eventName}
        </Link>
        {gallery.auth.accessCodeAuthorized && (
          <nav className={styles.nav} aria-label={t('nav.main')}>
            <ul>
              {sections.map((s) => (
                <li key={s.hash}>
                  <Link to={{ pathname: home, hash: s.hash }}>
                    {s.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className={styles.tools}>
          <Link to={galleryPath(galleryId, 'contactPhotographer')} className="icon-button" aria-label={t('nav.contact')} title={t('nav.contact')}>
            <MailIcon />
          </Link>
          {gallery.auth.accessCodeAuthorized && (
            <Link to={galleryPath(galleryId, 'cartContent')} className="icon-button" aria-label={cartLinkLabel(t, cartCount)} title={cartLinkLabel(t, cartCount)}>
              <CartCountBadge count={cartCount}>
                <CartIcon />
              </CartCountBadge>
            </Link>
          )}
          {gallery.auth.accessCodeAuthorized ? (
            <HeaderMenu>
              <MusicPlayer gallery={gallery} />
              {actions}
              <LanguagePicker className={styles.menuLanguages} />
            </HeaderMenu>
          ) : (
            actions
          )}
        </div>
      </div>
    </header>
  );
}
