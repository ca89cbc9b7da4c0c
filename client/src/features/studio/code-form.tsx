import { useMutation } from '@apollo/client/react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateGiftCardInput, CreateVoucherBatchInput, CreateVoucherInput } from '../../gql/graphql';
import { codeRequest, emptyCodeForm, type CodeFormState, type CodeRequest } from './code-form-values';
import { CreateGiftCardMutation, CreateVoucherBatchMutation, CreateVoucherMutation } from './codes-documents';
import css from './codes.module.css';
import styles from './studio.module.css';
import { fieldErrors, type StudioUserError } from './user-errors';

/** GalleryChoice is a gallery a code may be limited to. */
export interface GalleryChoice {
  id: string;
  eventName: string;
}

interface Created {
  ids: string[];
  userErrors: ReadonlyArray<StudioUserError>;
}

/** useCreateCodes sends the form's request to the mutation it names. */
function useCreateCodes() {
  const [createVoucher, one] = useMutation(CreateVoucherMutation);
  const [createGiftCard, card] = useMutation(CreateGiftCardMutation);
  const [createBatch, batch] = useMutation(CreateVoucherBatchMutation);
  const send = async (req: CodeRequest): Promise<Created> => {
    const id = (v: unknown) => (v as { id: string }).id;
    if (req.mutation === 'createVoucher') {
      const p = (await createVoucher({ variables: { input: req.input as CreateVoucherInput } })).data?.createVoucher;
      return { ids: p?.voucher ? [id(p.voucher)] : [], userErrors: p?.userErrors ?? [] };
    }
    if (req.mutation === 'createGiftCard') {
      const p = (await createGiftCard({ variables: { input: req.input as CreateGiftCardInput } })).data?.createGiftCard;
      return { ids: p?.voucher ? [id(p.voucher)] : [], userErrors: p?.userErrors ?? [] };
    }
    const p = (await createBatch({ variables: { input: req.input as CreateVoucherBatchInput } })).data?.createVoucherBatch;
    return { ids: (p?.vouchers ?? []).map(id), userErrors: p?.userErrors ?? [] };
  };
  return { send, busy: one.loading || card.loading || batch.loading };
}

type Setter = (key: keyof CodeFormState) => (e: { target: { value: string; checked?: boolean; type?: string } }) => void;

/** Field is a labelled input of the form with its error, if any. */
function Field({
  name,
  label,
  errors,
  children,
}: {
  name: string;
  label: string;
  errors: Record<string, string>;
  children: (a11y: Record<string, unknown>) => ReactNode;
}) {
  const id = useId();
  const message = errors[name];
  return (
    <label>
      {label}
      {children(message ? { 'aria-invalid': true, 'aria-describedby': id } : {})}
      {message && (
        <span id={id} className={styles.error}>
          {message}
        </span>
      )}
    </label>
  );
}

/** DiscountFields are a discount code's own settings: what it gives and its limits. */
function DiscountFields({ f, set, errors }: { f: CodeFormState; set: Setter; errors: Record<string, string> }) {
  const { t } = useTranslation();
  const text = (name: keyof CodeFormState, label: string, mode: 'numeric' | 'decimal', placeholder?: string) => (
    <Field name={name} label={label} errors={errors}>
      {(a) => <input inputMode={mode} value={f[name] as string} onChange={set(name)} placeholder={placeholder} {...a} />}
    </Field>
  );
  return (
    <>
      {text('percentOff', t('studioCodes.percentOff'), 'numeric')}
      {text('amountOff', t('studioCodes.amountOff'), 'decimal')}
      {text('minSpend', t('studioCodes.minSpend'), 'decimal')}
      {text('usageLimit', t('studioCodes.usageLimit'), 'numeric', t('studioCodes.unlimited'))}
      {text('perEmailLimit', t('studioCodes.perEmailLimit'), 'numeric', t('studioCodes.unlimited'))}
      <Field name="validFrom" label={t('studioCodes.validFrom')} errors={errors}>
        {(a) => <input type="date" value={f.validFrom} onChange={set('validFrom')} {...a} />}
      </Field>
    </>
  );
}

