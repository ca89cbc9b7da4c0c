import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutCartFragment as CheckoutCartData } from '../../gql/graphql';
import { fromAddress, type AddressPart, type AddressValues } from '../../lib/address-fields';
import type { DeliveryOption } from './address-page';
import type { Suggestion } from './address-suggestions';
import styles from './checkout.module.css';

// Pieces of the address step (address-page.tsx): the delivery choice, the
// purchases that cannot go to the address, and how the server's answer is
// sorted into suggestions, field errors and messages.

interface DeliveryChoiceProps {
  options: readonly DeliveryOption[];
  delivery: DeliveryOption;
  onDelivery: (option: DeliveryOption) => void;
  pickupAddress: string | null | undefined;
  error: string | undefined;
  /** Whether prints go to the billing address; undefined when nothing is shipped home. */
  sameAsBilling: boolean | undefined;
  onSameAsBilling: (same: boolean) => void;
}

/** DeliveryChoice is how the prints reach the buyer (home delivery or pickup) and, for home delivery, « same as billing ». */
export function DeliveryChoice({ options, delivery, onDelivery, pickupAddress, error, sameAsBilling, onSameAsBilling }: DeliveryChoiceProps) {
  const { t } = useTranslation();
  const errorId = useId();
  return (
    <div className={styles.section}>
      <fieldset className={styles.fieldset} aria-describedby={error ? errorId : undefined}>
        <legend className={styles.sectionTitle}>{t('checkout.deliveryTitle')}</legend>
        <div className={styles.choices}>
          {options.map((option) => (
            <label key={option} className={styles.choice}>
              <input type="radio" name="delivery-option" value={option} checked={delivery === option} onChange={() => onDelivery(option)} aria-invalid={error ? true : undefined} />
              <span className={styles.choiceBody}>
                <span className={styles.choiceTitle}>{t(option === 'pickup' ? 'checkout.deliveryPickup' : 'checkout.deliveryShipping')}</span>
                <span className={styles.muted}>{t(option === 'pickup' ? 'checkout.deliveryPickupHint' : 'checkout.deliveryShippingHint')}</span>
                {option === 'pickup' && pickupAddress && <span className={styles.pre}>{pickupAddress}</span>}
              </span>
            </label>
          ))}
        </div>
        {error && (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        )}
      </fieldset>
      {sameAsBilling !== undefined && (
        <label className={styles.check}>
          <input type="checkbox" checked={sameAsBilling} onChange={(e) => onSameAsBilling(e.target.checked)} />
          <span>{t('checkout.sameAsBilling')}</span>
        </label>
      )}
    </div>
  );
}

interface ShippingProblemsProps {
  ref: Ref<HTMLElement>;
  problems: CheckoutCartData['shippingProblems'];
  /** The purchases' names by cart item id. */
  names: ReadonlyMap<string, string>;
}

/** ShippingProblems lists the purchases that cannot go to the address (it takes the focus after a save that leaves some). */
export function ShippingProblems({ ref, problems, names }: ShippingProblemsProps) {
  const { t } = useTranslation();
  return (
    <section ref={ref} className={styles.alert} aria-labelledby="checkout-problems-title" tabIndex={-1}>
      <p id="checkout-problems-title" className={styles.alertTitle}>
        {t('checkout.shippingProblemsTitle')}
      </p>
      <ul>
        {problems.map((p) => {
          const name = names.get(p.cartItemId);
          return <li key={`${p.cartItemId}:${p.reason}`}>{name ? `${name} : ${p.message}` : p.message}</li>;
        })}
      </ul>
      <p>{t('checkout.shippingProblemsHint')}</p>
    </section>
  );
}

/** suggestionsOf keeps the server's address suggestions the form shows: one per address sent, the shipping one only when it is separate. */
export function suggestionsOf(
  suggestions: readonly { field: string; address: Parameters<typeof fromAddress>[0] }[],
  sent: Record<AddressPart, AddressValues>,
  separate: boolean,
): Suggestion[] {
  const offered: Suggestion[] = [];
  for (const s of suggestions) {
    const part = s.field === 'shipping' ? 'shipping' : s.field === 'billing' ? 'billing' : undefined;
    if (!part || (part === 'shipping' && !separate) || offered.some((o) => o.part === part)) continue;
    offered.push({ part, entered: sent[part], suggested: fromAddress(s.address) });
  }
  return offered;
}

/**
 * refusals sorts the server's userErrors: those of a field the form shows go
 * beside it, the others (said once each) above the form; address_suggestion
 * is left out when the comparison of suggestions says it.
 */
export function refusals(
  userErrors: readonly { code: string; message: string; field?: readonly string[] | null }[],
  suggested: boolean,
  knownKeys: ReadonlySet<string>,
  t: (key: string) => string,
) {
  const fieldErrors: Record<string, string> = {};
  const messages: string[] = [];
  for (const problem of userErrors) {
    if (problem.code === 'address_suggestion' && suggested) continue;
    const text = problem.message.trim() || t('validation.invalid');
    const key = problem.field?.join('.') ?? '';
    if (knownKeys.has(key)) fieldErrors[key] ??= text;
    else if (!messages.includes(text)) messages.push(text);
  }
  return { fieldErrors, messages };
}
