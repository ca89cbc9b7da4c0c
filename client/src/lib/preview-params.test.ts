import { describe, expect, it } from 'vitest';
import { asPhotosLayout, parseColorParam, parseGapParam, parsePreviewParams } from './preview-params';

describe('parsePreviewParams', () => {
  it('reads every parameter of the preview route', () => {
    const search =
      '?theme=modern&variant=dark&previewHash=abc.def&disposition=grid&gap=12' +
      '&primary=%23112233&secondary=%23AABBCC&accent=%23ff8800&light=%23fafafa&hideSaleEmphasis=true&lightenHomepage=false';
    expect(parsePreviewParams(search)).toEqual({
      theme: 'modern',
      variant: 'dark',
      previewHash: 'abc.def',
      photosLayout: 'grid',
      photosGap: 12,
      colors: { primary: '#112233', secondary: '#aabbcc', accent: '#ff8800', light: '#fafafa' },
      hideSaleEmphasis: true,
      lightenHomepage: false,
    });
  });

  it('overrides nothing without parameters', () => {
    expect(parsePreviewParams('')).toEqual({ colors: {} });
    expect(parsePreviewParams('?')).toEqual({ colors: {} });
  });

  it('ignores each invalid value and keeps the valid ones', () => {
    const search =
      'theme=baroque&variant=sepia&previewHash=%20%20&disposition=carousel&gap=abc' +
      '&primary=red&secondary=%23abc&accent=%2312345g&light=rgb(1,2,3)&hideSaleEmphasis=yes&lightenHomepage=1&extra=1';
    expect(parsePreviewParams(search)).toEqual({ colors: {} });
    expect(parsePreviewParams('primary=red&accent=%23C08457&gap=abc&hideSaleEmphasis=yes&lightenHomepage=true')).toEqual({
      colors: { accent: '#c08457' },
      lightenHomepage: true,
    });
  });

  it('accepts every allowed theme, variant and layout, and only those', () => {
    for (const theme of ['classic', 'modern', 'minimal']) expect(parsePreviewParams(`theme=${theme}`).theme).toBe(theme);
    for (const variant of ['light', 'dark']) expect(parsePreviewParams(`variant=${variant}`).variant).toBe(variant);
    for (const layout of ['masonry', 'grid', 'justified']) expect(parsePreviewParams(`disposition=${layout}`).photosLayout).toBe(layout);
    expect(parsePreviewParams('theme=Modern').theme).toBeUndefined();
    expect(parsePreviewParams('variant=').variant).toBeUndefined();
    expect(parsePreviewParams('disposition=GRID').photosLayout).toBeUndefined();
  });

  it('reads the booleans as the strings true or false only', () => {
    expect(parsePreviewParams('hideSaleEmphasis=false').hideSaleEmphasis).toBe(false);
    expect(parsePreviewParams('hideSaleEmphasis=true').hideSaleEmphasis).toBe(true);
    for (const value of ['yes', 'TRUE', '1', '0', '', 'on']) {
      expect(parsePreviewParams(`hideSaleEmphasis=${value}&lightenHomepage=${value}`), value).toEqual({ colors: {} });
    }
  });

  it('keeps the preview hash as given', () => {
    expect(parsePreviewParams('previewHash=a%2Bb%2Fc%3D').previewHash).toBe('a+b/c=');
  });
});

describe('parseGapParam', () => {
  it.each([
    ['0', 0],
    ['8', 8],
    [' 12 ', 12],
    ['064', 64],
  ])('reads %j as %j pixels', (value, gap) => {
    expect(parseGapParam(value)).toBe(gap);
  });

  it.each([null, '', 'abc', '12px', '1.5', '-4', '65', '1e2', '0x10', '9999'])('ignores %j', (value) => {
    expect(parseGapParam(value)).toBeUndefined();
  });
});

describe('parseColorParam', () => {
  it('reads #rrggbb, with or without the #, in lower case', () => {
    expect(parseColorParam('#5B3A29')).toBe('#5b3a29');
    expect(parseColorParam('5b3a29')).toBe('#5b3a29');
  });

  it.each([null, '', 'red', '#abc', '#abcd', '#1234567', 'rgb(1, 2, 3)', '#12345z', 'javascript:alert(1)'])('ignores %j', (value) => {
    expect(parseColorParam(value)).toBeUndefined();
  });
});

describe('asPhotosLayout', () => {
  it('keeps known layouts and falls back to justified rows', () => {
    expect(asPhotosLayout('masonry')).toBe('masonry');
    expect(asPhotosLayout('grid')).toBe('grid');
    expect(asPhotosLayout('mosaic')).toBe('justified');
    expect(asPhotosLayout(undefined)).toBe('justified');
  });
});
