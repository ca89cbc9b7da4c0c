import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getFragmentData } from '../../gql';
import type { StudioOrderDetailFragment } from '../../gql/graphql';
import { formatDateTime, PAID_STATUSES } from './order-labels';
import { StudioOrderExtrasFragment, StudioOrderExtrasQuery, StudioPreparePrintSheetMutation, StudioPrintSheetFragment } from './printlab-documents';
import styles from './studio.module.css';

/** megabytes is a size in MB with one decimal, in the page's language. */
function megabytes(bytes: number, lang: string): string {
  return (bytes / 1_000_000).toLocaleString(lang, { maximumFractionDigits: 1 });
}

/**
 * OrderPrintLab is the print lab's sheet of a paid order's prints: prepare
 * it, follow its progress, download the ZIP. A ZIP is kept a while
 * (PRINT_SHEET_RETENTION on the server): an expired sheet says so and the
 * button prepares it again.
 */
export function OrderPrintLab({ order: o }: { order: StudioOrderDetailFragment }) {
  const { t, i18n } = useTranslation();
  const { data, refetch } = useQuery(StudioOrderExtrasQuery, { variables: { id: o.id }, fetchPolicy: 'cache-and-network' });
  const [prepare, { loading }] = useMutation(StudioPreparePrintSheetMutation);
  const [error, setError] = useState('');
  const extras = data?.order ? getFragmentData(StudioOrderExtrasFragment, data.order) : null;
  const sheets = (extras?.printSheets ?? []).map((s) => getFragmentData(StudioPrintSheetFragment, s));
  const latest = sheets[0];
  const hasPrints = o.lines.some((l) => l.kind === 'print' || l.kind === 'pack');
  if (!hasPrints || !PAID_STATUSES.includes(o.status)) return null;

  const start = async () => {
    setError('');
    try {
      const res = await prepare({ variables: { orderId: o.id } });
      const ues = res.data?.preparePrintSheet.userErrors ?? [];
      if (ues.length > 0) setError(ues[0].message || t('studio.error'));
      else await refetch();
    } catch {
      setError(t('studio.error'));
    }
  };
  const preparing = latest?.status === 'preparing';
  return (
    <section className={styles.card} aria-labelledby="order-printlab">
      <h2 id="order-printlab">{t('studioPrintlab.title')}</h2>
      <p className={styles.muted}>{t('studioPrintlab.help')}</p>
      {latest && (
        <div data-testid="print-sheet" data-status={latest.status}>
          {preparing && (
            <>
              <progress className={styles.sheetProgress} max={Math.max(1, latest.filesTotal)} value={latest.filesDone} aria-label={t('studioPrintlab.title')} />
              <p className={styles.muted} aria-live="polite">
                {t('studioPrintlab.progress', { done: latest.filesDone, total: latest.filesTotal })}
              </p>
            </>
          )}
          {latest.status === 'ready' && latest.url && (
            <p>
              <a href={latest.url} download className={styles.secondary}>
                {t('studioPrintlab.download', { size: megabytes(latest.sizeBytes, i18n.language), files: latest.filesTotal })}
              </a>{' '}
              <span className={styles.muted}>{formatDateTime(latest.createdAt, i18n.language)}</span>
            </p>
          )}
          {latest.status === 'failed' && <p className={styles.error}>{t('studioPrintlab.failed', { error: latest.error })}</p>}
          {latest.status === 'expired' && (
            <p className={styles.muted}>
              {latest.expiredAt
                ? t('studioPrintlab.expiredOn', { date: formatDateTime(latest.expiredAt as string, i18n.language) })
                : t('studioPrintlab.expired')}
            </p>
          )}
        </div>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <button type="button" className={styles.secondary} onClick={() => void start()} disabled={loading || preparing}>
        {latest?.status === 'expired' ? t('studioPrintlab.prepareAgain') : latest ? t('studioPrintlab.again') : t('studioPrintlab.prepare')}
      </button>
    </section>
  );
}

/**
 * OrderEmails lists the e-mails sent about the order. They leave through
 * jobs a moment after the change that sends them; each one recorded is
 * published on the order's topic, and the page's subscription to the order
 * (StudioOrderUpdated) brings the list.
 */
export function OrderEmails({ order: o }: { order: StudioOrderDetailFragment }) {
  const { t, i18n } = useTranslation();
  const { data } = useQuery(StudioOrderExtrasQuery, { variables: { id: o.id }, fetchPolicy: 'cache-and-network' });
  const extras = data?.order ? getFragmentData(StudioOrderExtrasFragment, data.order) : null;
  const emails = extras?.emailsSent ?? [];
  const kindLabel = (k: string) => {
    const label = t(`studioPrintlab.mail_${k}`, { defaultValue: '' });
    return label || k;
  };
  return (
    <section className={styles.card} aria-labelledby="order-emails">
      <h2 id="order-emails">{t('studioPrintlab.emails')}</h2>
      {emails.length === 0 ? (
        <p className={styles.muted}>{t('studioPrintlab.noEmails')}</p>
      ) : (
        <ul className={styles.plain} data-testid="order-emails">
          {emails.map((e, i) => (
            <li key={`${e.sentAt}-${i}`}>
              <strong>{kindLabel(e.kind)}</strong> → {e.recipient} <span className={styles.muted}>{formatDateTime(e.sentAt, i18n.language)}</span>
              <br />
              <span className={styles.muted}>{t('studioPrintlab.subject', { subject: e.subject })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
