import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { PageMessage } from '../../components/ui/page-message';
import { Spinner } from '../../components/ui/spinner';
import { getFragmentData } from '../../gql';
import type { CheckoutCartFragment as CheckoutCartData } from '../../gql/graphql';
import { galleryVariables, usePreviewHash } from '../../lib/preview-hash';
import { EmailRequiredGate } from '../../components/access/email-required-gate';
import { countryName } from '../../components/cart/cart-totals';
import { errorCodes, httpStatus } from '../../lib/error-message';
import { emptyAddress, fieldKey, fromAddress, missingFields, toAddressInput, type AddressField, type AddressPart, type AddressValues } from '../../lib/address-fields';
import { AddressFieldset, type Country } from './address-form';
import { DeliveryChoice, refusals, ShippingProblems, suggestionsOf } from './address-step-parts';
import { AddressSuggestions, type Suggestion, type SuggestionChoice } from './address-suggestions';
import { CheckoutCartFragment, CheckoutCartQuery, CheckoutGalleryQuery, CountriesQuery, SetClientDataMutation } from './checkout-documents';
import { CheckoutSteps } from './checkout-steps';
import { purchaseLines } from './purchase-lines';
import styles from './checkout.module.css';

/** DeliveryOption is how prints reach the buyer. */
export type DeliveryOption = 'shipping' | 'pickup';

/** offeredDeliveryOptions keeps the options the client knows of a gallery's list; none means home delivery (the server's default). */
export function offeredDeliveryOptions(options: readonly string[] | undefined): DeliveryOption[] {
  const known = (['shipping', 'pickup'] as const).filter((o) => options?.includes(o));
  return known.length > 0 ? known : ['shipping'];
}

/** needsEmail tells an answer refused for want of a confirmed e-mail (401, extensions.code unauthorized). */
export function needsEmail(error: unknown): boolean {
  return httpStatus(error) === 401 || errorCodes(error).includes('unauthorized');
}

/**
 * AddressPage is the address step of the checkout (cart/address): the
 * billing address, the delivery choice (home delivery or pickup at the
 * studio, as the gallery offers) and, for home delivery elsewhere, the
 * shipping address. It needs a confirmed e-mail: without one the e-mail
 * dialog opens (and the save is sent again once one is confirmed).
 */
export function AddressPage() {
  const { t, i18n } = useTranslation();
  const { galleryId: galleryUrl = '' } = useParams();
  const previewHash = usePreviewHash(galleryUrl);
  const gallery = useQuery(CheckoutGalleryQuery, { variables: galleryVariables(galleryUrl, previewHash), skip: !galleryUrl, context: { silentErrors: true } });
  const galleryId = gallery.data?.gallery.id;
  const cartQuery = useQuery(CheckoutCartQuery, {
    variables: { galleryId: galleryId ?? '' },
    skip: !galleryId,
    fetchPolicy: 'cache-and-network',
    context: { silentErrors: true },
  });
  const countries = useQuery(CountriesQuery, { context: { silentErrors: true } });
  const cart = getFragmentData(CheckoutCartFragment, cartQuery.data?.cart);

  if (!cart || !galleryId || (!countries.data && !countries.error)) {
    const error = cartQuery.error ?? gallery.error;
    if (error && needsEmail(error)) return <EmailRequiredGate />;
    if (error) {
      return (
        <PageMessage
          title={t('cart.loadError')}
          tone="error"
          icon="!"
          actions={
            <button type="button" className="button button-primary" onClick={() => void (galleryId ? cartQuery.refetch() : gallery.refetch())}>
              {t('common.retry')}
            </button>
          }
        />
      );
    }
    return <Spinner block label={t('cart.loading')} />;
  }

  // Nothing to order: back to the cart (once the cart is read afresh).
  if (cart.photos.length + cart.packs.length + cart.allDigitalFileFormats.length === 0) {
    return cartQuery.loading ? <Spinner block label={t('cart.loading')} /> : <Navigate to={galleryPath(galleryUrl, 'cartContent')} replace />;
  }

  const fallbackCountry = cart.shippingCountry || 'BE';
  const countryList: Country[] = countries.data?.countries ?? [{ code: fallbackCountry, name: countryName(fallbackCountry, i18n.language) }];
  return (
    <AddressStep galleryId={galleryId} galleryUrl={galleryUrl} cart={cart} countries={countryList} deliveryOptions={offeredDeliveryOptions(gallery.data?.gallery.deliveryOptions)} />
  );
}

