import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { formatMoney } from '../../lib/money';
import { StudioVoucherLedgerQuery } from './codes-documents';
import css from './codes.module.css';
import styles from './studio.module.css';

/** CodeLedger is a voucher's ledger: each order's debit and each give-back (cancel, expiry, refund), and a gift card's balance. */
export function CodeLedger({ voucherId, giftCard }: { voucherId: string; giftCard: boolean }) {
  const { t, i18n } = useTranslation();
  const { data, loading, error } = useQuery(StudioVoucherLedgerQuery, { variables: { voucherId }, fetchPolicy: 'cache-and-network' });
  if (loading && !data) return <Spinner label={t('common.loading')} />;
  if (error || !data) return <p className={styles.error}>{t('studio.error')}</p>;
  const l = data.studioVoucherLedger;
  const money = (m: { amount: string; currency: string }) => formatMoney(m, i18n.language);
  const date = (at: string) => new Date(at).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <div className={css.ledger}>
      {giftCard && (
        <p className={css.ledgerTotals}>
          {t('studioCodes.ledgerTotals', { amount: money(l.amount), spent: money(l.spent), back: money(l.givenBack), balance: money(l.balance) })}
        </p>
      )}
      {l.entries.length === 0 ? (
        <p className={styles.muted}>{t('studioCodes.ledgerEmpty')}</p>
      ) : (
        <ul className={css.ledgerList} aria-label={t('studioCodes.ledger')}>
          {l.entries.map((e, i) => (
            <li key={i}>
              <span>{date(e.at as string)}</span>
              <span>
                {e.orderId ? <Link to={`/studio/commandes/${e.orderId}`}>{t('studioCodes.orderNumber', { number: e.orderNumber })}</Link> : '—'}
              </span>
              <span className={css.ledgerEmail}>{e.email}</span>
              <strong className={e.reason === 'release' ? css.credit : css.debit}>
                {e.reason === 'release' ? t('studioCodes.givenBack', { amount: money(e.amount) }) : t('studioCodes.spent', { amount: money(e.amount) })}
              </strong>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
