import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFavorite } from './use-favorites';
import styles from './selections.module.css';

/**
 * FavoriteButton is the heart that puts a photo (or a video) in the
 * visitor's favourites or takes it out; aria-pressed says which.
 */
export function FavoriteButton({ galleryId, photoId, tone = 'light' }: { galleryId: string; photoId: string; tone?: 'light' | 'dark' }) {
  const { t } = useTranslation();
  const { isFavorite: on, toggle } = useFavorite(galleryId, photoId);
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    void toggle();
  };
  return (
    <button
      type="button"
      className={`${styles.heart} ${tone === 'dark' ? styles.heartDark : ''}`}
      aria-pressed={on}
      aria-label={t('selections.favorite')}
      title={on ? t('selections.removeFavorite') : t('selections.addFavorite')}
      data-favorite={on ? 'true' : 'false'}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.2 3.4 4.5 7 4.5c2 0 3.5 1.1 5 3 1.5-1.9 3-3 5-3 3.6 0 5.5 3.7 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2Z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
