import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import { formatEventDate } from '../../lib/event-date';
import { formatMoney } from '../../lib/money';
import { StatusBadge } from './gallery-status-section';
import styles from './studio.module.css';

export const StudioGalleryRowFragment = graphql(`
  fragment StudioGalleryRow on Gallery {
    id
    url
    eventName
    eventDateString
    published
    status
    expired
    coverPhoto {
      id
      urls {
        thumbnail
      }
    }
    stats {
      photoCount
      favoritePhotoCount
      orderCount
      visits
      revenue {
        amount
        currency
      }
    }
  }
`);

/** GalleryRow is one gallery of the studio's list: cover, title, date, status (draft, published, archived, expired) and figures (visits among them). */
export function GalleryRow({ gallery }: { gallery: FragmentType<typeof StudioGalleryRowFragment> }) {
  const { t, i18n } = useTranslation();
  const g = getFragmentData(StudioGalleryRowFragment, gallery);
  const figures: [string, string][] = [
    [t('studio.colPhotos'), String(g.stats.photoCount)],
    [t('studioSettings.colVisits'), String(g.stats.visits)],
    [t('studio.colFavorites'), String(g.stats.favoritePhotoCount)],
    [t('studio.colOrders'), String(g.stats.orderCount)],
    [t('studio.colRevenue'), formatMoney(g.stats.revenue, i18n.language)],
  ];
  return (
    <li className={styles.row}>
      {g.coverPhoto ? (
        <img className={styles.cover} src={g.coverPhoto.urls.thumbnail} alt="" loading="lazy" />
      ) : (
        <div className={styles.cover}>{t('studio.noCover')}</div>
      )}
      <div>
        <h2 className={styles.rowTitle}>
          <Link to={`/studio/galeries/${g.id}`}>{g.eventName}</Link>
          <StatusBadge status={g.status} expired={g.expired} />
        </h2>
        <p className={styles.muted}>
          {g.eventDateString ? formatEventDate(g.eventDateString, i18n.language) : t('studio.noDate')} · /{g.url}
        </p>
        <dl className={styles.figures}>
          {figures.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </li>
  );
}