/** AddressStepProps: the cart as read when the step opened, and what the form offers. */
interface AddressStepProps {
  galleryId: string;
  galleryUrl: string;
  cart: CheckoutCartData;
  countries: readonly Country[];
  deliveryOptions: readonly DeliveryOption[];
}

/** Addresses are the two addresses of the form. */
interface Addresses {
  billing: AddressValues;
  shipping: AddressValues;
}

/** initialAddresses fills the form from the cart's client data when the buyer gave it before, else empty in the cart's country. */
function initialAddresses(cart: CheckoutCartData): Addresses {
  const client = cart.clientData;
  const country = cart.shippingCountry || 'BE';
  return {
    billing: client ? fromAddress(client.billing) : emptyAddress(country),
    shipping: client?.shipping ? fromAddress(client.shipping) : emptyAddress(country),
  };
}

/** initialDelivery is the delivery chosen before when the gallery still offers it, else the first offered. */
function initialDelivery(cart: CheckoutCartData, options: readonly DeliveryOption[]): DeliveryOption {
  const chosen = cart.clientData?.deliveryOption ?? cart.deliveryOption;
  return options.find((o) => o === chosen) ?? options[0];
}

/** formKeys are the keys of the fields the form shows (« billing.city »), for the server's userErrors. */
function formKeys(addresses: Addresses, separate: boolean): Set<string> {
  const keys = new Set<string>(['deliveryOption']);
  for (const part of separate ? (['billing', 'shipping'] as const) : (['billing'] as const)) {
    for (const field of Object.keys(addresses[part]) as AddressField[]) keys.add(fieldKey(part, field));
  }
  return keys;
}

/**
 * useRefusalFocus moves the focus after a refused submit to the first field
 * in error (or the message above the form), and after a save that leaves
 * shipping problems, to them.
 */
function useRefusalFocus() {
  const [focus, setFocus] = useState<{ target: 'error' | 'problems'; tick: number }>();
  const form = useRef<HTMLFormElement>(null);
  const alertBox = useRef<HTMLDivElement>(null);
  const problemsBox = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!focus) return;
    if (focus.target === 'problems') {
      problemsBox.current?.focus();
      return;
    }
    const field = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (field ?? alertBox.current)?.focus();
  }, [focus]);
  const focusOn = (target: 'error' | 'problems') => setFocus((f) => ({ target, tick: (f?.tick ?? 0) + 1 }));
  return { form, alertBox, problemsBox, focusOn };
}

