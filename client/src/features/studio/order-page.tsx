import { useQuery, useSubscription } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { getFragmentData } from '../../gql';
import type { StudioOrderDetailFragment } from '../../gql/graphql';
import { formatMoney } from '../../lib/money';
import { OrderActions } from './order-actions';
import { OrderPayments, OrderTimeline } from './order-history';
import { formatDateTime, statusLabel } from './order-labels';
import { OrderLines } from './order-lines';
import { StudioOrderDetailFragment as DetailFragment, StudioOrderQuery, StudioOrderUpdatedSubscription } from './orders-documents';
import styles from './studio.module.css';

type Address = StudioOrderDetailFragment['billingAddress'];

function AddressBlock({ a }: { a: Address | Omit<Address, 'phoneNumber'> }) {
  return (
    <address className={styles.address}>
      {`${a.title} ${a.firstname} ${a.lastname}`.trim()}
      <br />
      {a.address}
      {a.address2 && (
        <>
          <br />
          {a.address2}
        </>
      )}
      <br />
      {a.postalCode} {a.city} ({a.country})
      {'phoneNumber' in a && a.phoneNumber && (
        <>
          <br />
          {a.phoneNumber}
        </>
      )}
    </address>
  );
}

/** OrderTotals shows what an order cost, what went back, and what may still go back. */
function OrderTotals({ order: o }: { order: StudioOrderDetailFragment }) {
  const { t, i18n } = useTranslation();
  const money = (m: { amount: string; currency: string }) => formatMoney(m, i18n.language);
  const rows: [string, string][] = [[t('studioOrders.merchandise'), money(o.totals.merchandise)]];
  if (Number(o.totals.discount.amount) > 0)
    rows.push([
      o.totals.discountCode ? t('studioOrders.discountCode', { code: o.totals.discountCode }) : t('studioOrders.discount'),
      `− ${money(o.totals.discount)}`,
    ]);
  rows.push([t('studioOrders.shippingCost'), money(o.totals.shipping)]);
  if (Number(o.totals.giftCards.amount) > 0) rows.push([t('studioOrders.giftCards'), `− ${money(o.totals.giftCards)}`]);
  rows.push([t('studioOrders.total'), money(o.totals.total)], [t('studioOrders.vat'), money(o.totals.vat)]);
  rows.push([t('studioOrders.refunded'), money(o.refunded)], [t('studioOrders.refundable'), money(o.refundable)]);
  return (
    <section className={styles.card} aria-labelledby="order-totals">
      <h2 id="order-totals">{t('studioOrders.totals')}</h2>
      <dl className={styles.totals}>
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
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
                <AddressBlock a={o.billingAddress} />
              </div>
              <div>
                <h3>{t('studioOrders.shipping')}</h3>
                {o.shippingAddress ? (
                  <AddressBlock a={o.shippingAddress} />
                ) : o.deliveryOption === 'pickup' ? (
                  <p>{t('studioOrders.pickupAt', { address: o.pickupAddress })}</p>
                ) : (
                  <p>{t('studioOrders.digitalOnly')}</p>
                )}
              </div>
            </div>
          </section>
          <OrderTimeline order={o} />
        </div>
        <div>
          <OrderActions order={o} />
          <OrderTotals order={o} />
          <OrderPayments order={o} />
        </div>
      </div>
    </>
  );
}
