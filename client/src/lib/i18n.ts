import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import fr from './locales/fr';
import { noRepeatProcessor } from './no-repeat';

/** DEFAULT_LANGUAGE is French, also the fallback (spec §1). */
export const DEFAULT_LANGUAGE = 'fr';

/** LANGUAGES are the interface's languages, all complete (i18n.test.ts checks it). */
export const LANGUAGES = ['fr', 'nl', 'en'] as const;

export type Language = (typeof LANGUAGES)[number];

/** LANGUAGE_NAMES name each language in itself, as the language picker shows them. */
export const LANGUAGE_NAMES: Record<Language, string> = { fr: 'Français', nl: 'Nederlands', en: 'English' };

/** LANGUAGE_STORAGE_KEY keeps the visitor's choice in localStorage, for every gallery. */
export const LANGUAGE_STORAGE_KEY = 'gallery.language';

/**
 * CATALOGUES load the other languages. French is bundled (it is the default
 * and the fallback); nl and en come when their language is chosen or
 * detected (i18n.changeLanguage), so that nobody downloads them otherwise
 * (docs/performance.md).
 */
export const CATALOGUES: Record<Exclude<Language, 'fr'>, () => Promise<{ default: ResourceKey }>> = {
  nl: () => import('./locales/nl'),
  en: () => import('./locales/en'),
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** matchLanguage gives the first of `tags` (BCP 47, in preference order) whose primary subtag is an interface language: nl-BE → nl. */
export function matchLanguage(tags: readonly string[]): Language | undefined {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage refused (private mode, blocked cookies)
  }
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages && navigator.languages.length > 0) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/**
 * detectLanguage chooses the interface language: the visitor's choice (kept
 * in localStorage by chooseLanguage), else the first of the browser's
 * languages that the interface speaks, else the gallery's default language
 * (Gallery.language, once known), else French.
 */
export function detectLanguage(galleryDefault?: string): Language {
  const stored = storedLanguage();
  if (isLanguage(stored)) return stored;
  return matchLanguage(browserLanguages()) ?? (isLanguage(galleryDefault) ? galleryDefault : DEFAULT_LANGUAGE);
}

/**
 * applyGalleryLanguage switches to a gallery's default language when
 * neither the visitor's choice nor the browser decides; it is not
 * remembered as a choice.
 */
export async function applyGalleryLanguage(galleryDefault: string): Promise<void> {
  const language = detectLanguage(galleryDefault);
  if (language !== currentLanguage()) await i18n.changeLanguage(language);
}

/** chooseLanguage is the visitor's choice: it is remembered, then the interface switches (once its catalogue is loaded). */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered; the interface still switches for this visit.
  }
  await i18n.changeLanguage(language);
}

/**
 * currentLanguage is the interface's language, one of LANGUAGES: the one
 * chosen or detected, even while its catalogue is still on its way (the
 * opening requests already carry it; resolvedLanguage would still say fr).
 */
export function currentLanguage(): Language {
  if (isLanguage(i18n.language)) return i18n.language;
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

const onDemand: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = CATALOGUES[language as keyof typeof CATALOGUES];
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

// <html lang> follows the interface: screen readers pick their voice from it.
function setDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
i18n.on('languageChanged', setDocumentLanguage);

void i18n
  .use(onDemand)
  .use(initReactI18next)
  .use(noRepeatProcessor)
  .init({
    // « Terminer le pack Pack Souvenir », « fichier numérique Fichier HD »: said once (lib/no-repeat.ts).
    postProcess: ['noRepeat'],
    resources: { fr: { translation: fr } },
    partialBundledLanguages: true,
    lng: detectLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

/**
 * languageReady settles once the starting language's catalogue is there
 * (at once in French): main.tsx waits for it, so that a Dutch or English
 * visitor's first screen is not drawn in French first.
 */
export const languageReady: Promise<void> = new Promise((resolve) => {
  const language = i18n.language;
  if (language === DEFAULT_LANGUAGE || i18n.hasResourceBundle(language, 'translation')) {
    resolve();
    return;
  }
  void i18n.loadLanguages(language, () => resolve());
});

export default i18n;
