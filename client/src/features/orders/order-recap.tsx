import { useTranslation } from 'react-i18next';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import { formatMoney, type MoneyLike } from '../../lib/money';
import { AddressBlock, AddressBlockFragment } from '../../components/cart/address-block';
import { TotalsList } from '../../components/cart/totals-list';
import { OrderTotalsFragment, hasPrintLines, orderTotalRows } from '../../components/orders/order-totals';
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
      ...OrderTotals_totals
    }
    billingAddress {
      ...AddressBlock_address
    }
    shippingAddress {
      ...AddressBlock_address
    }
  }
`);

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
  const totals = getFragmentData(OrderTotalsFragment, order.totals);
  const billing = getFragmentData(AddressBlockFragment, order.billingAddress);
  const shipping = getFragmentData(AddressBlockFragment, order.shippingAddress);
  const pickup = order.deliveryOption === 'pickup';
  const hasPrints = hasPrintLines(order.lines);

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
        <TotalsList className={styles.recapTotals} rows={orderTotalRows(totals, t, i18n.language, { pickup, hasPrints })} />
      </section>

      <section aria-labelledby="order-addresses-title" className={styles.card}>
        <h2 id="order-addresses-title" className={styles.sectionTitle}>
          {t('orders.addressesTitle')}
        </h2>
        <div className={styles.addresses}>
          <div>
            <h3 className={styles.smallTitle}>{t('checkout.billingTitle')}</h3>
            <AddressBlock address={billing} />
          </div>
          {hasPrints && pickup && (
            <div>
              <h3 className={styles.smallTitle}>{t('checkout.pickupTitle')}</h3>
              <p className={styles.pre}>{order.pickupAddress}</p>
            </div>
          )}
          {hasPrints && !pickup && shipping && (
            <div>
              <h3 className={styles.smallTitle}>{t('checkout.shippingTitle')}</h3>
              <AddressBlock address={shipping} />
            </div>
          )}
          {hasPrints && !pickup && !shipping && (
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
