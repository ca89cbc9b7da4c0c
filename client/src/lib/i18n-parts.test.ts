import { describe, expect, it } from 'vitest';
import i18n, { loadStrings } from './i18n';
import en from './locales/en';
import fr from './locales/fr';
import nl from './locales/nl';
import frHome from './locales/fr?catalogue=home';
import frGuest from './locales/fr?catalogue=guest';
import frStudio from './locales/fr?catalogue=studio';
import nlHome from './locales/nl?catalogue=home';
import nlGuest from './locales/nl?catalogue=guest';
import nlStudio from './locales/nl?catalogue=studio';
import enHome from './locales/en?catalogue=home';
import enGuest from './locales/en?catalogue=guest';
import enStudio from './locales/en?catalogue=studio';

type Strings = Record<string, Record<string, string>>;

function keys(catalogue: unknown): string[] {
  return Object.entries(catalogue as Strings)
    .flatMap(([section, messages]) => Object.keys(messages).map((key) => `${section}.${key}`))
    .sort();
}

describe('the parts of the catalogues (build/split-catalogues.ts)', () => {
  const languages = { fr: [fr, frHome, frGuest, frStudio], nl: [nl, nlHome, nlGuest, nlStudio], en: [en, enHome, enGuest, enStudio] } as const;

  it.each(['fr', 'nl', 'en'] as const)('%s: home, guest and studio hold every key once, with its text', (lang) => {
    const [whole, home, guest, studio] = languages[lang];
    const parts = [home, guest, studio].map(keys);
    expect([...parts[0], ...parts[1], ...parts[2]].sort()).toEqual(keys(whole));
    expect(new Set([...parts[0], ...parts[1], ...parts[2]]).size).toBe(keys(whole).length);
    for (const part of [home, guest, studio] as Strings[]) {
      for (const [section, messages] of Object.entries(part)) for (const [key, text] of Object.entries(messages)) expect(text).toBe((whole as Strings)[section][key]);
    }
  });

  it('splits every language the same way', () => {
    expect(keys(nlHome)).toEqual(keys(frHome));
    expect(keys(enHome)).toEqual(keys(frHome));
    expect(keys(nlStudio)).toEqual(keys(frStudio));
    expect(keys(enGuest)).toEqual(keys(frGuest));
  });

  it('gives the home what the gallery home says, and no studio, checkout or cart screen', () => {
    const home = keys(frHome);
    // Used by the home's modules: plurals come with their key, errors.${code} with every error.
    for (const key of ['gallery.photosCount_one', 'gallery.photosCount_other', 'nav.cart', 'errors.unknown', 'common.loading', 'language.label']) expect(home).toContain(key);
    expect(home.filter((k) => k.startsWith('studio'))).toEqual([]);
    expect(home).not.toContain('checkout.addressTitle');
    expect(keys(frStudio).every((k) => k.startsWith('studio'))).toBe(true);
    expect(keys(frGuest).some((k) => k.startsWith('studio'))).toBe(false);
    // The home part is a small share of the catalogue.
    expect(home.length).toBeLessThan(keys(fr).length / 4);
  });

  it('brings a part in the current language, and in a language chosen later', async () => {
    await loadStrings('guest', 'studio');
    expect(i18n.t('studioOrders.title')).toBe((fr as unknown as Strings).studioOrders.title);
    try {
      await i18n.changeLanguage('nl');
      expect(i18n.t('studioOrders.title')).toBe((nl as unknown as Strings).studioOrders.title);
      expect(i18n.t('checkout.addressTitle')).toBe((nl as unknown as Strings).checkout.addressTitle);
    } finally {
      await i18n.changeLanguage('fr');
    }
  });
});
