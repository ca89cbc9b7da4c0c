import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { galleryPath } from '../../app/route-table';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import { formatEventDate } from '../../lib/event-date';
import styles from './access-gate.module.css';

export const AccessGateFragment = graphql(`
  fragment AccessGate_gallery on Gallery {
    id
    eventName
    eventDateString
  }
`);

/** AccessGate replaces a protected screen until the visitor's access code is accepted. */
export function AccessGate({ galleryId, gallery: galleryRef, showEvent = true }: { galleryId: string; gallery: FragmentType<typeof AccessGateFragment>; showEvent?: boolean }) {
  const { t, i18n } = useTranslation();
  const gallery = getFragmentData(AccessGateFragment, galleryRef);
  const date = formatEventDate(gallery.eventDateString, i18n.language);
  return (
    <section className={styles.gate} aria-labelledby="access-title">
      {showEvent && (
        <p className={styles.event}>
          {gallery.eventName}
          {date && <span className={styles.date}> · {date}</span>}
        </p>
      )}
      <div className={styles.lock} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28">
          <rect x="5" y="10.5" width="14" height="10" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </div>
      <h1 id="access-title" className={styles.title}>
        {t('gallery.accessTitle')}
      </h1>
      <p className={styles.message}>{t('gallery.accessMessage')}</p>
      <Link className="button button-primary" to={galleryPath(galleryId, 'galleryAccess')}>
        {t('gallery.accessLink')}
      </Link>
    </section>
  );
}
