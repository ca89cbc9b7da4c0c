import { useApolloClient, useQuery, useSubscription } from '@apollo/client/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { PageMessage } from '../../components/ui/page-message';
import { Spinner } from '../../components/ui/spinner';
import { getFragmentData } from '../../gql';
import type { OrderStatus } from '../../gql/graphql';
import { DownloadRequestFieldsFragment } from '../../lib/downloads/download-documents';
import { isFinished } from '../../lib/downloads/download-links';
import { errorCodes } from '../../lib/error-message';
import { OrderFieldsFragment, OrderQuery, OrderUpdatedSubscription } from './order-documents';
import { OrderDownloads } from './order-downloads';
import { OrderRecap } from './order-recap';
import styles from './orders.module.css';

/** ORDER_POLL_MS is how often an order still changing is read again, in case the websocket is down. */
export const ORDER_POLL_MS = 10_000;

/** OrderView is the result page an order's status shows. */
export type OrderView = 'confirmed' | 'pending' | 'failed' | 'closed';

/**
 * orderView tells which page an order shows: confirmed once paid (then in
 * production, sent or ready for pickup), pending while the payment is awaited or validated
 * by the bank, failed after a payment error (or when the buyer abandoned at
 * the provider, result=cancel, while the order still awaits payment), closed
 * when expired, cancelled or refunded.
 */
export function orderView(status: OrderStatus, abandoned: boolean): OrderView {
  switch (status) {
    case 'validated':
    case 'in_production':
    case 'sent':
    case 'ready_for_pickup':
      return 'confirmed';
    case 'awaiting_payment':
      return abandoned ? 'failed' : 'pending';
    case 'awaiting_validation':
      return 'pending';
    case 'payment_error':
      return 'failed';
    default:
      return 'closed';
  }
}

/**
 * PaymentReturnPage is where the buyer lands after paying
 * (paymentReturn?order=<id>, with result=cancel when they abandoned at the
 * provider): the order confirmed with its number, recap and downloads; the
 * payment awaiting validation, followed live until it settles; the payment
 * error with the way back to pay again; or an order that expired, was
 * cancelled or refunded.
 */
export function PaymentReturnPage() {
  const { galleryId: galleryUrl = '' } = useParams();
  const [params] = useSearchParams();
  const id = params.get('order')?.trim() ?? '';
  const abandoned = params.get('result') === 'cancel';
  if (!id) return <OrderNotFound galleryUrl={galleryUrl} />;
  return <OrderResult key={id} id={id} abandoned={abandoned} galleryUrl={galleryUrl} />;
}

function OrderNotFound({ galleryUrl }: { galleryUrl: string }) {
  const { t } = useTranslation();
  return (
    <PageMessage
      title={t('orders.notFoundTitle')}
      icon="?"
      actions={
        <Link className="button button-primary" to={galleryPath(galleryUrl, 'galleryHome')}>
          {t('orders.backToGallery')}
        </Link>
      }
    >
      <p>{t('orders.notFound')}</p>
    </PageMessage>
  );
}

const TITLES: Record<Exclude<OrderView, 'closed'>, string> = {
  confirmed: 'orders.confirmedTitle',
  pending: 'orders.pendingTitle',
  failed: 'orders.failedTitle',
};

const CLOSED: Partial<Record<OrderStatus, { title: string; text: string }>> = {
  expired: { title: 'orders.expiredTitle', text: 'orders.expired' },
  cancelled: { title: 'orders.cancelledTitle', text: 'orders.cancelled' },
  refunded: { title: 'orders.refundedTitle', text: 'orders.refunded' },
};

