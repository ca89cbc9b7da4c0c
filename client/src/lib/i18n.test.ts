import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { applyGalleryLanguage, CATALOGUES, chooseLanguage, currentLanguage, detectLanguage, LANGUAGE_STORAGE_KEY, LANGUAGES, matchLanguage } from './i18n';
import en from './locales/en';
import fr from './locales/fr';
import nl from './locales/nl';

type Catalogue = Record<string, Record<string, string>>;

function entries(catalogue: Catalogue): Map<string, string> {
  const out = new Map<string, string>();
  for (const [section, messages] of Object.entries(catalogue)) {
    for (const [key, value] of Object.entries(messages)) out.set(`${section}.${key}`, value);
  }
  return out;
}

const frEntries = entries(fr);
const others = { nl: entries(nl), en: entries(en) };

/** placeholders lists a message's interpolation variables: « {{count}} / {{max}} » → count, max. */
function placeholders(value: string): string[] {
  return [...value.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();
}

/**
 * SAME_AS_FRENCH are the longer messages that may read the same in French and
 * in another language (names, numbers, symbols): nothing else may be left in
 * French. Keep it small.
 */
const SAME_AS_FRENCH = new Set<string>(['notifications.region']);

describe('i18n catalogues', () => {
  const frKeys = [...frEntries.keys()].sort();

  it('offers French, Dutch and English, and nothing else', () => {
    expect([...LANGUAGES].sort()).toEqual(['en', 'fr', 'nl']);
    expect(Object.keys(CATALOGUES).sort()).toEqual(['en', 'nl']);
  });

  it.each(['nl', 'en'] as const)('%s has exactly the keys of fr', (lang) => {
    const other = [...others[lang].keys()].sort();
    expect(other.filter((k) => !frEntries.has(k)), `keys in ${lang} but not in fr`).toEqual([]);
    expect(frKeys.filter((k) => !others[lang].has(k)), `keys in fr but missing from ${lang}`).toEqual([]);
  });

  it.each(['fr', 'nl', 'en'] as const)('%s has no empty message', (lang) => {
    const catalogue = lang === 'fr' ? frEntries : others[lang];
    const empty = [...catalogue].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it.each(['nl', 'en'] as const)('%s keeps the interpolation variables of every French message', (lang) => {
    const differ = frKeys.filter((k) => placeholders(frEntries.get(k)!).join() !== placeholders(others[lang].get(k) ?? '').join());
    expect(differ).toEqual([]);
  });

  it.each(['nl', 'en'] as const)('%s leaves nothing in French', (lang) => {
    // A longer message equal to the French one (once its variables are set aside) was not translated.
    const copied = frKeys.filter((k) => {
      const value = others[lang].get(k)!;
      const text = value.replace(/\{\{[^}]*\}\}/g, '').trim();
      return value === frEntries.get(k) && text.length > 12 && !SAME_AS_FRENCH.has(k);
    });
    expect(copied, `messages of ${lang} still in French`).toEqual([]);
    // French typography gives away a copied message too: guillemets, a space before : ; ! ?
    const frenchTypography = [...others[lang]].filter(([, v]) => /[«»]|[\s\u00a0\u202f][:;!?]/.test(v)).map(([k]) => k);
    expect(frenchTypography, `messages of ${lang} in French typography`).toEqual([]);
  });

  it('has the plural forms each language needs', () => {
    // i18next picks _one / _other in Dutch and English, and _one / _many / _other in French.
    for (const key of frKeys.filter((k) => k.endsWith('_other'))) {
      const base = key.slice(0, -'_other'.length);
      for (const lang of ['nl', 'en'] as const) expect(others[lang].has(`${base}_other`), `${lang} ${base}_other`).toBe(true);
    }
  });

  it('includes the keys the specification names', () => {
    for (const key of ['gallery.errorPhotos', 'gallery.errorVideos', 'errors.addPhotoToAlbumError', 'errors.addPhotoToFavoritesError', 'cart.cartUpdated']) {
      expect(frKeys, key).toContain(key);
    }
  });

  it('speaks French by default and falls back to French', () => {
    expect(i18n.language).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(i18n.t('errors.unknown')).toBe('Erreur inconnue');
    expect(i18n.t('gallery.photosCount', { count: 1 })).toBe('1 photo');
    expect(i18n.t('gallery.photosCount', { count: 42 })).toBe('42 photos');
    // The album's counter agrees with its size: « 1 / 1 photo », not « photos ».
    expect(i18n.t('album.counter', { n: 1, count: 1 })).toBe('1 / 1 photo');
    expect(i18n.t('album.counter', { n: 0, count: 20 })).toBe('0 / 20 photos');
    expect(i18n.options.fallbackLng).toEqual(['fr']);
  });

  it('loads Dutch and English only when their language is chosen, and sets <html lang>', async () => {
    expect(i18n.hasResourceBundle('nl', 'translation')).toBe(false);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    try {
      await i18n.changeLanguage('nl');
      expect(i18n.hasResourceBundle('nl', 'translation')).toBe(true);
      expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
      expect(document.documentElement.lang).toBe('nl');
      expect(i18n.t('nav.cart')).toBe('Winkelmandje');
      expect(i18n.t('gallery.photosCount', { count: 1 })).toBe('1 foto');
      expect(i18n.t('gallery.photosCount', { count: 3 })).toBe('3 foto’s');
      await i18n.changeLanguage('en');
      expect(document.documentElement.lang).toBe('en');
      expect(i18n.t('selections.favoritesName')).toBe('Favourites');
      expect(i18n.t('share.sent', { count: 1 })).toBe('The gallery’s link has been sent to 1 address.');
      expect(i18n.t('share.sent', { count: 2 })).toBe('The gallery’s link has been sent to 2 addresses.');
    } finally {
      await i18n.changeLanguage('fr');
    }
    expect(document.documentElement.lang).toBe('fr');
    expect(i18n.t('common.appName')).toBe(fr.common.appName);
  });
});

describe('the choice of language', () => {
  const browser = (languages: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);

  afterEach(async () => {
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    if (i18n.language !== 'fr') await i18n.changeLanguage('fr');
  });

  it('matches a browser language by its primary subtag, in the browser’s order', () => {
    expect(matchLanguage(['nl-BE'])).toBe('nl');
    expect(matchLanguage(['fr-BE', 'nl-BE'])).toBe('fr');
    expect(matchLanguage(['de-DE', 'en-US', 'nl'])).toBe('en');
    expect(matchLanguage(['NL_be'])).toBe('nl');
    expect(matchLanguage(['de', 'es-ES'])).toBeUndefined();
    expect(matchLanguage([])).toBeUndefined();
  });

  it('follows the browser’s languages when the visitor has not chosen', () => {
    browser(['nl-BE', 'fr-BE']);
    expect(detectLanguage()).toBe('nl');
    browser(['de-DE', 'en-GB', 'fr']);
    expect(detectLanguage()).toBe('en');
    browser(['fr-BE', 'nl-BE']);
    expect(detectLanguage()).toBe('fr');
  });

  it('falls back to French when the browser speaks none of the languages', () => {
    browser(['de-DE', 'es']);
    expect(detectLanguage()).toBe('fr');
    // No list (older browsers): navigator.language alone.
    browser([]);
    const single = vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-CH');
    expect(detectLanguage()).toBe('fr');
    single.mockReturnValue('nl-NL');
    expect(detectLanguage()).toBe('nl');
  });

  it('falls back to the gallery’s default language, after the choice and the browser', async () => {
    browser(['de-DE']);
    expect(detectLanguage('nl')).toBe('nl');
    expect(detectLanguage('de')).toBe('fr');
    await applyGalleryLanguage('en');
    expect(currentLanguage()).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    browser(['nl-BE']);
    expect(detectLanguage('en')).toBe('nl');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    browser(['de-DE']);
    expect(detectLanguage('en')).toBe('fr');
  });

  it('puts the visitor’s choice first, and ignores a stored value that is no language of the interface', () => {
    browser(['nl-BE']);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(detectLanguage()).toBe('en');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    expect(detectLanguage()).toBe('nl');
  });

  it('still chooses when the storage refuses to be read', () => {
    browser(['en-GB']);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(detectLanguage()).toBe('en');
  });

  it('names the language detected at the start even before its catalogue is there', () => {
    // At the start, i18next sets language at once and resolvedLanguage once the catalogue is
    // loaded: the opening requests, which leave then, must already say nl (Accept-Language).
    const { language, resolvedLanguage } = i18n;
    try {
      i18n.language = 'nl';
      i18n.resolvedLanguage = 'fr';
      expect(currentLanguage()).toBe('nl');
      i18n.language = 'de';
      expect(currentLanguage()).toBe('fr');
    } finally {
      i18n.language = language;
      i18n.resolvedLanguage = resolvedLanguage;
    }
  });

  it('remembers the visitor’s choice and switches the interface', async () => {
    browser(['fr-BE']);
    await chooseLanguage('nl');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('nl');
    expect(currentLanguage()).toBe('nl');
    expect(detectLanguage()).toBe('nl');
    expect(i18n.t('checkout.stepCart')).toBe('Winkelmandje');
  });
});
