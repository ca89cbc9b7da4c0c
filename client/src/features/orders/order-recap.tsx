import { useTranslation } from 'react-i18next';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import { formatMoney, type MoneyLike } from '../../lib/money';
import { AddressBlock } from '../../components/cart/address-block';
import { TotalsList } from '../../components/cart/totals-list';
import styles from './orders.module.css';

export const OrderRecapFragment = graphql(`
  fragment OrderRecap_order on Order {
    id
    deliveryOption
    pickupAddress
    lines {
      id
      kind
      description
      quantity
      unitPrice {
        amount
        currency
      }
      total {
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
    billingAddress {
      title
      firstname
      lastname
      address
      address2
      postalCode
      city
      country
      phoneNumber
      vatNumber
    }
    shippingAddress {
      title
      firstname
      lastname
      address
      address2
      postalCode
      city
      country
      phoneNumber
      vatNumber
    }
  }
`);

const isZero = (m: MoneyLike) => Number(m.amount) === 0;

/**
 * OrderRecap is what was ordered, frozen when the order was placed: its
 * lines, its sums (discount, delivery, gift cards, the total paid and the
 * VAT it contains), the billing address and where the prints go (home
 * delivery or pickup at the studio).
 */
export function OrderRecap({ order: orderRef }: { order: FragmentType<typeof OrderRecapFragment> }) {
  const { t, i18n } = useTranslation();
  const order = getFragmentData(OrderRecapFragment, orderRef);
  const money = (m: MoneyLike) => formatMoney(m, i18n.language);
  const minus = (m: MoneyLike) => t('cart.minus', { amount: money(m) });
  const { totals } = order;
  const pickup = order.deliveryOption === 'pickup';
  const hasPrints = order.lines.some((l) => l.kind !== 'digital_file' && l.kind !== 'all_gallery');

  return (
    <div className={styles.recap}>
      <section aria-labelledby="order-lines-title" className={styles.card}>
        <h2 id="order-lines-title" className={styles.sectionTitle}>
          {t('orders.linesTitle')}
        </h2>
        <ul className={styles.lines}>
          {order.lines.map((line) => (
            <li key={line.id} className={styles.line}>
              <span className={styles.lineText}>
                {line.description}
                {line.quantity > 1 && <span className={styles.muted}> · {t('orders.quantity', { quantity: line.quantity, price: money(line.unitPrice) })}</span>}
              </span>
              <span className={styles.price}>{money(line.total)}</span>
            </li>
          ))}
        </ul>
        <TotalsList
          className={styles.recapTotals}
          rows={[
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
            { key: 'total', label: t('orders.totalPaid'), value: money(totals.total), tone: 'total' },
            { key: 'vat', label: t('orders.vatIncluded'), value: money(totals.vat), tone: 'vat' },
          ]}
        />
      </section>

      <section aria-labelledby="order-addresses-title" className={styles.card}>
        <h2 id="order-addresses-title" className={styles.sectionTitle}>
          {t('orders.addressesTitle')}
        </h2>
        <div className={styles.addresses}>
          <div>
            <h3 className={styles.smallTitle}>{t('checkout.billingTitle')}</h3>
            <AddressBlock address={order.billingAddress} />
          </div>
          {hasPrints && pickup && (
            <div>
              <h3 className={styles.smallTitle}>{t('checkout.pickupTitle')}</h3>
              <p className={styles.pre}>{order.pickupAddress}</p>
            </div>
          )}
          {hasPrints && !pickup && order.shippingAddress && (
            <div>
              <h3 className={styles.smallTitle}>{t('checkout.shippingTitle')}</h3>
              <AddressBlock address={order.shippingAddress} />
            </div>
          )}
          {hasPrints && !pickup && !order.shippingAddress && (
            <div>
              <h3 className={styles.smallTitle}>{t('checkout.shippingTitle')}</h3>
              <p className={styles.muted}>{t('checkout.sameAsBillingShown')}</p>
            </div>
          )}
        </div>
      </section>
    </div>
  );
}
