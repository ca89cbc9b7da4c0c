import type { TFunction } from 'i18next';
import { graphql } from '../../gql';
import type { OrderTotals_TotalsFragment } from '../../gql/graphql';
import { formatMoney, type MoneyLike } from '../../lib/money';
import type { TotalRow } from '../cart/totals-list';

/**
 * OrderTotalsFragment is an order's sums as they were when it was placed:
 * the guest's order recap and the studio's order page select them alike
 * and draw them with orderTotalRows.
 */
export const OrderTotalsFragment = graphql(`
  fragment OrderTotals_totals on OrderTotals {
    merchandise {
      amount
      currency
    }
    discount {
      amount
      currency
    }
    discountCode
    shipping {
      amount
      currency
    }
    giftCards {
      amount
      currency
    }
    vat {
      amount
      currency
    }
    total {
      amount
      currency
    }
  }
`);

const isZero = (m: MoneyLike) => Number(m.amount) === 0;

/**
 * orderTotalRows are an order's sums for TotalsList: the merchandise, the
 * discount (with its code), the delivery (pickup or shipping, free when
 * nothing was charged) when the order has prints or paid one, the gift
 * cards, the total paid and the VAT it holds.
 */
export function orderTotalRows(
  totals: OrderTotals_TotalsFragment,
  t: TFunction,
  lang: string,
  { pickup, hasPrints, totalLabel }: { pickup: boolean; hasPrints: boolean; totalLabel?: string },
): TotalRow[] {
  const money = (m: MoneyLike) => formatMoney(m, lang);
  const minus = (m: MoneyLike) => t('cart.minus', { amount: money(m) });
  const rows: (TotalRow | false)[] = [
    { key: 'subtotal', label: t('cart.subtotal'), value: money(totals.merchandise) },
    !isZero(totals.discount) && {
      key: 'discount',
      label: totals.discountCode ? t('cart.discountCode', { code: totals.discountCode }) : t('cart.discount'),
      value: minus(totals.discount),
      tone: 'saving',
    },
    (hasPrints || !isZero(totals.shipping)) && {
      key: 'shipping',
      label: pickup ? t('cart.pickup') : t('orders.shipping'),
      value: isZero(totals.shipping) ? t('cart.shippingFree') : money(totals.shipping),
    },
    !isZero(totals.giftCards) && { key: 'giftCards', label: t('cart.giftCards'), value: minus(totals.giftCards), tone: 'saving' },
    { key: 'total', label: totalLabel ?? t('orders.totalPaid'), value: money(totals.total), tone: 'total' },
    { key: 'vat', label: t('orders.vatIncluded'), value: money(totals.vat), tone: 'vat' },
  ];
  return rows.filter((r): r is TotalRow => r !== false);
}

/** hasPrintLines tells whether an order holds something to print (not only digital files). */
export function hasPrintLines(lines: ReadonlyArray<{ kind: string }>): boolean {
  return lines.some((l) => l.kind !== 'digital_file' && l.kind !== 'all_gallery');
}
