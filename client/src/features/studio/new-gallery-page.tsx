import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormField } from '../../components/ui/form-field';
import { accessSettings, slugify, type AccessMode } from './access-mode';
import { AccessModeField } from './access-mode-field';
import { CatalogueSourceField, defaultSource, useCatalogueSources } from './catalogue-copy';
import { CreateGalleryMutation } from './documents';
import { fieldErrors } from './user-errors';
import styles from './studio.module.css';

/** NewGalleryPage is /studio/galeries/nouvelle: title, address, date, access and starting shop catalogue of a new gallery (a draft until published). */
export function NewGalleryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [eventName, setEventName] = useState('');
  const [url, setUrl] = useState('');
  const [urlTouched, setUrlTouched] = useState(false);
  const [eventDate, setEventDate] = useState('');
  const [mode, setMode] = useState<AccessMode>('code');
  const [copyFrom, setCopyFrom] = useState<string | null>(null);
  const { sources } = useCatalogueSources();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, { loading }] = useMutation(CreateGalleryMutation, { refetchQueries: ['StudioGalleries', 'StudioCatalogueSources'] });
  const address = urlTouched ? url : slugify(eventName);
  const copyCatalogueFrom = defaultSource(copyFrom, sources);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { data } = await create({
        variables: {
          input: {
            url: address,
            eventName,
            settings: { eventDate, published: false, ...accessSettings(mode) },
            ...(copyCatalogueFrom ? { copyCatalogueFrom } : {}),
          },
        },
      });
      const payload = data?.createGallery;
      if (payload?.userErrors.length) return setErrors(fieldErrors(payload.userErrors, t));
      if (payload?.gallery) void navigate(`/studio/galeries/${payload.gallery.id}`);
    } catch {
      setErrors({ '': t('studio.error') });
    }
  };
  return (
    <section className={styles.card}>
      <h1>{t('studio.newGallery')}</h1>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <FormField label={t('studio.eventName')} name="eventName" value={eventName} error={errors.eventName} onChange={(e) => setEventName(e.target.value)} />
        <FormField
          label={t('studio.url')}
          name="url"
          value={address}
          error={errors.url}
          hint={t('studio.urlHint', { address: `${window.location.origin}/${address}` })}
          onChange={(e) => {
            setUrlTouched(true);
            setUrl(e.target.value);
          }}
        />
        <FormField label={t('studio.eventDate')} name="eventDate" type="date" value={eventDate} error={errors.eventDate} onChange={(e) => setEventDate(e.target.value)} />
        <AccessModeField value={mode} onChange={setMode} />
        <CatalogueSourceField sources={sources} value={copyFrom} onChange={setCopyFrom} />
        {errors.copyCatalogueFrom && <p className={styles.error}>{errors.copyCatalogueFrom}</p>}
        {errors[''] && <p className={styles.error}>{errors['']}</p>}
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={loading}>
            {t('studio.create')}
          </button>
        </div>
      </form>
    </section>
  );
}
