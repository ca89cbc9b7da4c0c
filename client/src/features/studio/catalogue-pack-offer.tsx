// What a pack tells and gives the guests beyond its content and price, in
// the studio's catalogue: its description, its gift flag (the « Cadeau »
// badge), its offer type (the pack's badge) and the countries it ships to
// for free (createPack / updatePack; rules in internal/photographer/offers.go).
import { useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../components/cart/cart-totals';
import { TextAreaField, FormField } from '../../components/ui/form-field';
import { CatalogueCountriesQuery } from './catalogue-documents';
import type { Errors, Payload } from './catalogue-shared';
import cs from './catalogue.module.css';
import styles from './studio.module.css';

/** DESCRIPTION_MAX is the API's limit on a pack's description, in characters. */
export const DESCRIPTION_MAX = 4000;

/** OFFER_TYPE_MAX is the API's limit on a pack's offer type (its badge), in characters. */
export const OFFER_TYPE_MAX = 60;

/**
 * OFFER_TYPES are the offer types the select proposes: '' (the default
 * « Gratuit », shown only on a pack that costs nothing) and « Livraison
 * offerte ». The API takes any words (OFFER_TYPE_MAX): CUSTOM_OFFER types them.
 */
export const OFFER_TYPES = ['', 'Livraison offerte'] as const;

/** CUSTOM_OFFER is the select's value for an offer type in the photographer's own words. */
export const CUSTOM_OFFER = 'custom';

const DEFAULT_OFFER_TYPE = 'Gratuit';

/** PackOffer is the guest-facing part of a pack the editor changes. */
export interface PackOffer {
  description: string;
  gift: boolean;
  offerType: string;
  shippingIncludedTo: string[];
}

/** EMPTY_OFFER is a new pack's offer: no description, no gift, the default badge, no free shipping. */
export const EMPTY_OFFER: PackOffer = { description: '', gift: false, offerType: '', shippingIncludedTo: [] };

/** normalOfferType reads the default « Gratuit » (any case) and blanks as ''. */
function normalOfferType(text: string): string {
  const v = text.trim();
  return v.toLocaleLowerCase('fr') === DEFAULT_OFFER_TYPE.toLocaleLowerCase('fr') ? '' : v;
}

/** offerOf is a saved pack's offer, its default badge read as ''. */
export function offerOf(p: { description: string; gift: boolean; offerType: string; shippingIncludedTo: ReadonlyArray<string> }): PackOffer {
  return { description: p.description, gift: p.gift, offerType: normalOfferType(p.offerType), shippingIncludedTo: [...p.shippingIncludedTo] };
}

/** offerChanges is what the draft changes in the saved offer: the updatePack / createPack fields to send, nothing else. */
export function offerChanges(saved: PackOffer, draft: PackOffer): Partial<PackOffer> {
  const out: Partial<PackOffer> = {};
  if (draft.description.trim() !== saved.description.trim()) out.description = draft.description.trim();
  if (draft.gift !== saved.gift) out.gift = draft.gift;
  if (normalOfferType(draft.offerType) !== normalOfferType(saved.offerType)) out.offerType = draft.offerType.trim();
  if ([...draft.shippingIncludedTo].sort().join() !== [...saved.shippingIncludedTo].sort().join()) out.shippingIncludedTo = draft.shippingIncludedTo;
  return out;
}

/** countriesOnField puts the userErrors of one country (shippingIncludedTo.2) on the countries' field. */
export function countriesOnField<P extends Payload>(p: P): P {
  if (!p) return p;
  const userErrors = p.userErrors.map((e) => (e.field?.includes('shippingIncludedTo') ? { ...e, field: ['shippingIncludedTo'] } : e));
  return { ...p, userErrors };
}

/** OFFER_FIELDS are the errors' keys PackOfferFields shows beside its fields. */
export const OFFER_FIELDS = ['description', 'gift', 'offerType', 'shippingIncludedTo'];

/** withoutFields is errors less those shown beside a field (for Feedback). */
export function withoutFields(errors: Errors, fields: ReadonlyArray<string>): Errors {
  return Object.fromEntries(Object.entries(errors).filter(([k]) => !fields.includes(k)));
}

/** PackOfferFields edits a pack's description, gift flag, offer type and free-shipping countries, with the server's errors beside each. */
export function PackOfferFields({ value, onChange, errors }: { value: PackOffer; onChange: (v: PackOffer) => void; errors: Errors }) {
  const { t } = useTranslation();
  const set = <K extends keyof PackOffer>(k: K, v: PackOffer[K]) => onChange({ ...value, [k]: v });
  const hintId = useId();
  return (
    <>
      <TextAreaField
        label={t('studioCatalogue.packDescription')}
        rows={3}
        maxLength={DESCRIPTION_MAX}
        value={value.description}
        error={errors.description}
        hint={t('studioCatalogue.packDescriptionCount', { n: value.description.length, max: DESCRIPTION_MAX })}
        onChange={(e) => set('description', e.target.value)}
      />
      <div>
        <label className={cs.inline}>
          <input type="checkbox" checked={value.gift} aria-describedby={hintId} onChange={(e) => set('gift', e.target.checked)} /> {t('studioCatalogue.packGift')}
        </label>
        <p id={hintId} className={styles.muted}>
          {t('studioCatalogue.packGiftHint')}
        </p>
        {errors.gift && (
          <p className={styles.error} role="alert">
            {errors.gift}
          </p>
        )}
      </div>
      <OfferTypeField value={value.offerType} error={errors.offerType} onChange={(v) => set('offerType', v)} />
      <CountriesField value={value.shippingIncludedTo} error={errors.shippingIncludedTo} onChange={(v) => set('shippingIncludedTo', v)} />
    </>
  );
}

/** OfferTypeField chooses the pack's badge: the default, a proposed one, or the photographer's own words. */
function OfferTypeField({ value, error, onChange }: { value: string; error?: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState(() => !(OFFER_TYPES as ReadonlyArray<string>).includes(normalOfferType(value)));
  const id = useId();
  const choose = (v: string) => {
    setCustom(v === CUSTOM_OFFER);
    onChange(v === CUSTOM_OFFER ? '' : v);
  };
  const label = (o: string) => (o === '' ? t('studioCatalogue.offerDefault') : t('studioCatalogue.offerShipping'));
  return (
    <div className={cs.field}>
      <label htmlFor={id}>{t('studioCatalogue.offerType')}</label>
      <select id={id} className={styles.select} value={custom ? CUSTOM_OFFER : normalOfferType(value)} aria-invalid={error && !custom ? true : undefined} onChange={(e) => choose(e.target.value)}>
        {OFFER_TYPES.map((o) => (
          <option key={o} value={o}>
            {label(o)}
          </option>
        ))}
        <option value={CUSTOM_OFFER}>{t('studioCatalogue.offerCustom')}</option>
      </select>
      {custom ? (
        <FormField label={t('studioCatalogue.offerWords')} maxLength={OFFER_TYPE_MAX} value={value} error={error} hint={t('studioCatalogue.offerWordsHint', { max: OFFER_TYPE_MAX })} onChange={(e) => onChange(e.target.value)} />
      ) : (
        error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )
      )}
    </div>
  );
}

/** CountriesField chooses the countries the pack ships to for free, among the address form's countries, named in the page's language. */
function CountriesField({ value, error, onChange }: { value: ReadonlyArray<string>; error?: string; onChange: (v: string[]) => void }) {
  const { t, i18n } = useTranslation();
  const countries = useQuery(CatalogueCountriesQuery, { context: { silentErrors: true } });
  const all = countries.data?.countries ?? [];
  const name = (code: string) => all.find((c) => c.code === code)?.name ?? countryName(code, i18n.language);
  return (
    <fieldset className={cs.countries}>
      <legend>{t('studioCatalogue.shippingIncludedTo')}</legend>
      <p className={styles.muted}>{t('studioCatalogue.shippingIncludedHint')}</p>
      {value.length === 0 ? (
        <p className={styles.muted}>{t('studioCatalogue.shippingIncludedNone')}</p>
      ) : (
        <ul className={cs.chips}>
          {value.map((c) => (
            <li key={c}>
              {name(c)}
              <button type="button" className={styles.secondary} aria-label={t('studioCatalogue.removeCountry', { country: name(c) })} onClick={() => onChange(value.filter((x) => x !== c))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <select className={styles.select} aria-label={t('studioCatalogue.addCountry')} value="" disabled={all.length === 0} onChange={(e) => e.target.value && onChange([...value, e.target.value])}>
        <option value="">{t('studioCatalogue.addCountry')}</option>
        {all
          .filter((c) => !value.includes(c.code))
          .map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
      </select>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
