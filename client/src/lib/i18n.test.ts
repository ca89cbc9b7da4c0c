import { describe, expect, it } from 'vitest';
import i18n, { resources } from './i18n';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('i18n catalogues', () => {
  const fr = keys(resources.fr.translation).sort();

  it.each(['en', 'es'] as const)('%s has exactly the keys of fr', (lang) => {
    const other = keys(resources[lang].translation).sort();
    expect(other.filter((k) => !fr.includes(k)), `keys in ${lang} but not in fr`).toEqual([]);
    expect(fr.filter((k) => !other.includes(k)), `keys in fr but missing from ${lang}`).toEqual([]);
  });

  it('has no empty French message', () => {
    const empty = fr.filter((k) => {
      const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], resources.fr.translation);
      return typeof v !== 'string' || v.trim() === '';
    });
    expect(empty).toEqual([]);
  });

  it('includes the keys the specification names', () => {
    for (const key of ['gallery.errorPhotos', 'gallery.errorVideos', 'errors.addPhotoToAlbumError', 'errors.addPhotoToFavoritesError', 'cart.cartUpdated']) {
      expect(fr, key).toContain(key);
    }
  });

  it('speaks French by default and falls back to French', () => {
    expect(i18n.language).toBe('fr');
    expect(i18n.t('errors.unknown')).toBe('Erreur inconnue');
    expect(i18n.t('gallery.photosCount', { count: 1 })).toBe('1 photo');
    expect(i18n.t('gallery.photosCount', { count: 42 })).toBe('42 photos');
    expect(i18n.options.fallbackLng).toEqual(['fr']);
  });
});
