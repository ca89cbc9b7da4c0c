import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal';
import { AddressBlock } from '../../components/cart/address-block';
import type { AddressPart, AddressValues } from '../../lib/address-fields';
import styles from './checkout.module.css';

/** Suggestion is a corrected address the server offers beside the one entered. */
export interface Suggestion {
  part: AddressPart;
  entered: AddressValues;
  suggested: AddressValues;
}

/** SuggestionChoice is what the buyer keeps for each address: the one they entered, or the suggestion. */
export type SuggestionChoice = Partial<Record<AddressPart, 'entered' | 'suggested'>>;

/**
 * AddressSuggestions shows, for each address whose postal code and city
 * disagree, the address entered beside the one suggested (spec: "an invalid
 * address, with a suggested-address comparison"), the suggestion chosen
 * first. Confirming hands the choices back; « Modifier mon adresse » closes
 * the comparison to correct the form by hand.
 */
export function AddressSuggestions({
  suggestions,
  busy,
  onConfirm,
  onClose,
}: {
  suggestions: readonly Suggestion[];
  busy: boolean;
  onConfirm: (choice: SuggestionChoice) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<SuggestionChoice>(() => Object.fromEntries(suggestions.map((s) => [s.part, 'suggested'])));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(choice);
  };
  const partTitle = (part: AddressPart) => t(part === 'billing' ? 'checkout.billingTitle' : 'checkout.shippingTitle');

  return (
    <Modal title={t('checkout.suggestionTitle')} description={<p>{t('checkout.suggestionIntro')}</p>} onClose={onClose} size="medium">
      <form onSubmit={submit} noValidate>
        {suggestions.map((s) => (
          <fieldset key={s.part} className={styles.choices}>
            <legend className={styles.legend}>{t('checkout.suggestionFor', { part: partTitle(s.part) })}</legend>
            <div className={styles.comparison}>
              {(['entered', 'suggested'] as const).map((side) => (
                <label key={side} className={styles.choice}>
                  <input type="radio" name={`suggestion-${s.part}`} value={side} checked={choice[s.part] === side} onChange={() => setChoice((c) => ({ ...c, [s.part]: side }))} />
                  <span className={styles.choiceBody}>
                    <span className={styles.choiceTitle}>{t(side === 'entered' ? 'checkout.suggestionEntered' : 'checkout.suggestionSuggested')}</span>
                    <AddressBlock address={side === 'entered' ? s.entered : s.suggested} inline />
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <div className={styles.dialogActions}>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('checkout.suggestionConfirm')}
          </button>
          <button type="button" className="button button-outline" onClick={onClose}>
            {t('checkout.suggestionEdit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
