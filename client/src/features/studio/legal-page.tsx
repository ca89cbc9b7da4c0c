import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, TextAreaField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { StudioBooksLegalQuery, StudioBooksUpdateLegalMutation } from './books-documents';
import { fieldErrors } from './user-errors';
import styles from './studio.module.css';

interface Legal {
  legalName: string;
  address: string;
  vatNumber: string;
  companyNumber: string;
}

/** LegalPage is /studio/coordonnees-legales: the studio's legal details printed on its invoices. */
export function LegalPage() {
  const { t } = useTranslation();
  const { data, error } = useQuery(StudioBooksLegalQuery, { fetchPolicy: 'cache-and-network' });
  return (
    <>
      <div className={styles.pageHead}>
        <h1>{t('studio.legalTitle')}</h1>
      </div>
      {error && !data && <p className={styles.error}>{t('studio.error')}</p>}
      {!data && !error && <Spinner label={t('common.loading')} block />}
      {data && <LegalForm initial={data.studioLegalDetails} />}
    </>
  );
}

function LegalForm({ initial }: { initial: Legal }) {
  const { t } = useTranslation();
  const [v, setV] = useState<Legal>({ legalName: initial.legalName, address: initial.address, vatNumber: initial.vatNumber, companyNumber: initial.companyNumber });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const [update, { loading }] = useMutation(StudioBooksUpdateLegalMutation);
  const set = (k: keyof Legal) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    try {
      const { data } = await update({ variables: { input: v } });
      const payload = data?.updateStudioLegalDetails;
      setErrors(payload?.userErrors.length ? fieldErrors(payload.userErrors, t) : {});
      if (payload?.legalDetails) {
        const d = payload.legalDetails;
        setV({ legalName: d.legalName, address: d.address, vatNumber: d.vatNumber, companyNumber: d.companyNumber });
        setSaved(true);
      }
    } catch {
      setErrors({ '': t('studio.error') });
    }
  };
  return (
    <section className={`${styles.card} ${styles.narrow}`}>
      <p className={styles.muted}>{t('studio.legalIntro')}</p>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <FormField label={t('studio.legalName')} name="legalName" value={v.legalName} error={errors.legalName} onChange={set('legalName')} autoComplete="organization" />
        <TextAreaField label={t('studio.legalAddress')} name="address" value={v.address} error={errors.address} rows={3} onChange={set('address')} />
        <FormField label={t('studio.legalVat')} name="vatNumber" value={v.vatNumber} error={errors.vatNumber} hint={t('studio.legalVatHint')} onChange={set('vatNumber')} />
        <FormField label={t('studio.legalCompany')} name="companyNumber" value={v.companyNumber} error={errors.companyNumber} onChange={set('companyNumber')} />
        {errors[''] && (
          <p className={styles.error} role="alert">
            {errors['']}
          </p>
        )}
        {saved && (
          <p className={styles.notice} role="status">
            {t('studio.saved')}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={loading}>
            {t('studio.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
