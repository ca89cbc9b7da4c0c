import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../components/ui/form-field';
import { useSaveSettings } from './use-save-settings';
import studio from './studio.module.css';
import styles from './settings.module.css';

/** GalleryMessagesValue is the welcome popup as the section edits it. */
export interface GalleryMessagesValue {
  id: string;
  /** The gallery's default language: messageForClients and messageForVisitors are written in it. */
  language?: string;
  welcomePopupConfig?: {
    mode: string;
    messageForClients: string;
    messageForVisitors: string;
    translations?: ReadonlyArray<{ language: string; messageForClients: string; messageForVisitors: string }>;
  } | null;
}

/** WELCOME_LANGUAGES are the languages a welcome message may be written in. */
const WELCOME_LANGUAGES = ['fr', 'nl', 'en'] as const;

/** WelcomeTexts are the two messages in one language. */
type WelcomeTexts = { clients: string; visitors: string };

const MODES = ['', 'msgOnly', 'msgAndFirstSteps'] as const;

/**
 * GalleryMessagesSection edits the welcome popup: none, a message, or a
 * message and the first steps; one message for clients and one for
 * visitors, in the gallery's language, and their translations in the two
 * other languages (a guest reads theirs, else the gallery's language's).
 */
export function GalleryMessagesSection({ gallery }: { gallery: GalleryMessagesValue }) {
  const { t } = useTranslation();
  const { save, errors, saved, loading } = useSaveSettings(gallery.id);
  const w = gallery.welcomePopupConfig;
  const [mode, setMode] = useState(w?.mode ?? '');
  const [forClients, setForClients] = useState(w?.messageForClients ?? '');
  const [forVisitors, setForVisitors] = useState(w?.messageForVisitors ?? '');
  const defaultLanguage = gallery.language || 'fr';
  const others = WELCOME_LANGUAGES.filter((l) => l !== defaultLanguage);
  const [translations, setTranslations] = useState<Record<string, WelcomeTexts>>(() =>
    Object.fromEntries(
      others.map((l) => {
        const tr = w?.translations?.find((x) => x.language === l);
        return [l, { clients: tr?.messageForClients ?? '', visitors: tr?.messageForVisitors ?? '' }];
      }),
    ),
  );
  const setText = (l: string, key: keyof WelcomeTexts, value: string) => setTranslations((cur) => ({ ...cur, [l]: { ...cur[l], [key]: value } }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const list = others.map((l) => ({ language: l, messageForClients: translations[l]?.clients ?? '', messageForVisitors: translations[l]?.visitors ?? '' }));
    await save({ welcomePopupConfig: mode ? { mode, messageForClients: forClients, messageForVisitors: forVisitors, translations: list } : { mode: '' } });
  };
  const languageName = (l: string) => t(`studioWelcome.language_${l}`);
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
              hint={t('studioWelcome.defaultLanguage', { language: languageName(defaultLanguage) })}
              onChange={(e) => setForVisitors(e.target.value)}
            />
            <fieldset className={styles.translations}>
              <legend>{t('studioWelcome.translationsTitle')}</legend>
              <p className={studio.muted}>{t('studioWelcome.translationsHint')}</p>
              {others.map((l) => (
                <div key={l} className={styles.translation} lang={l}>
                  <TextAreaField
                    label={t('studioWelcome.forClientsIn', { language: languageName(l) })}
                    name={`messageForClients_${l}`}
                    rows={3}
                    value={translations[l]?.clients ?? ''}
                    onChange={(e) => setText(l, 'clients', e.target.value)}
                  />
                  <TextAreaField
                    label={t('studioWelcome.forVisitorsIn', { language: languageName(l) })}
                    name={`messageForVisitors_${l}`}
                    rows={3}
                    value={translations[l]?.visitors ?? ''}
                    onChange={(e) => setText(l, 'visitors', e.target.value)}
                  />
                </div>
              ))}
              {errors.language && <p className={studio.error}>{errors.language}</p>}
            </fieldset>
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
