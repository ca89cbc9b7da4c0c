import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import styles from './shop.module.css';

export const PhotoPickerFragment = graphql(`
  fragment PhotoPicker_photo on Photo {
    id
    filename
    width
    height
    dominantColor
    urls {
      thumbnail
    }
  }
`);

/** PhotoPickerProps: the photos loaded so far, which are chosen, and how to ask for more. */
export interface PhotoPickerProps {
  /** Names the grid for assistive technologies. */
  label: string;
  photos: ReadonlyArray<FragmentType<typeof PhotoPickerFragment>>;
  isSelected: (photoId: string) => boolean;
  onToggle: (photoId: string) => void;
  /** A control under a chosen photo (its quantity). */
  extra?: (photoId: string) => ReactNode;
  /** Photos that cannot be chosen now (a pack format that is full). */
  isDisabled?: (photoId: string) => boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/**
 * PhotoPicker is a grid of the gallery's photos to choose from: each photo
 * is a toggle button (aria-pressed) named by its file, with an optional
 * control under the chosen ones, and a button to load the next page.
 */
export function PhotoPicker({ label, photos, isSelected, onToggle, extra, isDisabled, hasMore, loadingMore, onLoadMore }: PhotoPickerProps) {
  const { t } = useTranslation();
  if (photos.length === 0) return <p className={styles.muted}>{t('gallery.noPhotos')}</p>;
  return (
    <div>
      <ul className={styles.picker} aria-label={label}>
        {photos.map((ref) => {
          const photo = getFragmentData(PhotoPickerFragment, ref);
          const selected = isSelected(photo.id);
          return (
            <li key={photo.id} className={styles.pickerCell} data-selected={selected ? 'true' : 'false'}>
              <button
                type="button"
                className={styles.pickerButton}
                aria-pressed={selected}
                disabled={!selected && isDisabled?.(photo.id)}
                onClick={() => onToggle(photo.id)}
              >
                <img
                  src={photo.urls.thumbnail}
                  alt={t('gallery.photoAlt', { filename: photo.filename })}
                  loading="lazy"
                  decoding="async"
                  width={photo.width || undefined}
                  height={photo.height || undefined}
                  style={{ backgroundColor: photo.dominantColor || undefined }}
                />
                {selected && (
                  <span className={styles.pickerCheck} aria-hidden="true">
                    ✓
                  </span>
                )}
              </button>
              {selected && extra?.(photo.id)}
            </li>
          );
        })}
      </ul>
      <div className={styles.more}>
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
    </div>
  );
}
