import { useTranslation } from 'react-i18next';
import styles from './photo-page.module.css';

/**
 * ZoomControls are the viewer's zoom buttons, beside pinch, double tap and
 * the + - 0 keys: zoom in, zoom out, back to the whole photo. They are
 * buttons (Tab and Enter reach them), outside the photo's gesture area.
 */
export function ZoomControls({ scale, maxScale, onIn, onOut, onReset }: { scale: number; maxScale: number; onIn: () => void; onOut: () => void; onReset: () => void }) {
  const { t } = useTranslation();
  const zoomed = scale > 1.001;
  return (
    <div className={styles.zoomControls} role="group" aria-label={t('photo.zoom')}>
      <button type="button" className={styles.iconButton} onClick={onIn} disabled={scale >= maxScale - 0.001} aria-label={t('photo.zoomIn')} title={t('photo.zoomIn')}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <button type="button" className={styles.iconButton} onClick={onOut} disabled={!zoomed} aria-label={t('photo.zoomOut')} title={t('photo.zoomOut')}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <button type="button" className={styles.iconButton} onClick={onReset} disabled={!zoomed} aria-label={t('photo.zoomReset')} title={t('photo.zoomReset')}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
    </div>
  );
}
