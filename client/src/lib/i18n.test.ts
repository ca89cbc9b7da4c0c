import { describe, expect, it } from 'vitest';
import i18n, { CATALOGUES } from './i18n';
import en from './locales/en';
import es from './locales/es';
import fr from './locales/fr';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('i18n catalogues', () => {
  const frKeys = keys(fr).sort();
  const others = { en, es };

  it.each(['en', 'es'] as const)('%s has exactly the keys of fr', (lang) => {
    const other = keys(others[lang]).sort();
    expect(other.filter((k) => !frKeys.includes(k)), `keys in ${lang} but not in fr`).toEqual([]);
    expect(frKeys.filter((k) => !other.includes(k)), `keys in fr but missing from ${lang}`).toEqual([]);
  });

  it('has no empty French message', () => {
    const empty = frKeys.filter((k) => {
      const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], fr);
      return typeof v !== 'string' || v.trim() === '';
    });
    expect(empty).toEqual([]);
  });

  it('includes the keys the specification names', () => {
    for (const key of ['gallery.errorPhotos', 'gallery.errorVideos', 'errors.addPhotoToAlbumError', 'errors.addPhotoToFavoritesError', 'cart.cartUpdated']) {
      expect(frKeys, key).toContain(key);
    }
  });

  it('speaks French by default and falls back to French', () => {
    expect(i18n.language).toBe('fr');
    expect(i18n.t('errors.unknown')).toBe('Erreur inconnue');
    expect(i18n.t('gallery.photosCount', { count: 1 })).toBe('1 photo');
    expect(i18n.t('gallery.photosCount', { count: 42 })).toBe('42 photos');
    // The album's counter agrees with its size: « 1 / 1 photo », not « photos ».
    expect(i18n.t('album.counter', { n: 1, count: 1 })).toBe('1 / 1 photo');
    expect(i18n.t('album.counter', { n: 0, count: 20 })).toBe('0 / 20 photos');
    expect(i18n.options.fallbackLng).toEqual(['fr']);
  });

  it('loads the English and Spanish stubs when their language is chosen', async () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual(['en', 'es']);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    try {
      await i18n.changeLanguage('en');
      expect(i18n.t('common.appName')).toBe(en.common.appName);
      await i18n.changeLanguage('es');
      expect(i18n.t('common.appName')).toBe(es.common.appName);
    } finally {
      await i18n.changeLanguage('fr');
    }
    expect(i18n.t('common.appName')).toBe(fr.common.appName);
  });
});
