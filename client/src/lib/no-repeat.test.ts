import { describe, expect, it } from 'vitest';
import i18n from './i18n';
import fr from './locales/fr';
import { NAME_TEMPLATES, noRepeat } from './no-repeat';

describe('noRepeat', () => {
  it('says a pack’s or a file’s word once', () => {
    expect(noRepeat('Terminer le pack Pack Souvenir')).toBe('Terminer le Pack Souvenir');
    expect(noRepeat('Pack Pack Souvenir')).toBe('Pack Souvenir');
    expect(noRepeat('1 × fichier numérique Fichier HD')).toBe('1 × Fichier HD');
    expect(noRepeat('Fichier numérique Fichier HD')).toBe('Fichier HD');
    expect(noRepeat('5 fichiers Fichier HD')).toBe('5 Fichier HD');
    expect(noRepeat('Fichiers numériques Fichier web')).toBe('Fichier web');
  });

  it('leaves other labels alone', () => {
    expect(noRepeat('Terminer le pack Souvenir')).toBe('Terminer le pack Souvenir');
    expect(noRepeat('1 × fichier numérique HD')).toBe('1 × fichier numérique HD');
    expect(noRepeat('3 × tirage 13 x 18')).toBe('3 × tirage 13 x 18');
    expect(noRepeat('Vous vous êtes trompé')).toBe('Vous vous êtes trompé');
    expect(noRepeat('si si')).toBe('si si');
  });

  it('runs on the messages that put a pack or format name after a word', () => {
    expect(i18n.t('cart.finishPackNamed', { name: 'Pack Souvenir' })).toBe('Terminer le Pack Souvenir');
    expect(i18n.t('shop.packDigital', { quantity: 1, format: 'Fichier HD' })).toBe('1 × Fichier HD');
  });

  it('leaves the other messages as they are: a name may repeat a word on purpose', () => {
    expect(i18n.t('gallery.coverAlt', { name: 'Duran Duran' })).toBe('Photo de couverture : Duran Duran');
    expect(i18n.t('selections.created', { name: 'Mariés Mariés' })).toContain('« Mariés Mariés »');
  });

  it('names only keys that exist, and every French message that puts a name after « pack », « tirage » or « fichier »', () => {
    for (const key of NAME_TEMPLATES) expect(i18n.exists(key), key).toBe(true);
    const nameAfterWord = /(pack|tirages?|fichiers?( numériques?)?)\s+\{\{(name|format)\}\}/i;
    const walk = (o: Record<string, unknown>, prefix: string): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? (nameAfterWord.test(v) ? [`${prefix}${k}`] : []) : walk(v as Record<string, unknown>, `${prefix}${k}.`)));
    expect(walk(fr as unknown as Record<string, unknown>, '').filter((k) => !NAME_TEMPLATES.has(k))).toEqual([]);
  });
});

describe('plurals (issue 20)', () => {
  it('counts the album’s photos through the plural rules', () => {
    expect(i18n.t('album.counterUnlimited', { count: 1 })).toBe('1 photo');
    expect(i18n.t('album.counterUnlimited', { count: 0 })).toBe('0 photo');
    expect(i18n.t('album.counterUnlimited', { count: 2 })).toBe('2 photos');
  });
});

describe('a pack format’s rule (issue 20)', () => {
  it('says no « photo(s) »', () => {
    expect(i18n.t('shop.packPrintRule', { count: 1, photos: 1 })).toBe('1 tirage.');
    expect(i18n.t('shop.packPrintRule', { count: 10, photos: 10 })).toBe('10 tirages, de 10 photos différentes au plus.');
    expect(i18n.t('shop.packPrintRuleSamePhoto', { count: 3 })).toBe('3 tirages d’une même photo.');
  });
});
