import { useSubscription } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from '../../gql';
import styles from './gallery-home.module.css';

/**
 * GalleryPhotoCountSubscription follows how many photos of the gallery the
 * viewer may see (graph/schema/studiomusic.graphql): the server counts
 * again each time one of its photos is ready, hidden or deleted.
 */
export const GalleryPhotoCountSubscription = graphql(`
  subscription GalleryPhotoCount($url: String!) {
    galleryPhotoCount(url: $url) {
      galleryId
      count
    }
  }
`);

/** newPhotos is how many more photos the server counts than the grid holds (0 when none or fewer). */
export function newPhotos(live: number | undefined, shown: number): number {
  return live === undefined ? 0 : Math.max(0, live - shown);
}

/**
 * NewPhotosNotice tells a guest who keeps the gallery open that the
 * photographer added photos: « N nouvelles photos », a button that loads
 * them (onShow reloads the grid). It listens while `enabled` (not in a
 * preview: the subscription follows the viewer's own access).
 */
export function NewPhotosNotice({ url, shown, enabled, onShow }: { url: string; shown: number; enabled: boolean; onShow: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const { data } = useSubscription(GalleryPhotoCountSubscription, { variables: { url }, skip: !enabled || !url, context: { silentErrors: true } });
  const [loading, setLoading] = useState(false);
  const count = newPhotos(data?.galleryPhotoCount.count, shown);
  if (count === 0) return null;
  const show = () => {
    setLoading(true);
    void onShow()
      .catch(() => undefined)
      .finally(() => setLoading(false));
  };
  return (
    <div className={styles.newPhotos} role="status">
      <button type="button" className="button button-primary" onClick={show} disabled={loading}>
        {t('livePhotos.newPhotos', { count })} · {t('livePhotos.show')}
      </button>
    </div>
  );
}
