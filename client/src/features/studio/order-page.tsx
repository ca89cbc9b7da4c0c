import { useQuery, useSubscription } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AddressBlock, AddressBlockFragment } from '../../components/cart/address-block';
import { TotalsList, type TotalRow } from '../../components/cart/totals-list';
import { OrderTotalsFragment, hasPrintLines, orderTotalRows } from '../../components/orders/order-totals';
import { Spinner } from '../../components/ui/spinner';
import { getFragmentData } from '../../gql';
import type { StudioOrderDetailFragment } from '../../gql/graphql';
import { formatMoney } from '../../lib/money';
import { OrderActions } from './order-actions';
import { OrderPayments, OrderTimeline } from './order-history';
import { formatDateTime, statusLabel } from './order-labels';
import { OrderLines } from './order-lines';
import { OrderEmails, OrderPrintLab } from './order-printlab';
import { StudioOrderDetailFragment as DetailFragment, StudioOrderQuery, StudioOrderUpdatedSubscription } from './orders-documents';
import styles from './studio.module.css';

/** OrderTotals shows what an order cost (as the guest's recap does), what went back, and what may still go back. */
function OrderTotals({ order: o }: { order: StudioOrderDetailFragment }) {
  const { t, i18n } = useTranslation();
  const totals = getFragmentData(OrderTotalsFragment, o.totals);
  const rows: TotalRow[] = [
    ...orderTotalRows(totals, t, i18n.language, { pickup: o.deliveryOption === 'pickup', hasPrints: hasPrintLines(o.lines), totalLabel: t('studioOrders.total') }),
    { key: 'refunded', label: t('studioOrders.refunded'), value: formatMoney(o.refunded, i18n.language) },
    { key: 'refundable', label: t('studioOrders.refundable'), value: formatMoney(o.refundable, i18n.language) },
  ];
  return (
    <section className={styles.card} aria-labelledby="order-totals">
      <h2 id="order-totals">{t('studioOrders.totals')}</h2>
      <TotalsList rows={rows} />
    </section>
  );
}

/** OrderPage is /studio/commandes/:id: an order's lines, addresses, money, history and actions, kept live. */
export function OrderPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(StudioOrderQuery, { variables: { id }, fetchPolicy: 'cache-and-network' });
  // The cache entry follows the order's changes (a refund reaching the provider...).
  useSubscription(StudioOrderUpdatedSubscription, { variables: { id }, context: { silentErrors: true }, skip: !data?.order });
  if (loading && !data) return <Spinner label={t('common.loading')} block />;
  const back = (
    <Link to="/studio/commandes" className={styles.backLink}>
      ← {t('studioOrders.back')}
    </Link>
  );
  if (!data?.order) {
    return (
      <>
        {back}
        <p className={styles.error}>{error ? t('studioOrders.notFound') : t('studio.error')}</p>
      </>
    );
  }
  const o = getFragmentData(DetailFragment, data.order);
  return (
    <>
      {back}
      <div className={styles.pageHead}>
        <h1>{t('studioOrders.orderTitle', { number: o.number })}</h1>
        <span className={`${styles.badge} ${styles[`status_${o.status}`] ?? ''}`} data-testid="order-status">
          {statusLabel(o.status, t)}
        </span>
      </div>
      <p className={styles.muted}>
        {t('studioOrders.placedOn', { date: formatDateTime(o.createdAt, i18n.language), gallery: o.gallery.eventName })} · {o.email}
      </p>
      <div className={styles.orderGrid}>
        <div>
          <section className={styles.card} aria-labelledby="order-lines">
            <h2 id="order-lines">{t('studioOrders.lines')}</h2>
            <OrderLines lines={o.lines} />
          </section>
          <section className={styles.card} aria-labelledby="order-addresses">
            <h2 id="order-addresses">{t('studioOrders.addresses')}</h2>
            <div className={styles.addresses}>
              <div>
                <h3>{t('studioOrders.billing')}</h3>
                <AddressBlock address={getFragmentData(AddressBlockFragment, o.billingAddress)} />
              </div>
              <div>
                <h3>{t('studioOrders.shipping')}</h3>
                {o.shippingAddress ? (
                  <AddressBlock address={getFragmentData(AddressBlockFragment, o.shippingAddress)} />
                ) : o.deliveryOption === 'pickup' ? (
                  <p>{t('studioOrders.pickupAt', { address: o.pickupAddress })}</p>
                ) : (
                  <p>{t('studioOrders.digitalOnly')}</p>
                )}
              </div>
            </div>
          </section>
          <OrderPrintLab order={o} />
          <OrderTimeline order={o} />
        </div>
        <div>
          <OrderActions order={o} />
          <OrderTotals order={o} />
          <OrderPayments order={o} />
          <OrderEmails order={o} />
        </div>
      </div>
    </>
  );
}
