import { describe, expect, it } from 'vitest';
import { normalizeColor, parseColor, tint } from './tint';
import { themeVariables } from './theme';

describe('tint', () => {
  it('mixes the colour with white at N% of the colour', () => {
    expect(tint('#000000', 10)).toBe('#e6e6e6');
    expect(tint('#000000', 50)).toBe('#808080');
    expect(tint('#ff0000', 25)).toBe('#ffbfbf');
    expect(tint('#336699', 100)).toBe('#336699');
    expect(tint('#336699', 0)).toBe('#ffffff');
  });

  it('reads short hex, missing # and rgb()', () => {
    expect(tint('#000', 70)).toBe('#4d4d4d');
    expect(tint('000000', 30)).toBe('#b3b3b3');
    expect(tint('rgb(0, 0, 0)', 17)).toBe('#d4d4d4');
    expect(normalizeColor(' #ABC ')).toBe('#aabbcc');
  });

  it('ignores invalid colours and percentages', () => {
    for (const bad of ['', 'red', '#12', '#gggggg', 'rgb(300,0,0)', null, undefined]) {
      expect(parseColor(bad)).toBeNull();
      expect(tint(bad, 10)).toBeNull();
    }
    expect(tint('#000', -1)).toBeNull();
    expect(tint('#000', 101)).toBeNull();
    expect(tint('#000', Number.NaN)).toBeNull();
  });
});

describe('themeVariables', () => {
  it('derives every tint of spec §3 and the photos gap', () => {
    const vars = themeVariables({
      colors: { primary: '#000000', secondary: '#000000', accent: '#000000', light: '#000000' },
      photosGap: 8,
    });
    expect(Object.keys(vars).sort()).toEqual(
      [
        '--color-primary',
        '--color-primary-10',
        '--color-primary-25',
        '--color-secondary',
        '--color-secondary-10',
        '--color-accent',
        '--color-accent-10',
        '--color-accent-17',
        '--color-accent-30',
        '--color-accent-50',
        '--color-accent-70',
        '--color-light',
        '--color-light-50',
        '--photos-gap',
      ].sort(),
    );
    expect(vars['--color-accent-17']).toBe('#d4d4d4');
    expect(vars['--photos-gap']).toBe('8px');
  });

  it('leaves out invalid colours', () => {
    const vars = themeVariables({ colors: { primary: 'nope', accent: '#fff' }, photosGap: -3 });
    expect(vars['--color-primary']).toBeUndefined();
    expect(vars['--color-primary-10']).toBeUndefined();
    expect(vars['--color-accent']).toBe('#ffffff');
    expect(vars['--photos-gap']).toBeUndefined();
  });
});
