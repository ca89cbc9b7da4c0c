import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AddressBlock } from '../../components/cart/address-block';
import { Spinner } from '../../components/ui/spinner';
import type { CheckoutCartFragment as CheckoutCartData, PaymentMethod } from '../../gql/graphql';
import styles from './checkout.module.css';

// Pieces of the checkout's last step (validation-page.tsx): the addresses of
// the recap, a required checkbox, the payment method and the shipping refusals.

const METHOD_KEYS: Record<PaymentMethod, string> = { card: 'checkout.methodCard', bancontact: 'checkout.methodBancontact' };

type Client = NonNullable<CheckoutCartData['clientData']>;

/** ReviewAddresses is the recap's billing address and e-mail, and the delivery (pickup, shipping or by e-mail). */
export function ReviewAddresses({ cart, client, address }: { cart: CheckoutCartData; client: Client; address: string }) {
  const { t } = useTranslation();
  const pickup = cart.deliveryOption === 'pickup';
  return (
    <section className={styles.section} aria-labelledby="checkout-addresses-title">
      <div className={styles.sectionHead}>
        <h2 id="checkout-addresses-title" className={styles.sectionTitle}>
          {t('checkout.addressesTitle')}
        </h2>
        <Link className="button button-outline button-small" to={address} aria-label={t('checkout.editAddresses')}>
          {t('checkout.edit')}
        </Link>
      </div>
      <div className={styles.addresses}>
        <div>
          <h3 className={styles.smallTitle}>{t('checkout.billingTitle')}</h3>
          <AddressBlock address={client.billing} />
          <p className={styles.muted}>{t('checkout.emailShown', { email: client.email })}</p>
        </div>
        {cart.needsDelivery ? (
          <div>
            <h3 className={styles.smallTitle}>{t(pickup ? 'checkout.deliveryPickup' : 'checkout.deliveryShipping')}</h3>
            {pickup ? (
              <p className={styles.pre}>{cart.pickupAddress}</p>
            ) : client.shipping && !client.sameAsBilling ? (
              <AddressBlock address={client.shipping} />
            ) : (
              <p className={styles.muted}>{t('checkout.sameAsBillingShown')}</p>
            )}
          </div>
        ) : (
          <p className={styles.muted}>{t('checkout.digitalByEmail')}</p>
        )}
      </div>
    </section>
  );
}

interface CheckFieldProps {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  error: string | undefined;
  /** Drops the error once the box is ticked. */
  clear: () => void;
}

/** CheckField is a box the buyer must tick (terms of sale, retouch), with its error under it. */
export function CheckField({ id, checked, onChange, label, error, clear }: CheckFieldProps) {
  return (
    <div className={styles.checkField}>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => {
            onChange(e.target.checked);
            if (e.target.checked && error) clear();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? id : undefined}
        />
        <span>{label}</span>
      </label>
      {error && (
        <p id={id} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

interface PaymentMethodFieldProps {
  /** Nothing to pay: no method is asked. */
  free: boolean;
  /** The methods offered; undefined while unknown. */
  methods: readonly PaymentMethod[] | undefined;
  methodsFailed: boolean;
  retryMethods: () => void;
  method: PaymentMethod | undefined;
  error: string | undefined;
  errorId: string;
  onChoose: (method: PaymentMethod) => void;
}

/** PaymentMethodField is the choice of payment method, or why there is none to choose (free, failed, none offered, loading). */
export function PaymentMethodField({ free, methods, methodsFailed, retryMethods, method, error, errorId, onChoose }: PaymentMethodFieldProps) {
  const { t } = useTranslation();
  if (free) return <p className={styles.notice}>{t('checkout.freeOrder')}</p>;
  if (methodsFailed && methods === undefined) {
    return (
      <div className={styles.alert}>
        <p>{t('checkout.paymentMethodsError')}</p>
        <button type="button" className="button button-outline button-small" onClick={retryMethods}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (methods !== undefined && methods.length === 0) return <p className={styles.alert}>{t('checkout.noPaymentMethod')}</p>;
  if (methods === undefined) return <Spinner label={t('common.loading')} />;
  return (
    <fieldset className={styles.choices} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.legend}>{t('checkout.paymentTitle')}</legend>
      {methods.map((m) => (
        <label key={m} className={styles.choice}>
          <input type="radio" name="payment-method" value={m} checked={method === m} onChange={() => onChoose(m)} aria-invalid={error ? true : undefined} />
          <span className={styles.choiceTitle}>{t(METHOD_KEYS[m])}</span>
        </label>
      ))}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** ShippingBlocked lists the purchases that cannot go to the chosen address, with the way back to the address step. */
export function ShippingBlocked({ problems, address }: { problems: CheckoutCartData['shippingProblems']; address: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.alert}>
      <p>{t('checkout.shippingBlocked')}</p>
      <ul>
        {problems.map((p) => (
          <li key={`${p.cartItemId}:${p.reason}`}>{p.message}</li>
        ))}
      </ul>
      <Link to={address}>{t('checkout.editAddresses')}</Link>
    </div>
  );
}