/** Choices are the kind (discount code, gift card) and how many (one, a batch). */
function Choices({ f, onChange }: { f: CodeFormState; onChange: (next: CodeFormState) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <fieldset className={css.choices}>
        <legend>{t('studioCodes.kind')}</legend>
        <label>
          <input type="radio" name="kind" checked={f.kind === 'discount_code'} onChange={() => onChange({ ...f, kind: 'discount_code' })} />
          {t('studioCodes.kindDiscount')}
        </label>
        <label>
          <input type="radio" name="kind" checked={f.kind === 'gift_card'} onChange={() => onChange({ ...f, kind: 'gift_card' })} />
          {t('studioCodes.kindGift')}
        </label>
      </fieldset>
      <fieldset className={css.choices}>
        <legend>{t('studioCodes.howMany')}</legend>
        <label>
          <input type="radio" name="mode" checked={f.mode === 'one'} onChange={() => onChange({ ...f, mode: 'one' })} />
          {t('studioCodes.modeOne')}
        </label>
        <label>
          <input type="radio" name="mode" checked={f.mode === 'batch'} onChange={() => onChange({ ...f, mode: 'batch' })} />
          {t('studioCodes.modeBatch')}
        </label>
      </fieldset>
    </>
  );
}

/**
 * CodeForm creates a discount code or a gift card, one (its code typed or
 * drawn by the server) or a batch (a prefix and random parts), with its
 * limits: uses in all and per e-mail, dates, minimum spend, free shipping
 * countries and the gallery. onCreated gets the new codes' ids.
 */
export function CodeForm({ galleries, onCreated }: { galleries: ReadonlyArray<GalleryChoice>; onCreated: (ids: string[]) => void }) {
  const { t } = useTranslation();
  const [f, setF] = useState<CodeFormState>(emptyCodeForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { send, busy } = useCreateCodes();
  const set: Setter = (key) => (e) => setF({ ...f, [key]: e.target.type === 'checkbox' ? Boolean(e.target.checked) : e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    let res: Created;
    try {
      res = await send(codeRequest(f));
    } catch {
      setErrors({ '': t('studio.error') });
      return;
    }
    if (res.userErrors.length > 0) setErrors(fieldErrors(res.userErrors, t));
    else if (res.ids.length > 0) {
      onCreated(res.ids);
      setF({ ...emptyCodeForm, kind: f.kind, mode: f.mode, galleryId: f.galleryId });
    }
  };
  const gift = f.kind === 'gift_card';
  const general = errors[''] || errors.discountCode || errors.giftCard;
  return (
    <form className={`${styles.card} ${css.form}`} onSubmit={(e) => void submit(e)} aria-label={t('studioCodes.create')}>
      <h2>{t('studioCodes.create')}</h2>
      <Choices f={f} onChange={setF} />
      <div className={css.fields}>
        {f.mode === 'one' ? (
          <Field name="code" label={t('studioCodes.code')} errors={errors}>
            {(a) => <input value={f.code} onChange={set('code')} autoCapitalize="characters" placeholder={t('studioCodes.codePlaceholder')} {...a} />}
          </Field>
        ) : (
          <>
            <Field name="count" label={t('studioCodes.count')} errors={errors}>
              {(a) => <input type="number" min={1} max={500} inputMode="numeric" value={f.count} onChange={set('count')} {...a} />}
            </Field>
            <Field name="prefix" label={t('studioCodes.prefix')} errors={errors}>
              {(a) => <input value={f.prefix} onChange={set('prefix')} autoCapitalize="characters" maxLength={20} {...a} />}
            </Field>
          </>
        )}
        {gift ? (
          <Field name="amount" label={t('studioCodes.amount')} errors={errors}>
            {(a) => <input inputMode="decimal" value={f.amount} onChange={set('amount')} required {...a} />}
          </Field>
        ) : (
          <DiscountFields f={f} set={set} errors={errors} />
        )}
        <Field name="validUntil" label={t('studioCodes.validUntil')} errors={errors}>
          {(a) => <input type="date" value={f.validUntil} onChange={set('validUntil')} {...a} />}
        </Field>
        <Field name="galleryId" label={t('studioCodes.gallery')} errors={errors}>
          {(a) => (
            <select value={f.galleryId} onChange={set('galleryId')} {...a}>
              <option value="">{t('studioCodes.allGalleries')}</option>
              {galleries.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.eventName}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {!gift && (
        <div className={css.fields}>
          <label className={styles.check}>
            <input type="checkbox" checked={f.freeShipping} onChange={set('freeShipping')} />
            {t('studioCodes.freeShipping')}
          </label>
          {f.freeShipping && (
            <Field name="freeShippingCountries" label={t('studioCodes.countries')} errors={errors}>
              {(a) => <input value={f.freeShippingCountries} onChange={set('freeShippingCountries')} placeholder="BE, FR" {...a} />}
            </Field>
          )}
        </div>
      )}
      {Object.keys(errors).length > 0 && (
        <p className={styles.error} role="alert">
          {general || t('studioCodes.fixErrors')}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy}>
          {f.mode === 'batch' ? t('studioCodes.createBatch') : gift ? t('studioCodes.createGift') : t('studioCodes.createDiscount')}
        </button>
      </div>
    </form>
  );
}
