import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getFragmentData, type FragmentType } from '../../gql';
import { formatMoney } from '../../lib/money';
import { formatDateTime, methodLabel, statusLabel } from './order-labels';
import { StudioOrderRowFragment } from './orders-documents';
import styles from './studio.module.css';

/** OrderRow is one order of the studio's list: number, date, buyer, gallery, status and total. */
export function OrderRow({ order }: { order: FragmentType<typeof StudioOrderRowFragment> }) {
  const { t, i18n } = useTranslation();
  const o = getFragmentData(StudioOrderRowFragment, order);
  const name = `${o.billingAddress.firstname} ${o.billingAddress.lastname}`.trim();
  const refunded = Number(o.refunded.amount) > 0;
  return (
    <li className={styles.orderRow}>
      <Link to={`/studio/commandes/${o.id}`} className={styles.orderNumber}>
        {t('studioOrders.orderTitle', { number: o.number })}
      </Link>
      <span className={styles.muted}>{formatDateTime(o.createdAt, i18n.language)}</span>
      <span className={styles.orderBuyer}>
        {name} <span className={styles.muted}>{o.email}</span>
      </span>
      <span className={styles.muted}>{o.gallery.eventName}</span>
      <span className={`${styles.badge} ${styles[`status_${o.status}`] ?? ''}`}>{statusLabel(o.status, t)}</span>
      <span className={styles.orderTotal}>
        {formatMoney(o.totals.total, i18n.language)}
        <span className={styles.muted}> · {methodLabel(o.paymentMethod, t)}</span>
        {refunded && (
          <span className={styles.muted}>
            {' '}
            · {t('studioOrders.refunded')} {formatMoney(o.refunded, i18n.language)}
          </span>
        )}
      </span>
    </li>
  );
}
