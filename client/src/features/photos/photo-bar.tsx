import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import type { PhotoDownload } from './photo-download';
import styles from './photo-page.module.css';

/**
 * PhotoBar is the viewer's top bar: the photo's position, the other
 * features' controls (actions), the photo's own tools (its free download,
 * the slideshow: between the arrows at the bottom on a phone), « Commander »
 * and the close button.
 */
export function PhotoBar({
  galleryId,
  photoId,
  position,
  actions,
  download,
  slideshow,
  onClose,
}: {
  galleryId: string;
  /** The photo on screen, once its details are known. */
  photoId?: string;
  position: string;
  actions?: ReactNode;
  download?: PhotoDownload;
  slideshow?: { playing: boolean; toggle: () => void };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.bar}>
      <p className={styles.position} aria-live="polite">
        {position}
      </p>
      <div className={styles.tools}>
        {/* The other features' controls come first: some load on demand, and
            the toolbar is aligned right, so that what appears then must not
            move « Commander » under a pointer about to click it. */}
        {actions}
        <div className={styles.secondary}>
          {download && photoId && (
            <a
              className={`${styles.iconButton} ${styles.downloadIcon}`}
              href={download.url}
              download=""
              aria-label={t(download.quality === 'hd' ? 'photo.downloadHd' : 'photo.downloadWeb')}
              title={t(download.quality === 'hd' ? 'photo.downloadHd' : 'photo.downloadWeb')}
              data-quality={download.quality}
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19h14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </a>
          )}
          {slideshow && (
            <button
              type="button"
              className={`${styles.iconButton} ${slideshow.playing ? styles.playing : ''}`}
              onClick={slideshow.toggle}
              aria-pressed={slideshow.playing}
              aria-label={t(slideshow.playing ? 'photo.slideshowPause' : 'photo.slideshowStart')}
              title={t(slideshow.playing ? 'photo.slideshowPause' : 'photo.slideshowStart')}
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                {slideshow.playing ? <path d="M8 5v14M16 5v14" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" /> : <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />}
              </svg>
            </button>
          )}
        </div>
        {photoId && (
          <Link className="button button-small button-ghost-light" to={`${galleryPath(galleryId, 'galleryProducts')}?${new URLSearchParams({ photoId }).toString()}`}>
            {t('shop.order')}
          </Link>
        )}
        <button type="button" className={styles.iconButton} onClick={onClose} aria-label={t('photo.close')} title={t('photo.close')}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </div>
  );
}
