import { useQuery, useSubscription } from '@apollo/client/react';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { getFragmentData } from '../../gql';
import { formatMoney } from '../../lib/money';
import { notify } from '../../lib/notification-store';
import { OrderFilters, emptyFilters, filterVariables, type OrderFilterState } from './order-filters';
import { OrderRow } from './order-row';
import { StudioOrderEventsSubscription, StudioOrderRowFragment, StudioOrdersQuery } from './orders-documents';
import styles from './studio.module.css';

// The states of an order just placed or just paid.
const FRESH = new Set(['awaiting_payment', 'awaiting_validation', 'validated']);

/**
 * OrdersPage is /studio/commandes: the photographer's orders, filtered,
 * searched and paged, with what they add up to. It follows the studio's
 * live feed: an order placed or paid elsewhere shows up at once, with a
 * notice (« Nouvelle commande n° … »).
 */
export function OrdersPage() {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<OrderFilterState>(emptyFilters);
  const [pages, setPages] = useState<(string | null)[]>([null]);
  const search = useDeferredValue(filters.search.trim());
  const after = pages[pages.length - 1];
  const { data, loading, error, refetch } = useQuery(StudioOrdersQuery, {
    variables: { ...filterVariables({ ...filters, search }), after },
    fetchPolicy: 'cache-and-network',
  });
  // The states seen, to tell a new order from a paid one in the feed: each
  // page's orders as they are shown, then as the feed tells.
  const seen = useRef(new Map<string, string>());
  useEffect(() => {
    for (const e of data?.orders.edges ?? []) {
      const row = e?.node && getFragmentData(StudioOrderRowFragment, e.node);
      if (row && !seen.current.has(row.id)) seen.current.set(row.id, row.status);
    }
  }, [data]);
  useSubscription(StudioOrderEventsSubscription, {
    context: { silentErrors: true },
    onData: ({ data: event }) => {
      const o = event.data?.studioOrderEvents;
      if (!o) return;
      const row = getFragmentData(StudioOrderRowFragment, o);
      const before = seen.current.get(row.id);
      seen.current.set(row.id, row.status);
      // Not seen yet and placed or paid just now: a new order (another
      // page's order that is sent or refunded is not announced).
      if (before === undefined && FRESH.has(row.status)) notify({ type: 'info', message: t('studioOrders.newOrder', { number: row.number }) });
      else if (before !== undefined && before !== row.status && row.status === 'validated')
        notify({ type: 'success', message: t('studioOrders.paidOrder', { number: row.number }) });
      void refetch();
    },
  });
  const change = (next: OrderFilterState) => {
    setFilters(next);
    setPages([null]);
  };
  const edges = data?.orders.edges ?? [];
  const summary = data?.studioOrderSummary;
  return (
    <>
      <div className={styles.pageHead}>
        <h1>{t('studioOrders.title')}</h1>
      </div>
      <OrderFilters value={filters} onChange={change} />
      {summary && (
        <p className={styles.summary} aria-live="polite">
          {t('studioOrders.summary', {
            count: summary.count,
            paid: formatMoney(summary.paid, i18n.language),
            refunded: formatMoney(summary.refunded, i18n.language),
          })}
        </p>
      )}
      {loading && !data && <Spinner label={t('common.loading')} block />}
      {error && !data && <p className={styles.error}>{t('studio.error')}</p>}
      {data && edges.length === 0 && <p className={styles.muted}>{t('studioOrders.empty')}</p>}
      {edges.length > 0 && (
        <ul className={styles.orderList} aria-label={t('studioOrders.title')}>
          {edges.map((e) => e?.node && <OrderRow key={e.node.id} order={e.node} />)}
        </ul>
      )}
      <div className={styles.actions}>
        {pages.length > 1 && (
          <button type="button" className={styles.secondary} onClick={() => setPages(pages.slice(0, -1))}>
            {t('studioOrders.previous')}
          </button>
        )}
        {data?.orders.pageInfo.hasNextPage && (
          <button type="button" className={styles.secondary} onClick={() => setPages([...pages, data.orders.pageInfo.endCursor ?? null])}>
            {t('studioOrders.next')}
          </button>
        )}
      </div>
    </>
  );
}