/** AddressStep is the form, filled from the cart's client data when the buyer gave it before. */
function AddressStep({ galleryId, galleryUrl, cart, countries, deliveryOptions }: AddressStepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [addresses, setAddresses] = useState<Addresses>(() => initialAddresses(cart));
  const [delivery, setDelivery] = useState<DeliveryOption>(() => initialDelivery(cart, deliveryOptions));
  const [sameAsBilling, setSameAsBilling] = useState(cart.clientData ? cart.clientData.sameAsBilling : true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [suggestions, setSuggestions] = useState<Suggestion[]>();
  const [save, { loading: saving }] = useMutation(SetClientDataMutation);
  const { form, alertBox, problemsBox, focusOn } = useRefusalFocus();

  const shipHome = cart.needsDelivery && delivery === 'shipping';
  const separate = shipHome && !sameAsBilling;
  const knownKeys = formKeys(addresses, separate);

  const change = (part: AddressPart) => (field: AddressField, value: string) => {
    setAddresses((a) => ({ ...a, [part]: { ...a[part], [field]: value } }));
    const key = fieldKey(part, field);
    if (errors[key]) setErrors(({ [key]: _dropped, ...rest }) => rest);
  };

  const refuse = (fieldErrors: Record<string, string>, messages: string[]) => {
    setErrors(fieldErrors);
    setFormErrors(messages);
    focusOn('error');
  };

  const send = async (next: Addresses, keepAddresses: boolean) => {
    setSuggestions(undefined);
    const missing = [...missingFields('billing', next.billing), ...(separate ? missingFields('shipping', next.shipping) : [])];
    if (missing.length > 0) {
      refuse(Object.fromEntries(missing.map((key) => [key, key.endsWith('.title') ? t('checkout.titleRequired') : t('validation.required')])), [t('checkout.fixErrors')]);
      return;
    }
    setErrors({});
    setFormErrors([]);
    try {
      const result = await save({
        variables: {
          input: {
            galleryId,
            billing: toAddressInput(next.billing),
            shipping: separate ? toAddressInput(next.shipping) : null,
            sameAsBilling: !separate,
            deliveryOption: delivery,
            keepAddresses,
          },
        },
      });
      const answer = result.data?.setClientData;
      if (!answer) return;

      const offered = suggestionsOf(answer.addressSuggestions ?? [], next, separate);
      const { fieldErrors, messages } = refusals(answer.userErrors, offered.length > 0, knownKeys, t);
      const refused = Object.keys(fieldErrors).length > 0 || messages.length > 0;
      if (offered.length > 0) {
        // The comparison takes the focus; other refusals wait beside their fields.
        setErrors(fieldErrors);
        setFormErrors(messages);
        setSuggestions(offered);
        return;
      }
      if (refused) {
        refuse(fieldErrors, messages.length > 0 ? messages : [t('checkout.fixErrors')]);
        return;
      }
      if (!answer.cart) return;
      // The cart now prices delivery to the new address: items that cannot go there keep the buyer here.
      const saved = getFragmentData(CheckoutCartFragment, answer.cart);
      if (saved.shippingProblems.length > 0) {
        focusOn('problems');
        return;
      }
      navigate(galleryPath(galleryUrl, 'cartValidation'));
    } catch {
      // The error link told the buyer (a toast), or asked for an e-mail and sent the addresses again.
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(addresses, false);
  };

  const choose = (choice: SuggestionChoice) => {
    let next = addresses;
    let keep = false;
    for (const s of suggestions ?? []) {
      if (choice[s.part] === 'suggested') next = { ...next, [s.part]: s.suggested };
      else keep = true;
    }
    setAddresses(next);
    void send(next, keep);
  };

  const names = new Map(purchaseLines(cart, t).map((l) => [l.id, l.detail ? `${l.title} · ${l.detail}` : l.title]));

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <CheckoutSteps galleryUrl={galleryUrl} current="address" />
        <h1 className={styles.title}>{t('checkout.addressTitle')}</h1>
        <p className={styles.muted}>{t('checkout.addressIntro')}</p>
      </div>
      <form ref={form} className={styles.main} onSubmit={submit} noValidate>
        {formErrors.length > 0 && (
          <div ref={alertBox} className={styles.alert} role="alert" tabIndex={-1}>
            {formErrors.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        )}

        <div className={styles.section}>
          <AddressFieldset part="billing" legend={t('checkout.billingTitle')} values={addresses.billing} onChange={change('billing')} errors={errors} countries={countries} withVat />
        </div>

        {cart.needsDelivery ? (
          <DeliveryChoice
            options={deliveryOptions}
            delivery={delivery}
            onDelivery={setDelivery}
            pickupAddress={cart.pickupAddress}
            error={errors.deliveryOption}
            sameAsBilling={shipHome ? sameAsBilling : undefined}
            onSameAsBilling={setSameAsBilling}
          />
        ) : (
          <p className={styles.notice}>{t('checkout.digitalOnly')}</p>
        )}

        {separate && (
          <div className={styles.section}>
            <AddressFieldset part="shipping" legend={t('checkout.shippingTitle')} values={addresses.shipping} onChange={change('shipping')} errors={errors} countries={countries} />
          </div>
        )}

        {cart.shippingProblems.length > 0 && <ShippingProblems ref={problemsBox} problems={cart.shippingProblems} names={names} />}

        <div className={styles.actions}>
          <Link className="button button-outline" to={galleryPath(galleryUrl, 'cartContent')}>
            {t('checkout.backToCart')}
          </Link>
          <button type="submit" className="button button-primary" disabled={saving} aria-busy={saving || undefined}>
            {saving ? t('checkout.saving') : t('checkout.continue')}
          </button>
        </div>
      </form>
      {suggestions && <AddressSuggestions suggestions={suggestions} busy={saving} onConfirm={choose} onClose={() => setSuggestions(undefined)} />}
    </div>
  );
}
