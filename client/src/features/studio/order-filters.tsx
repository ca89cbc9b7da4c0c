import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import type { OrderDelivery, OrderPaymentMethod, OrderStatus } from '../../gql/graphql';
import { ORDER_STATUSES, statusLabel } from './order-labels';
import { StudioOrdersGalleriesQuery } from './orders-documents';
import styles from './studio.module.css';

/** OrderFilterState is what the list's filters hold, as typed ("" is no filter). */
export interface OrderFilterState {
  search: string;
  status: string;
  galleryId: string;
  from: string;
  to: string;
  method: string;
  delivery: string;
}

/** emptyFilters filters nothing. */
export const emptyFilters: OrderFilterState = { search: '', status: '', galleryId: '', from: '', to: '', method: '', delivery: '' };

/** dayStart is a date field's day (YYYY-MM-DD) at midnight in the browser's time zone, as the API's Time. */
function dayStart(day: string, plus = 0): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + plus).toISOString();
}

/** filterVariables turns the filters into the orders query's arguments; "to" includes its whole day. */
export function filterVariables(f: OrderFilterState) {
  return {
    search: f.search || null,
    status: f.status ? [f.status as OrderStatus] : null,
    galleryId: f.galleryId || null,
    from: f.from ? dayStart(f.from) : null,
    to: f.to ? dayStart(f.to, 1) : null,
    paymentMethod: f.method ? [f.method as OrderPaymentMethod] : null,
    delivery: f.delivery ? [f.delivery as OrderDelivery] : null,
  };
}

/** OrderFilters is the list's toolbar: search, status, gallery, dates, payment method and delivery. */
export function OrderFilters({ value, onChange }: { value: OrderFilterState; onChange: (next: OrderFilterState) => void }) {
  const { t } = useTranslation();
  const galleries = useQuery(StudioOrdersGalleriesQuery, { fetchPolicy: 'cache-first' });
  const set = (key: keyof OrderFilterState) => (e: { target: { value: string } }) => onChange({ ...value, [key]: e.target.value });
  return (
    <form className={styles.toolbar} role="search" aria-label={t('studioOrders.filters')} onSubmit={(e) => e.preventDefault()}>
      <label>
        {t('studioOrders.search')}
        <input type="search" value={value.search} onChange={set('search')} />
      </label>
      <label>
        {t('studioOrders.status')}
        <select value={value.status} onChange={set('status')}>
          <option value="">{t('studioOrders.allStatuses')}</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s, t)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('studioOrders.gallery')}
        <select value={value.galleryId} onChange={set('galleryId')}>
          <option value="">{t('studioOrders.allGalleries')}</option>
          {galleries.data?.studioGalleries.edges?.map(
            (e) =>
              e?.node && (
                <option key={e.node.id} value={e.node.id}>
                  {e.node.eventName}
                </option>
              ),
          )}
        </select>
      </label>
      <label>
        {t('studioOrders.from')}
        <input type="date" value={value.from} onChange={set('from')} />
      </label>
      <label>
        {t('studioOrders.to')}
        <input type="date" value={value.to} onChange={set('to')} />
      </label>
      <label>
        {t('studioOrders.method')}
        <select value={value.method} onChange={set('method')}>
          <option value="">{t('studioOrders.allMethods')}</option>
          <option value="card">{t('studioOrders.methodCard')}</option>
          <option value="bancontact">{t('studioOrders.methodBancontact')}</option>
          <option value="none">{t('studioOrders.methodNone')}</option>
        </select>
      </label>
      <label>
        {t('studioOrders.delivery')}
        <select value={value.delivery} onChange={set('delivery')}>
          <option value="">{t('studioOrders.allDeliveries')}</option>
          <option value="shipping">{t('studioOrders.deliveryShipping')}</option>
          <option value="pickup">{t('studioOrders.deliveryPickup')}</option>
          <option value="digital">{t('studioOrders.deliveryDigital')}</option>
        </select>
      </label>
      <button type="button" className={styles.secondary} onClick={() => onChange(emptyFilters)}>
        {t('studioOrders.clearFilters')}
      </button>
    </form>
  );
}
