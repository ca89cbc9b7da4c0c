import { useSubscription } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { getFragmentData, type FragmentType } from '../../gql';
import { DownloadRequestFieldsFragment, DownloadRequestUpdatedSubscription } from '../../lib/downloads/download-documents';
import { isFinished } from '../../lib/downloads/download-links';
import { DownloadProgress } from '../../components/downloads/download-progress';
import { DownloadLinks } from '../../components/downloads/download-links';
import styles from './orders.module.css';
import { intlLocale } from '../../lib/locale';

/**
 * OrderDownload is one digital delivery of an order: while its archives are
 * prepared, the progress (followed live over downloadRequestUpdated, which
 * updates the cached request the page reads); once ready, one « Télécharger »
 * per archive.
 */
function OrderDownload({ download: ref }: { download: FragmentType<typeof DownloadRequestFieldsFragment> }) {
  const { t, i18n } = useTranslation();
  const request = getFragmentData(DownloadRequestFieldsFragment, ref);
  const finished = isFinished(request.status);
  // The answers go to the cache: the order's query re-renders with them.
  useSubscription(DownloadRequestUpdatedSubscription, { variables: { id: request.id }, skip: finished, ignoreResults: true, context: { silentErrors: true } });
  const title = t(request.quality === 'hd' ? 'orders.downloadHd' : 'orders.downloadWeb');
  const known = request.filesTotal > 0;
  const expires = request.status === 'ready' && request.expiresAt ? new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'long' }).format(new Date(request.expiresAt)) : undefined;

  return (
    <li className={styles.download} data-download={request.id}>
      <p className={styles.downloadTitle}>{title}</p>
      {request.status === 'ready' ? (
        <>
          <DownloadLinks links={request.links} />
          {expires && <p className={styles.muted}>{t('downloads.expires', { date: expires })}</p>}
        </>
      ) : request.status === 'failed' ? (
        <p className={styles.problem}>{t('orders.downloadFailed')}</p>
      ) : (
        <>
          <p className={styles.muted} role="status">
            {known ? t('downloads.preparing', { done: request.filesDone, count: request.filesTotal }) : t('downloads.submitted')}
          </p>
          <DownloadProgress filesDone={request.filesDone} filesTotal={request.filesTotal} />
        </>
      )}
    </li>
  );
}

/** OrderDownloads lists the digital files of an paid order: their preparation, then their links (also sent by e-mail). */
export function OrderDownloads({ downloads }: { downloads: ReadonlyArray<FragmentType<typeof DownloadRequestFieldsFragment> & { id: string }> }) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-labelledby="order-downloads-title">
      <h2 id="order-downloads-title" className={styles.sectionTitle}>
        {t('orders.downloadsTitle')}
      </h2>
      <ul className={styles.downloads}>
        {downloads.map((d) => (
          <OrderDownload key={d.id} download={d} />
        ))}
      </ul>
      <p className={styles.muted}>{t('orders.downloadsMailed')}</p>
    </section>
  );
}
