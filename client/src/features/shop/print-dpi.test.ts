import { describe, expect, it } from 'vitest';
import { MIN_PRINT_DPI, printDpi, printQuality } from './print-dpi';

describe('printDpi', () => {
  it('divides the pixels by the inches of the side that fills the paper first', () => {
    // 1200 px over 45 cm (17.72 in) = 67.7; 800 over 30 cm (11.81 in) = 67.7.
    expect(printDpi({ width: 1200, height: 800 }, { shortSize: 30, longSize: 45 })).toBe(67);
    // A 3:2 photo on 13 x 18: the short side fills first (800 / 5.12 in = 156).
    expect(printDpi({ width: 1200, height: 800 }, { shortSize: 13, longSize: 18 })).toBe(156);
    // 6000 x 4000 on 20 x 30: 508 dpi.
    expect(printDpi({ width: 6000, height: 4000 }, { shortSize: 20, longSize: 30 })).toBe(508);
  });

  it('orients the format like the photo', () => {
    expect(printDpi({ width: 800, height: 1200 }, { shortSize: 20, longSize: 30 })).toBe(printDpi({ width: 1200, height: 800 }, { shortSize: 20, longSize: 30 }));
  });

  it('counts exactly 100 dpi as 100 despite the rounding of centimetres', () => {
    // 30 cm is 11.811 in: 1181.1 pixels make 100 dpi; 1181 is read as 99.99.
    expect(printDpi({ width: 1182, height: 788 }, { shortSize: 20, longSize: 30 })).toBe(100);
    expect(printDpi({ width: 1181, height: 787 }, { shortSize: 20, longSize: 30 })).toBe(99);
  });

  it('is unknown without sizes', () => {
    expect(printDpi({ width: 0, height: 0 }, { shortSize: 20, longSize: 30 })).toBeUndefined();
    expect(printDpi({ width: 1200, height: 800 }, { shortSize: 0, longSize: 0 })).toBeUndefined();
  });
});

describe('printQuality', () => {
  it('warns under 150 dpi and refuses under 100', () => {
    expect(printQuality({ width: 1200, height: 800 }, { shortSize: 10, longSize: 15 })).toEqual({ level: 'good', dpi: 203 });
    expect(printQuality({ width: 1200, height: 800 }, { shortSize: 15, longSize: 20 })).toEqual({ level: 'low', dpi: 135 });
    expect(printQuality({ width: 1200, height: 800 }, { shortSize: 30, longSize: 45 })).toEqual({ level: 'too-low', dpi: 67 });
    expect(MIN_PRINT_DPI).toBe(100);
  });

  it('says nothing when the sizes are unknown', () => {
    expect(printQuality({ width: 1200, height: 800 }, { shortSize: 0, longSize: 0 })).toEqual({ level: 'good' });
  });
});
