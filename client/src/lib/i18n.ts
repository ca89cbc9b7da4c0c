import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import fr from './locales/fr?catalogue=home';
import { partOfSection, type CataloguePart } from './locales/parts';
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

type Load = () => Promise<{ default: ResourceKey }>;

/**
 * CATALOGUES load the other languages' home part. Each language's catalogue
 * (locales/*.ts) comes in three parts (build/split-catalogues.ts): « home »,
 * the strings the first download uses, « guest », the rest of a guest's,
 * « studio », the studio's. French's home part is bundled (it is the default
 * and the fallback); nl and en come when their language is chosen or
 * detected (i18n.changeLanguage), the guest and studio parts with the
 * screens that need them (loadStrings), so that a guest's first paint
 * downloads only their language's home strings (docs/performance.md).
 */
export const CATALOGUES: Record<Exclude<Language, 'fr'>, Load> = {
  nl: () => import('./locales/nl?catalogue=home'),
  en: () => import('./locales/en?catalogue=home'),
};

/** LaterPart is a part of a catalogue loaded on demand. */
export type LaterPart = Exclude<CataloguePart, 'home'>;

const LATER_PARTS: Record<Language, Record<LaterPart, Load>> = {
  fr: { guest: () => import('./locales/fr?catalogue=guest'), studio: () => import('./locales/fr?catalogue=studio') },
  nl: { guest: () => import('./locales/nl?catalogue=guest'), studio: () => import('./locales/nl?catalogue=studio') },
  en: { guest: () => import('./locales/en?catalogue=guest'), studio: () => import('./locales/en?catalogue=studio') },
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
  if (language !== currentLanguage()) await changeLanguageWithParts(language);
}

/** chooseLanguage is the visitor's choice: it is remembered, then the interface switches (once its catalogue is loaded). */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered; the interface still switches for this visit.
  }
  await changeLanguageWithParts(language);
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

// The parts asked for so far (loadStrings): a language loaded later comes with them.
const wanted = new Set<LaterPart>();
const fetched = new Map<string, Promise<ResourceKey>>();
const added = new Set<string>();

/** fetchPart downloads a part of a language's catalogue once (again after a failure). */
function fetchPart(language: Language, part: LaterPart): Promise<ResourceKey> {
  const key = `${language}/${part}`;
  let loading = fetched.get(key);
  if (!loading) {
    loading = LATER_PARTS[language][part]().then((m) => m.default);
    loading.catch(() => fetched.delete(key));
    fetched.set(key, loading);
  }
  return loading;
}

/** addPart puts a downloaded part into a language's catalogue, once (i18next then draws again what uses it). */
function addPart(language: Language, part: LaterPart, strings: ResourceKey) {
  const key = `${language}/${part}`;
  if (added.has(key)) return;
  added.add(key);
  i18n.addResourceBundle(language, 'translation', strings, true, false);
}

/**
 * loadStrings loads parts of the interface language's catalogue (and of any
 * language chosen later): lazyWithRetry waits for it before drawing a
 * screen loaded on demand. It settles once they are in i18next.
 */
export async function loadStrings(...parts: LaterPart[]): Promise<void> {
  for (const part of parts) wanted.add(part);
  const language = currentLanguage();
  if (language !== DEFAULT_LANGUAGE && !i18n.hasResourceBundle(language, 'translation')) await i18n.loadLanguages(language);
  const strings = await Promise.all(parts.map((part) => fetchPart(language, part)));
  parts.forEach((part, i) => addPart(language, part, strings[i]));
}

/** withStrings settles with module once the parts are loaded too (a lazy dialog's code and its strings). */
export async function withStrings<T>(module: Promise<T>, ...parts: LaterPart[]): Promise<T> {
  const [loaded] = await Promise.all([module, loadStrings(...(parts.length ? parts : (['guest'] as const)))]);
  return loaded;
}

/** changeLanguageWithParts switches the interface once the new language has the parts asked for so far. */
async function changeLanguageWithParts(language: Language): Promise<void> {
  const parts = [...wanted];
  const strings = await Promise.all(parts.map((part) => fetchPart(language, part)));
  if (language === DEFAULT_LANGUAGE || i18n.hasResourceBundle(language, 'translation')) parts.forEach((part, i) => addPart(language, part, strings[i]));
  await i18n.changeLanguage(language);
  parts.forEach((part, i) => addPart(language, part, strings[i]));
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
    // The home part, and the parts already asked for in another language.
    const parts = [...wanted];
    Promise.all([load(), ...parts.map((part) => fetchPart(language as Language, part))]).then(
      ([home, ...rest]) => {
        parts.forEach((part) => added.add(`${language}/${part}`));
        callback(null, mergeParts(home.default, ...rest));
      },
      (error: Error) => callback(error, false),
    );
  },
};

type Strings = Record<string, Record<string, string>>;

function mergeParts(...parts: ResourceKey[]): ResourceKey {
  const out: Strings = {};
  for (const part of parts as Strings[]) for (const [section, messages] of Object.entries(part)) out[section] = { ...out[section], ...messages };
  return out;
}

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
    // A copy: i18next merges the later parts into it.
    resources: { fr: { translation: structuredClone(fr) } },
    partialBundledLanguages: true,
    lng: detectLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    // A key the home part lacks (one built in a way build/split-catalogues.ts
    // cannot see) brings its part, and what uses it is drawn again.
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => void loadStrings(partOfSection(key.split('.')[0])).catch(() => undefined),
    react: { bindI18nStore: 'added' },
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
