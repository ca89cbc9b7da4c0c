import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import fr from './locales/fr';
import { noRepeatProcessor } from './no-repeat';

/** DEFAULT_LANGUAGE is French, also the fallback (spec §1). */
export const DEFAULT_LANGUAGE = 'fr';

/** LANGUAGES are the interface's languages: fr is complete, en and es are stubs. */
export const LANGUAGES = ['fr', 'en', 'es'] as const;

/**
 * CATALOGUES load the stubs of the other languages. French is bundled (it is
 * the default and the fallback); en and es come when their language is
 * chosen (i18n.changeLanguage), so that nobody downloads them otherwise
 * (docs/performance.md).
 */
export const CATALOGUES: Record<string, () => Promise<{ default: ResourceKey }>> = {
  en: () => import('./locales/en'),
  es: () => import('./locales/es'),
};

const onDemand: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = CATALOGUES[language];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (catalogue) => callback(null, catalogue.default),
      (error: Error) => callback(error, false),
    );
  },
};

void i18n
  .use(onDemand)
  .use(initReactI18next)
  .use(noRepeatProcessor)
  .init({
    // « Terminer le pack Pack Souvenir », « fichier numérique Fichier HD »: said once (lib/no-repeat.ts).
    postProcess: ['noRepeat'],
    resources: { fr: { translation: fr } },
    partialBundledLanguages: true,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

export default i18n;
