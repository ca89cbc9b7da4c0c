// The studio's orders screens' shared wording and formats.
import type { TFunction } from 'i18next';
import { intlLocale } from '../../lib/locale';

/** ORDER_STATUSES are the order states, in the order the filter lists them. */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'awaiting_validation',
  'validated',
  'in_production',
  'sent',
  'ready_for_pickup',
  'payment_error',
  'expired',
  'cancelled',
  'refunded',
] as const;

/** PAID_STATUSES are the states of a paid order neither cancelled nor refunded in full. */
export const PAID_STATUSES: readonly string[] = ['validated', 'in_production', 'sent', 'ready_for_pickup'];

/** statusLabel names an order state in the interface's language. */
export function statusLabel(status: string, t: TFunction): string {
  return t(`studioOrders.s_${status}`);
}

/** methodLabel names how an order was paid. */
export function methodLabel(method: string, t: TFunction): string {
  if (method === 'bancontact') return t('studioOrders.methodBancontact');
  if (method === 'none') return t('studioOrders.methodNone');
  return t('studioOrders.methodCard');
}

const dateTimes = new Map<string, Intl.DateTimeFormat>();

/** formatDateTime is a date and time of the API (ISO 8601) in the interface's language. */
export function formatDateTime(iso: string, language: string): string {
  const locale = intlLocale(language);
  let f = dateTimes.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    dateTimes.set(locale, f);
  }
  return f.format(new Date(iso));
}

/**
 * parseEuros reads an amount typed in French or English ("12,50", "12.5",
 * "12") as the API's Decimal ("12.50"), or null when it is not one.
 */
export function parseEuros(text: string): string | null {
  const m = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*(?:€)?\s*$/.exec(text);
  if (!m) return null;
  return `${m[1]}.${(m[2] ?? '').padEnd(2, '0')}`;
}
