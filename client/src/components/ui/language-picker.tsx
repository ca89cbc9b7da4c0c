import { getApolloContext } from '@apollo/client/react';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, currentLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../lib/i18n';
import { refetchInNewLanguage } from '../../lib/language-refetch';
import styles from './language-picker.module.css';

/**
 * LanguagePicker lists the interface's languages, each named in itself
 * (« Français / Nederlands / English ») and marked with its own lang, so that
 * a screen reader says it right; the current one is pressed (aria-pressed).
 * Choosing one is remembered for the next visits (lib/i18n.ts); the
 * queries on screen are asked again in the new language, and what the
 * server wrote in the old one for other screens (the countries' names, the
 * cart's delivery problems) is dropped (lib/language-refetch.ts).
 */
export function LanguagePicker({ className }: { className?: string }) {
  const { t } = useTranslation();
  const current = currentLanguage();
  const { client } = useContext(getApolloContext());
  return (
    <div role="group" aria-label={t('language.label')} className={[styles.picker, className].filter(Boolean).join(' ')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={styles.choice}
          aria-pressed={language === current}
          onClick={() => {
            if (language !== current) void chooseLanguage(language).then(() => (client ? refetchInNewLanguage(client) : undefined));
          }}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </div>
  );
}
