import { useTranslation } from 'react-i18next';
import type { StudioOrderDetailFragment } from '../../gql/graphql';
import { formatMoney } from '../../lib/money';
import { formatDateTime, methodLabel, statusLabel } from './order-labels';
import styles from './studio.module.css';

/** OrderPayments lists an order's payment attempts, refunds and the vouchers it used. */
export function OrderPayments({ order: o }: { order: StudioOrderDetailFragment }) {
  const { t, i18n } = useTranslation();
  const money = (m: { amount: string; currency: string }) => formatMoney(m, i18n.language);
  return (
    <section className={styles.card} aria-labelledby="order-payments">
      <h2 id="order-payments">{t('studioOrders.payments')}</h2>
      {o.payments.length === 0 && o.refunds.length === 0 && <p className={styles.muted}>{t('studioOrders.noPayments')}</p>}
      <ul className={styles.plain}>
        {o.payments.map((p) => (
          <li key={p.id}>
            {t('studioOrders.payment', { method: methodLabel(p.method, t), provider: p.provider, amount: money(p.amount) })} — {t(`studioOrders.ps_${p.status}`)}{' '}
            <span className={styles.muted}>{formatDateTime(p.createdAt, i18n.language)}</span>
          </li>
        ))}
        {o.refunds.map((r) => (
          <li key={r.id} data-testid="refund">
            {t('studioOrders.refund', { amount: money(r.amount) })} — {t(`studioOrders.rs_${r.status}`)}{' '}
            <span className={styles.muted}>{formatDateTime(r.createdAt, i18n.language)}</span>
          </li>
        ))}
      </ul>
      {o.vouchersUsed.length > 0 && (
        <>
          <h3>{t('studioOrders.vouchers')}</h3>
          <ul className={styles.plain}>
            {o.vouchersUsed.map((v) => (
              <li key={v.code}>
                {v.kind === 'gift_card'
                  ? t('studioOrders.voucherGift', { code: v.code, amount: money(v.amount) })
                  : t('studioOrders.voucherDiscount', { code: v.code })}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** OrderTimeline is an order's history: placed, paid, in production, sent or ready, refunds, and how it ended. */
export function OrderTimeline({ order: o }: { order: StudioOrderDetailFragment }) {
  const { t, i18n } = useTranslation();
  const events: { at: string; label: string }[] = [{ at: o.createdAt, label: t('studioOrders.tPlaced') }];
  if (o.paidAt) events.push({ at: o.paidAt, label: t('studioOrders.tPaid') });
  if (o.inProductionAt) events.push({ at: o.inProductionAt, label: t('studioOrders.tInProduction') });
  if (o.sentAt)
    events.push({ at: o.sentAt, label: o.trackingNumber ? t('studioOrders.tSentTracking', { tracking: o.trackingNumber }) : t('studioOrders.tSent') });
  if (o.readyAt) events.push({ at: o.readyAt, label: t('studioOrders.tReady') });
  for (const r of o.refunds) events.push({ at: r.createdAt, label: t('studioOrders.refund', { amount: formatMoney(r.amount, i18n.language) }) });
  if (o.closedAt) events.push({ at: o.closedAt, label: t('studioOrders.tClosed', { status: statusLabel(o.status, t) }) });
  else if (o.expiresAt && (o.status === 'awaiting_payment' || o.status === 'payment_error'))
    events.push({ at: o.expiresAt, label: t('studioOrders.tExpires') });
  events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return (
    <section className={styles.card} aria-labelledby="order-timeline">
      <h2 id="order-timeline">{t('studioOrders.timeline')}</h2>
      <p className={styles.muted}>{t('studioOrders.emailsNote')}</p>
      <ol className={styles.timeline}>
        {events.map((e, i) => (
          <li key={i}>
            <time dateTime={e.at}>{formatDateTime(e.at, i18n.language)}</time> — {e.label}
          </li>
        ))}
      </ol>
    </section>
  );
}
