import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FragmentType } from '../../gql';
import type { PhotosLayout } from '../../lib/preview-params';
import { Spinner } from '../../components/ui/spinner';
import { PhotoCard, type PhotoCardFragment } from './photo-card';
import styles from './photo-grid.module.css';

/** PhotoGridProps: the loaded photos and how to ask for more. */
export interface PhotoGridProps {
  galleryId: string;
  photos: ReadonlyArray<{ key: string; photo: FragmentType<typeof PhotoCardFragment> }>;
  showFilename: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** How the photos are laid out (the gallery's photos layout); justified rows by default. */
  layout?: PhotosLayout;
  /** Draws a control over each photo (by photo id). */
  photoAction?: (photoId: string) => ReactNode;
}

const LAYOUT_CLASS: Record<PhotosLayout, string> = {
  justified: styles.justified,
  grid: styles.square,
  masonry: styles.masonry,
};

/**
 * PhotoGrid lays the photos out as the gallery asks: justified rows (each
 * photo keeps its ratio, every row fills the width), a grid of square cells,
 * or masonry columns. It loads the next page when the end of the grid
 * comes near, with a button as a fallback.
 */
export function PhotoGrid({ galleryId, photos, showFilename, hasMore, loadingMore, onLoadMore, layout = 'justified', photoAction }: PhotoGridProps) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(onLoadMore);
  loadMore.current = onLoadMore;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || loadingMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadMore.current();
      },
      { rootMargin: '1200px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, photos.length]);

  if (photos.length === 0) {
    return <p className={styles.empty}>{t('gallery.noPhotos')}</p>;
  }
  return (
    <>
      <ul className={`${styles.grid} ${LAYOUT_CLASS[layout]}`} data-layout={layout}>
        {photos.map(({ key, photo }) => (
          <PhotoCard key={key} photo={photo} galleryId={galleryId} showFilename={showFilename} action={photoAction?.(key)} />
        ))}
      </ul>
      <div ref={sentinel} className={styles.more}>
        {loadingMore ? (
          <Spinner label={t('gallery.loadingMore')} />
        ) : (
          hasMore && (
            <button type="button" className="button button-outline" onClick={onLoadMore}>
              {t('gallery.loadMore')}
            </button>
          )
        )}
      </div>
    </>
  );
}
