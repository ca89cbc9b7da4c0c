// Pieces shared by the catalogue screen's sections: saving with French
// errors by field, the sample cart's preview panel, a debounced value.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudioCataloguePreviewQuery as PreviewData } from '../../gql/graphql';
import { formatMoney } from '../../lib/money';
import { DRAFT_KEY, isNegativeAmount, parseEuros } from './catalogue-draft';
import { fieldErrors, type StudioUserError } from './user-errors';
import cs from './catalogue.module.css';
import styles from './studio.module.css';

export type Errors = Record<string, string>;
export type Payload = { userErrors: ReadonlyArray<StudioUserError> } | null | undefined;

/** useSave runs a catalogue mutation and turns its userErrors (or a failure) into French messages by field. */
export function useSave(onDone: () => void) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState('');
  const run = async (call: () => Promise<Payload>, done: string) => {
    setNotice('');
    try {
      const p = await call();
      if (p?.userErrors.length) {
        setErrors(fieldErrors(p.userErrors, t));
        return false;
      }
      setErrors({});
      setNotice(done);
      onDone();
      return true;
    } catch {
      setErrors({ '': t('studio.error') });
      return false;
    }
  };
  return { errors, setErrors, notice, run };
}

export function Feedback({ errors, notice }: { errors: Errors; notice: string }) {
  const first = Object.values(errors)[0];
  return (
    <>
      {first && (
        <p className={styles.error} role="alert">
          {first}
        </p>
      )}
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
    </>
  );
}

/** amountError checks a typed euro amount: empty when it is fine. */
export function amountError(text: string, t: (k: string) => string, optional = false): string {
  if (optional && text.trim() === '') return '';
  if (isNegativeAmount(text)) return t('studioCatalogue.negativePrice');
  return parseEuros(text) === null ? t('studioCatalogue.badAmount') : '';
}

export type PreviewResult = PreviewData['studioCataloguePreview'];

/** PreviewPanel shows the sample cart priced with the draft (Aperçu). */
export function PreviewPanel({ result, edited = [] }: { result: PreviewResult | undefined; edited?: ReadonlyArray<string> }) {
  const { t, i18n } = useTranslation();
  const p = result?.preview;
  const previewErrors = result?.userErrors ?? [];
  const money = (m: { amount: string; currency: string }) => formatMoney(m, i18n.language);
  return (
    <div className={cs.preview} aria-live="polite" data-testid="catalogue-preview">
      <strong>{t('studioCatalogue.preview')}</strong>
      {!p && !previewErrors.length && <p className={styles.muted}>{t('studioCatalogue.previewHint')}</p>}
      {previewErrors.map((e) => (
        <p key={`${e.code}${(e.field ?? []).join('.')}`} className={styles.error}>
          {e.message}
        </p>
      ))}
      {p && (
        <>
          <div className={cs.scroll}>
            <table className={cs.table}>
              <thead>
                <tr>
                  <th>{t('studioCatalogue.item')}</th>
                  <th>{t('studioCatalogue.quantity')}</th>
                  <th>{t('studioCatalogue.lineTotal')}</th>
                </tr>
              </thead>
              <tbody>
                {p.lines.map((l, i) => (
                  <tr key={`${l.ref}-${String(i)}`}>
                    <td>{l.ref === DRAFT_KEY || edited.includes(l.ref) ? `${l.name} (${t('studioCatalogue.draft')})` : l.name}</td>
                    <td>{l.quantity}</td>
                    <td>{money(l.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl>
            <dt>{t('studioCatalogue.merchandise')}</dt>
            <dd>{money(p.merchandise)}</dd>
            {p.discountPercent > 0 && (
              <>
                <dt>{t('studioCatalogue.discount', { percent: p.discountPercent })}</dt>
                <dd>− {money(p.discount)}</dd>
              </>
            )}
            <dt>{t('studioCatalogue.shipping')}</dt>
            <dd>{money(p.shipping)}</dd>
            <dt className={cs.total}>{t('studioCatalogue.total')}</dt>
            <dd className={cs.total} data-testid="preview-total">
              {money(p.total)}
            </dd>
          </dl>
          {p.shippingProblems.length > 0 && <p className={styles.error}>{t('studioCatalogue.shippingProblem')}</p>}
        </>
      )}
    </div>
  );
}

/** run2 runs a save and, when it succeeded, clears its form. */
export async function run2(run: (call: () => Promise<Payload>, done: string) => Promise<boolean>, call: () => Promise<Payload>, done: string, clear: () => void) {
  if (await run(call, done)) clear();
}


/** useDebounced is value once it has not changed for ms (a string or a number: compared by value). */
export function useDebounced<T extends string | number | null>(value: T, ms = 300): T {
  const [out, setOut] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setOut(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return out;
}
