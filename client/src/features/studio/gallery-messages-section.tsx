import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../components/ui/form-field';
import { useSaveSettings } from './use-save-settings';
import studio from './studio.module.css';
import styles from './settings.module.css';

/** GalleryMessagesValue is the welcome popup as the section edits it. */
export interface GalleryMessagesValue {
  id: string;
  welcomePopupConfig?: { mode: string; messageForClients: string; messageForVisitors: string } | null;
}

const MODES = ['', 'msgOnly', 'msgAndFirstSteps'] as const;

/**
 * GalleryMessagesSection edits the welcome popup: none, a message, or a
 * message and the first steps; one message for clients and one for
 * visitors (the model keeps one text each, in the photographer's words,
 * whatever the guest's language).
 */
export function GalleryMessagesSection({ gallery }: { gallery: GalleryMessagesValue }) {
  const { t } = useTranslation();
  const { save, errors, saved, loading } = useSaveSettings(gallery.id);
  const w = gallery.welcomePopupConfig;
  const [mode, setMode] = useState(w?.mode ?? '');
  const [forClients, setForClients] = useState(w?.messageForClients ?? '');
  const [forVisitors, setForVisitors] = useState(w?.messageForVisitors ?? '');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save({ welcomePopupConfig: mode ? { mode, messageForClients: forClients, messageForVisitors: forVisitors } : { mode: '' } });
  };
  return (
    <section className={studio.card} aria-labelledby="messages-title">
      <h2 id="messages-title">{t('studioSettings.messagesTitle')}</h2>
      <form className={studio.form} onSubmit={(e) => void submit(e)} noValidate>
        <label className={styles.field}>
          {t('studioSettings.welcomeMode')}
          <select name="welcomeMode" value={mode} onChange={(e) => setMode(e.target.value)}>
            {MODES.map((m) => (
              <option key={m} value={m}>
                {t(`studioSettings.welcomeMode_${m || 'none'}`)}
              </option>
            ))}
          </select>
          {errors.mode && (
            <span className={styles.fieldError} role="alert">
              {errors.mode}
            </span>
          )}
        </label>
        {mode && (
          <>
            <TextAreaField
              label={t('studioSettings.messageForClients')}
              name="messageForClients"
              rows={4}
              value={forClients}
              error={errors.messageForClients}
              onChange={(e) => setForClients(e.target.value)}
            />
            <TextAreaField
              label={t('studioSettings.messageForVisitors')}
              name="messageForVisitors"
              rows={4}
              value={forVisitors}
              error={errors.messageForVisitors}
              hint={t('studioSettings.messagesHint')}
              onChange={(e) => setForVisitors(e.target.value)}
            />
          </>
        )}
        {errors[''] && <p className={studio.error}>{errors['']}</p>}
        <div className={studio.actions}>
          <button type="submit" className={studio.primary} disabled={loading}>
            {t('studioSettings.saveMessages')}
          </button>
          {saved && (
            <p className={studio.notice} role="status">
              {t('studio.saved')}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}
