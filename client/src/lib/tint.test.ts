import { describe, expect, it } from 'vitest';
import { contrastRatio, mix, normalizeColor, parseColor, readableOn, tint } from './tint';
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
        '--color-secondary-text',
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

describe('contrast', () => {
  it('computes the WCAG ratio', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#457b9d', '#f1faee')).toBeCloseTo(4.3, 1);
    expect(contrastRatio('nope', '#fff')).toBeNull();
  });

  it('keeps a readable colour and shades an unreadable one just enough', () => {
    expect(readableOn('#1d1d1f', '#ffffff')).toBe('#1d1d1f');
    const shaded = readableOn('#457b9d', '#f1faee')!;
    expect(shaded).not.toBe('#457b9d');
    expect(contrastRatio(shaded, '#f1faee')!).toBeGreaterThanOrEqual(4.5);
    const lightened = readableOn('#333333', '#111111')!;
    expect(contrastRatio(lightened, '#111111')!).toBeGreaterThanOrEqual(4.5);
    expect(readableOn('x', '#fff')).toBeNull();
  });

  it('mixes two colours', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#ff0000', '#0000ff', 1)).toBe('#ff0000');
    expect(mix('#ff0000', '#0000ff', 2)).toBeNull();
  });
});

describe('themeVariables variants', () => {
  const colors = { primary: '#1d3557', secondary: '#457b9d', accent: '#e63946', light: '#f1faee' };

  it('gives the secondary text a readable shade on the light page', () => {
    const vars = themeVariables({ colors });
    expect(vars['--color-secondary']).toBe('#457b9d');
    expect(contrastRatio(vars['--color-secondary-text'], vars['--color-light'])!).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(vars['--color-secondary-text'], '#ffffff')!).toBeGreaterThanOrEqual(4.5);
  });

  it('dark: the colours as given, and a dark set beside them: deep page, light text, tints mixed with the page, every text readable', () => {
    const vars = themeVariables({ colors, variant: 'dark' });
    expect(vars['--color-primary']).toBe('#1d3557');
    expect(vars['--color-accent-17']).toBe(tint('#e63946', 17));
    expect(contrastRatio(vars['--dark-color-light'], '#ffffff')!).toBeGreaterThanOrEqual(12);
    expect(contrastRatio(vars['--dark-color-primary'], vars['--dark-color-light'])!).toBeGreaterThanOrEqual(7);
    expect(contrastRatio(vars['--dark-color-secondary-text'], vars['--dark-color-light'])!).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(vars['--dark-color-secondary-text'], vars['--dark-color-surface'])!).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(vars['--dark-color-primary'], vars['--dark-color-surface'])!).toBeGreaterThanOrEqual(4.5);
    // Tint 10 of the text colour is a faint wash over the dark page, not a light patch.
    expect(contrastRatio(vars['--dark-color-primary-10'], vars['--dark-color-light'])!).toBeLessThan(1.5);
    for (const step of [10, 17, 30, 50, 70]) expect(vars[`--dark-color-accent-${step}`]).toMatch(/^#[0-9a-f]{6}$/);
    expect(themeVariables({ colors })['--dark-color-primary']).toBeUndefined();
    // Without colours the defaults are used.
    expect(themeVariables({ variant: 'dark' })['--dark-color-primary']).toMatch(/^#[0-9a-f]{6}$/);
  });
});
