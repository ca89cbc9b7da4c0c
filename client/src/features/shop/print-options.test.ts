import { describe, expect, it } from 'vitest';
import { multiplyMoney } from './money-math';
import { printChoices, ratioDiffers } from './print-options';

const gallery = { nonHomotheticity: { policy: 'allowed' }, whiteBorders: { policy: 'allowed' }, finish: 'glossy' };
const family = { matGlossOption: true, whiteBordersOption: true, whiteMarginAllowed: true };
const format13x18 = { kind: 'print', shortSize: 13, longSize: 18 };
const landscape = { width: 6000, height: 4000 };

describe('printChoices', () => {
  it('offers both finishes (the gallery’s first), both borders, and warns of white margins', () => {
    expect(printChoices(gallery, family, format13x18, landscape)).toEqual({
      finishes: ['glossy', 'mat'],
      defaultFinish: 'glossy',
      borders: ['none', 'white'],
      whiteMargin: 'warning',
      defaultCrop: { x: 231, y: 0, width: 5538, height: 4000 },
    });
    expect(printChoices({ ...gallery, finish: 'mat' }, family, format13x18, landscape).finishes).toEqual(['mat', 'glossy']);
  });

  it('follows the family’s options and the gallery’s policies', () => {
    const strict = printChoices(gallery, { matGlossOption: false, whiteBordersOption: false, whiteMarginAllowed: false }, format13x18, landscape);
    expect(strict).toMatchObject({ finishes: ['glossy'], borders: ['none'], whiteMargin: 'crop_required' });
    const forbidden = printChoices({ ...gallery, nonHomotheticity: { policy: 'forbidden' }, whiteBorders: { policy: 'forbidden' } }, family, format13x18, landscape);
    expect(forbidden).toMatchObject({ borders: ['none'], whiteMargin: 'crop_required' });
  });

  it('needs nothing for a photo of the format’s ratio, whichever way it is turned, nor for digital files', () => {
    const format20x30 = { kind: 'print', shortSize: 20, longSize: 30 };
    expect(printChoices(gallery, family, format20x30, { width: 4000, height: 6000 }).whiteMargin).toBe('none');
    expect(ratioDiffers({ width: 4000, height: 6000 }, format20x30)).toBe(false);
    expect(printChoices(gallery, family, { kind: 'digital', shortSize: 0, longSize: 0 }, landscape)).toEqual({
      finishes: [],
      defaultFinish: null,
      borders: [],
      whiteMargin: 'none',
      defaultCrop: null,
    });
  });
});

describe('multiplyMoney', () => {
  it('multiplies in whole cents', () => {
    expect(multiplyMoney({ amount: '2.50', currency: 'EUR' }, 3)).toEqual({ amount: '7.50', currency: 'EUR' });
    expect(multiplyMoney({ amount: '0.10', currency: 'EUR' }, 3)).toEqual({ amount: '0.30', currency: 'EUR' });
    expect(multiplyMoney({ amount: '6.9', currency: 'EUR' }, 3)).toEqual({ amount: '20.70', currency: 'EUR' });
  });
});
