import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './quantity-stepper.module.css';

/** MAX_QUANTITY bounds a print's quantity (the server's limit). */
export const MAX_QUANTITY = 999;

/** clampQuantity keeps a typed quantity between min and max (whole numbers). */
export function clampQuantity(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/**
 * QuantityStepper is a number field with − and + buttons, all labelled
 * with what they count (`name`). The buttons change the quantity at once; a
 * typed value counts on Enter or when the field loses focus, kept between
 * min and max.
 */
export function QuantityStepper({
  name,
  value,
  onChange,
  min = 1,
  max = MAX_QUANTITY,
  disabled = false,
}: {
  name: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  // The typed value, until it counts; a new quantity from outside (a button,
  // the cart) replaces it while rendering.
  const [draft, setDraft] = useState(String(value));
  const [drafted, setDrafted] = useState(value);
  if (value !== drafted) {
    setDrafted(value);
    setDraft(String(value));
  }

  const commit = () => {
    const next = clampQuantity(Number(draft), min, max);
    setDraft(String(next));
    if (next !== value) onChange(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };

  return (
    <div className={styles.stepper}>
      <label htmlFor={id} className="visually-hidden">
        {t('cart.quantityOf', { name })}
      </label>
      <button type="button" className={styles.stepperButton} aria-label={t('cart.decrease', { name })} disabled={disabled || value <= min} onClick={() => onChange(value - 1)}>
        −
      </button>
      <input
        id={id}
        className={styles.stepperInput}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={draft}
        disabled={disabled}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      <button type="button" className={styles.stepperButton} aria-label={t('cart.increase', { name })} disabled={disabled || value >= max} onClick={() => onChange(value + 1)}>
        +
      </button>
    </div>
  );
}
