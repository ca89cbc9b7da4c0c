import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { parsePreviewParams } from '../../lib/preview-params';
import { GalleryHomePage } from './gallery-home-page';
import styles from './preview-page.module.css';

/**
 * PreviewPage is the preview route: the gallery home as the gallery's
 * clients see it, with the address's display settings (photos layout, sale
 * emphasis, lighter homepage) in place of the saved ones, under a small
 * « Aperçu » badge. The layout applies the colours, gap, theme and variant;
 * the previewHash opens the gallery (see lib/preview-hash.ts).
 */
export function PreviewPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const display = useMemo(() => {
    const { photosLayout, hideSaleEmphasis, lightenHomepage } = parsePreviewParams(search);
    return { photosLayout, hideSaleEmphasis, lightenHomepage };
  }, [search]);
  return (
    <>
      <p className={styles.badge} role="note" title={t('preview.bannerHint')}>
        <span aria-hidden="true" className={styles.dot} />
        {t('preview.banner')}
      </p>
      <GalleryHomePage display={display} />
    </>
  );
}
