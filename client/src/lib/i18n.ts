import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import fr from './locales/fr';
import en from './locales/en';
import es from './locales/es';

/** DEFAULT_LANGUAGE is French, also the fallback (spec §1). */
export const DEFAULT_LANGUAGE = 'fr';

/** resources holds every catalogue; fr is complete, en and es are stubs. */
export const resources = {
  fr: { translation: fr },
  en: { translation: en },
  es: { translation: es },
} as const;

void i18n.use(initReactI18next).init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['fr', 'en', 'es'],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export default i18n;