/** OrderResult reads one order and shows its page, following it while its payment or downloads are under way. */
function OrderResult({ id, abandoned, galleryUrl }: { id: string; abandoned: boolean; galleryUrl: string }) {
  const { t } = useTranslation();
  const apollo = useApolloClient();
  const { data, error, refetch, startPolling, stopPolling } = useQuery(OrderQuery, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
    context: { silentErrors: true },
  });
  const order = getFragmentData(OrderFieldsFragment, data?.order);
  const view = order ? orderView(order.status, abandoned) : undefined;
  const awaiting = order?.status === 'awaiting_payment' || order?.status === 'awaiting_validation';
  const preparing = order?.downloads.some((d) => !isFinished(getFragmentData(DownloadRequestFieldsFragment, d).status)) ?? false;

  // Live: the order's changes over the websocket (they replace the cached
  // order this page reads), and a slow poll in case the websocket is down.
  useSubscription(OrderUpdatedSubscription, { variables: { id }, skip: !awaiting, ignoreResults: true, context: { silentErrors: true } });
  const following = awaiting || preparing;
  useEffect(() => {
    if (!following) return;
    startPolling(ORDER_POLL_MS);
    return () => stopPolling();
  }, [following, startPolling, stopPolling]);

  // A paid order emptied the cart: the cart and its badges are read again.
  useEffect(() => {
    if (view !== 'confirmed') return;
    apollo.cache.evict({ id: 'ROOT_QUERY', fieldName: 'cart' });
    apollo.cache.gc();
  }, [view, apollo]);

  // A change of page while the buyer waits is announced.
  const [announcement, setAnnouncement] = useState('');
  const shown = useRef(view);
  useEffect(() => {
    if (!view || !order || shown.current === view) return;
    const first = shown.current === undefined;
    shown.current = view;
    if (first) return;
    setAnnouncement(t(view === 'closed' ? (CLOSED[order.status] ?? CLOSED.cancelled!).title : TITLES[view]));
  }, [view, order, t]);

  if (!order || !view) {
    if (error && errorCodes(error).includes('order_not_found')) return <OrderNotFound galleryUrl={galleryUrl} />;
    if (error) {
      return (
        <PageMessage
          title={t('orders.loadError')}
          tone="error"
          icon="!"
          actions={
            <button type="button" className="button button-primary" onClick={() => void refetch()}>
              {t('common.retry')}
            </button>
          }
        />
      );
    }
    return <Spinner block label={t('orders.loading')} />;
  }

  const home = galleryPath(galleryUrl, 'galleryHome');
  let content: ReactNode;
  if (view === 'confirmed') {
    content = (
      <div className={styles.page}>
        <div className={styles.hero}>
          <div className={styles.icon} aria-hidden="true">
            ✓
          </div>
          <h1 className={styles.title}>{t('orders.confirmedTitle')}</h1>
          <p className={styles.lead}>{t('orders.confirmed', { number: order.number })}</p>
          <p>{t('orders.confirmationSent', { email: order.email })}</p>
          {order.status === 'in_production' && <p>{t('orders.inProduction')}</p>}
          {order.status === 'sent' && <p>{t('orders.sent')}</p>}
          {order.status === 'ready_for_pickup' && <p>{t('orders.readyForPickup')}</p>}
          <p className={styles.muted}>{t('orders.thanks')}</p>
        </div>
        {order.downloads.length > 0 && <OrderDownloads downloads={order.downloads} />}
        <OrderRecap order={order} />
        <ConfirmedActions home={home} orderId={order.id} />
      </div>
    );
  } else if (view === 'pending') {
    content = (
      <PageMessage
        title={t('orders.pendingTitle')}
        icon="…"
        actions={
          <>
            {order.status === 'awaiting_payment' && order.canPay && order.paymentUrl && (
              <a className="button button-primary" href={order.paymentUrl}>
                {t('orders.resumePayment')}
              </a>
            )}
            <Link className="button button-outline" to={home}>
              {t('orders.backToGallery')}
            </Link>
          </>
        }
      >
        <p>{t('orders.pending', { number: order.number })}</p>
        <Spinner label={t('orders.pendingTitle')} />
        <p>{t('orders.pendingLive')}</p>
      </PageMessage>
    );
  } else if (view === 'failed') {
    content = (
      <PageMessage
        title={t('orders.failedTitle')}
        tone="error"
        icon="!"
        actions={
          <>
            <Link className="button button-primary" to={galleryPath(galleryUrl, 'cartValidation')}>
              {t('orders.retry')}
            </Link>
            <Link className="button button-outline" to={galleryPath(galleryUrl, 'cartContent')}>
              {t('orders.backToCart')}
            </Link>
          </>
        }
      >
        <p>{t('orders.failed', { number: order.number })}</p>
        <p>{t('orders.failedAdvice')}</p>
      </PageMessage>
    );
  } else {
    const closed = CLOSED[order.status] ?? CLOSED.cancelled!;
    content = (
      <PageMessage
        title={t(closed.title)}
        icon="×"
        actions={
          <>
            <Link className="button button-primary" to={home}>
              {t('orders.backToGallery')}
            </Link>
            <Link className="button button-outline" to={galleryPath(galleryUrl, 'contactPhotographer')}>
              {t('orders.contact')}
            </Link>
          </>
        }
      >
        <p>{t(closed.text, { number: order.number })}</p>
      </PageMessage>
    );
  }

  // The status line stays in place from one page to the next, so that the change is read out.
  return (
    <>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {content}
    </>
  );
}

/** ConfirmedActions: back to the gallery, and the paid order's invoice (GET /api/orders/{id}/invoice.pdf, the order's access rules). */
function ConfirmedActions({ home, orderId }: { home: string; orderId: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.actions}>
      <Link className="button button-primary" to={home}>
        {t('orders.backToGallery')}
      </Link>
      <a className="button button-outline" href={`/api/orders/${encodeURIComponent(orderId)}/invoice.pdf`} download>
        {t('orders.invoice')}
      </a>
    </div>
  );
}
