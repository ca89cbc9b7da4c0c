import { useId, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/ui/form-field';
import fieldStyles from '../../components/ui/form-field.module.css';
import { fieldKey, TITLES, type AddressField, type AddressPart, type AddressValues } from '../../lib/address-fields';
import styles from './checkout.module.css';

/** Country is a country the address form offers. */
export interface Country {
  code: string;
  name: string;
}

/** SelectField is a labelled select whose error appears right under it, tied with aria-describedby and aria-invalid (FormField's look). */
function SelectField({ label, error, children, className, ...select }: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { label: string; error?: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`${fieldStyles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <select
        id={id}
        className={`${fieldStyles.input} ${styles.select} ${error ? fieldStyles.invalid : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...select}
      >
        {children}
      </select>
      {error && (
        <p id={errorId} className={fieldStyles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** AddressFieldsetProps: one address of the form, the errors keyed "billing.postalCode", and what changes it. */
export interface AddressFieldsetProps {
  part: AddressPart;
  legend: string;
  values: AddressValues;
  onChange: (field: AddressField, value: string) => void;
  errors: Readonly<Record<string, string>>;
  countries: readonly Country[];
  /** The VAT number field (for companies), on the billing address. */
  withVat?: boolean;
}

/**
 * AddressFieldset is one address of the address step: the title as a radio
 * group, then the name, street, town, country (from the countries the
 * server lists), phone and, for billing, VAT number. Every input has its
 * label, and its error (required, or the server's message) under it.
 */
export function AddressFieldset({ part, legend, values, onChange, errors, countries, withVat = false }: AddressFieldsetProps) {
  const { t } = useTranslation();
  const titleErrorId = useId();
  const error = (field: AddressField) => errors[fieldKey(part, field)];
  const text = (field: AddressField, label: string, autoComplete: string, extra: { hint?: string; className?: string; type?: string; inputMode?: 'tel' | 'text' } = {}) => (
    <FormField
      label={label}
      name={`${part}-${field}`}
      value={values[field]}
      onChange={(e) => onChange(field, e.target.value)}
      error={error(field)}
      autoComplete={autoComplete === 'off' ? 'off' : `${part} ${autoComplete}`}
      maxLength={200}
      {...extra}
    />
  );
  const titleError = error('title');
  // The countries the server lists, plus the address's own if it is not among them.
  const options = values.country && !countries.some((c) => c.code === values.country) ? [{ code: values.country, name: values.country }, ...countries] : countries;

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.sectionTitle}>{legend}</legend>
      <fieldset className={styles.inlineChoices} aria-describedby={titleError ? titleErrorId : undefined}>
        <legend className={styles.legend}>{t('checkout.civility')}</legend>
        {TITLES.map((title) => (
          <label key={title || 'none'} className={styles.choice}>
            <input
              type="radio"
              name={`${part}-title`}
              value={title}
              checked={values.title === title}
              onChange={() => onChange('title', title)}
              aria-invalid={titleError ? true : undefined}
              aria-describedby={titleError ? titleErrorId : undefined}
            />
            <span>{t(title === 'Monsieur' ? 'checkout.titleMonsieur' : title === 'Madame' ? 'checkout.titleMadame' : 'checkout.titleNone')}</span>
          </label>
        ))}
        {titleError && (
          <p id={titleErrorId} className={styles.error} role="alert">
            {titleError}
          </p>
        )}
      </fieldset>
      <div className={styles.grid}>
        {text('firstname', t('checkout.firstname'), 'given-name')}
        {text('lastname', t('checkout.lastname'), 'family-name')}
        {text('address', t('checkout.address'), 'address-line1', { className: styles.wide })}
        {text('address2', t('checkout.address2'), 'address-line2', { className: styles.wide })}
        {text('postalCode', t('checkout.postalCode'), 'postal-code')}
        {text('city', t('checkout.city'), 'address-level2')}
        <SelectField
          label={t('checkout.country')}
          name={`${part}-country`}
          value={values.country}
          onChange={(e) => onChange('country', e.target.value)}
          error={error('country')}
          autoComplete={`${part} country`}
        >
          {!values.country && <option value="">{t('checkout.countryChoose')}</option>}
          {options.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </SelectField>
        {text('phoneNumber', t('checkout.phoneNumber'), 'tel', { type: 'tel', inputMode: 'tel', hint: t('checkout.phoneNumberHint') })}
        {withVat && text('vatNumber', t('checkout.vatNumber'), 'off', { hint: t('checkout.vatNumberHint'), className: styles.wide })}
      </div>
    </fieldset>
  );
}
