import { useTranslation } from 'react-i18next';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import { formatMoney, type MoneyLike } from '../../lib/money';
import styles from './cart-totals.module.css';
import { TotalsList } from './totals-list';

export const CartTotalsFragment = graphql(`
  fragment CartTotals_cart on Cart {
    id
    needsDelivery
    deliveryOption
    shippingCountry
    clientData {
      deliveryOption
    }
    vouchers {
      code
      kind
      applied
    }
    discount {
      source
      code
      percent
      freeShipping
      amount {
        amount
        currency
      }
    }
    totals {
      merchandise {
        amount
        currency
      }
      discount {
        amount
        currency
      }
      shippingBeforeDiscount {
        amount
        currency
      }
      shipping {
        amount
        currency
      }
      totalBeforeGiftCards {
        amount
        currency
      }
      giftCards {
        amount
        currency
      }
      total {
        amount
        currency
      }
      vat {
        ratePercent
        base {
          amount
          currency
        }
        amount {
          amount
          currency
        }
      }
    }
  }
`);

/** isZero tells a zero amount ("0", "0.00"). */
export function isZero(money: MoneyLike): boolean {
  return Number(money.amount) === 0;
}

/** countryName names an ISO country code in the language, or returns the code. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** withoutShipping is a total less its delivery, in whole cents, never under zero. */
export function withoutShipping(total: MoneyLike, shipping: MoneyLike): MoneyLike {
  const cents = Math.max(0, Math.round(Number(total.amount) * 100) - Math.round(Number(shipping.amount) * 100));
  return { amount: (cents / 100).toFixed(2), currency: total.currency };
}

/**
 * CartTotals is the summary block: subtotal, the discount (automatic or a
 * code), delivery (with what a free-shipping code took off, and the code's
 * name: its free shipping applies beside the automatic discount), gift cards,
 * the total left to pay and the VAT it contains.
 */
export function CartTotals({ cart: cartRef }: { cart: FragmentType<typeof CartTotalsFragment> }) {
  const { t, i18n } = useTranslation();
  const cart = getFragmentData(CartTotalsFragment, cartRef);
  const { totals, discount } = cart;
  const money = (m: MoneyLike) => formatMoney(m, i18n.language);
  const minus = (m: MoneyLike) => t('cart.minus', { amount: money(m) });

  let discountLabel = t('cart.discount');
  if (discount?.source === 'automatic') {
    discountLabel = discount.percent > 0 ? t('cart.discountAutomaticPercent', { percent: discount.percent }) : t('cart.discountAutomatic');
  } else if (discount?.source === 'code') {
    discountLabel = discount.percent > 0 ? t('cart.discountCodePercent', { code: discount.code ?? '', percent: discount.percent }) : t('cart.discountCode', { code: discount.code ?? '' });
  }
  const pickup = cart.deliveryOption === 'pickup';
  const country = countryName(cart.shippingCountry, i18n.language);
  // A code's free shipping applies beside the automatic discount: name the
  // code on the delivery line, since the discount line names the other one.
  const freeShippingCode = discount?.freeShipping
    ? discount.source === 'code'
      ? discount.code
      : cart.vouchers.find((v) => v.kind === 'discount_code' && v.applied)?.code
    : undefined;
  let shippingLabel = t('cart.shippingTo', { country });
  if (pickup) shippingLabel = t('cart.pickup');
  else if (freeShippingCode) shippingLabel = t('cart.shippingFreeByCode', { country, code: freeShippingCode });
  const freeShipping = isZero(totals.shipping);
  // Before an address or a pickup is chosen the delivery has no price yet
  // (the server prices a default country): it is said to come next, and the
  // total leaves it out.
  const deliveryUnknown = cart.needsDelivery && !cart.clientData;
  const total = deliveryUnknown ? withoutShipping(totals.total, totals.shipping) : totals.total;
  const rate = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(totals.vat.ratePercent);

  const shippingValue = (
    <>
      {!isZero(totals.shippingBeforeDiscount) && totals.shippingBeforeDiscount.amount !== totals.shipping.amount && (
        <>
          <s className={styles.struck}>{money(totals.shippingBeforeDiscount)}</s>{' '}
        </>
      )}
      {freeShipping ? t('cart.shippingFree') : money(totals.shipping)}
    </>
  );
  return (
    <TotalsList
      label={t('cart.totalsTitle')}
      rows={[
        { key: 'subtotal', label: t('cart.subtotal'), value: money(totals.merchandise) },
        !isZero(totals.discount) && { key: 'discount', label: discountLabel, value: minus(totals.discount), tone: 'saving' },
        deliveryUnknown && { key: 'shipping', label: t('cart.shipping'), value: t('cart.shippingNextStep'), words: true },
        cart.needsDelivery && !deliveryUnknown && { key: 'shipping', label: shippingLabel, value: shippingValue },
        !isZero(totals.giftCards) && { key: 'giftCards', label: t('cart.giftCards'), value: minus(totals.giftCards), tone: 'saving' },
        { key: 'total', label: deliveryUnknown ? t('cart.totalBeforeShipping') : t('cart.total'), value: money(total), tone: 'total' },
        // The VAT the server gives includes the delivery's: said once it is priced.
        !deliveryUnknown && { key: 'vat', label: t('cart.vatIncluded', { rate }), value: money(totals.vat.amount), tone: 'vat' },
      ]}
    />
  );
}
