import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/ui/form-field';
import { accessModeOf, accessSettings } from './access-mode';
import { AccessModeField } from './access-mode-field';
import { UpdateGalleryMutation } from './documents';
import { fieldErrors } from './user-errors';
import styles from './studio.module.css';

/** EditableGallery is what the settings form edits. */
export interface EditableGallery {
  id: string;
  url: string;
  eventName: string;
  eventDateString: string;
  published: boolean;
  accessPolicy: { isPublic: boolean; needEmail: boolean };
}

/** GallerySettingsForm edits a gallery's title, address, date and access (updateGallery), errors beside their fields; the status section publishes it. */
export function GallerySettingsForm({ gallery }: { gallery: EditableGallery }) {
  const { t } = useTranslation();
  const [eventName, setEventName] = useState(gallery.eventName);
  const [url, setUrl] = useState(gallery.url);
  const [eventDate, setEventDate] = useState(gallery.eventDateString);
  const [mode, setMode] = useState(accessModeOf(gallery.accessPolicy));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const [update, { loading }] = useMutation(UpdateGalleryMutation);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    try {
      const { data } = await update({
        variables: { input: { galleryId: gallery.id, settings: { eventName, url, eventDate, ...accessSettings(mode) } } },
      });
      const payload = data?.updateGallery;
      setErrors(payload?.userErrors.length ? fieldErrors(payload.userErrors, t) : {});
      setSaved(!payload?.userErrors.length);
    } catch {
      setErrors({ '': t('studio.error') });
    }
  };
  return (
    <section className={styles.card}>
      <h2>{t('studio.settingsTitle')}</h2>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <FormField label={t('studio.eventName')} name="eventName" value={eventName} error={errors.eventName} onChange={(e) => setEventName(e.target.value)} />
        <FormField
          label={t('studio.url')}
          name="url"
          value={url}
          error={errors.url}
          hint={t('studio.urlHint', { address: `${window.location.origin}/${url}` })}
          onChange={(e) => setUrl(e.target.value)}
        />
        <FormField label={t('studio.eventDate')} name="eventDate" type="date" value={eventDate} error={errors.eventDate} onChange={(e) => setEventDate(e.target.value)} />
        <AccessModeField value={mode} onChange={setMode} />
        {errors[''] && <p className={styles.error}>{errors['']}</p>}
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={loading}>
            {t('studio.save')}
          </button>
          {saved && (
            <p className={styles.notice} role="status">
              {t('studio.saved')}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}
