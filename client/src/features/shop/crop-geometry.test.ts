import { describe, expect, it } from 'vitest';
import { clampCrop, cropPercent, cropRatio, fitCrop, largestCrop, minCropWidth, moveCrop, resizeCrop, sameRatio, scaleCrop, type Crop, type Size } from './crop-geometry';

const landscape: Size = { width: 6000, height: 4000 };
const portrait: Size = { width: 4000, height: 6000 };
const format13x18 = { shortSize: 13, longSize: 18 };
const square = { shortSize: 20, longSize: 20 };

/** valid checks what the server checks: whole pixels, inside the photo, the format's ratio within 2 %. */
function expectValid(crop: Crop, photo: Size, ratio: number) {
  for (const v of Object.values(crop)) expect(Number.isInteger(v), `${JSON.stringify(crop)} has whole pixels`).toBe(true);
  expect(crop.x).toBeGreaterThanOrEqual(0);
  expect(crop.y).toBeGreaterThanOrEqual(0);
  expect(crop.width).toBeGreaterThanOrEqual(1);
  expect(crop.height).toBeGreaterThanOrEqual(1);
  expect(crop.x + crop.width).toBeLessThanOrEqual(photo.width);
  expect(crop.y + crop.height).toBeLessThanOrEqual(photo.height);
  expect(Math.abs(crop.width / crop.height - ratio) / ratio).toBeLessThanOrEqual(0.02);
}

describe('cropRatio', () => {
  it('is long over short for landscape photos and flipped for portrait ones', () => {
    expect(cropRatio(format13x18, landscape)).toBeCloseTo(18 / 13);
    expect(cropRatio(format13x18, portrait)).toBeCloseTo(13 / 18);
    expect(cropRatio({ shortSize: 18, longSize: 13 }, portrait)).toBeCloseTo(13 / 18);
    expect(cropRatio(square, portrait)).toBe(1);
  });

  it('takes a square photo the landscape way, and the photo’s own ratio for a format without sizes', () => {
    expect(cropRatio(format13x18, { width: 3000, height: 3000 })).toBeCloseTo(18 / 13);
    expect(cropRatio({ shortSize: 0, longSize: 0 }, landscape)).toBeCloseTo(1.5);
  });
});

describe('sameRatio', () => {
  it('allows 1 % of difference', () => {
    expect(sameRatio(1.5, 1.5)).toBe(true);
    expect(sameRatio(1.51, 1.5)).toBe(true);
    expect(sameRatio(18 / 13, 1.5)).toBe(false);
    expect(sameRatio(0, 1.5)).toBe(false);
  });
});

describe('largestCrop', () => {
  it('fills the photo’s width or height, centred, like the server’s default crop', () => {
    // 6000x4000 photo, 13x18 format: the height limits, 4000 * 18/13 = 5538.46 wide.
    expect(largestCrop(landscape, 18 / 13)).toEqual({ x: 231, y: 0, width: 5538, height: 4000 });
    expect(largestCrop(portrait, 13 / 18)).toEqual({ x: 0, y: 231, width: 4000, height: 5538 });
    // A square format on a landscape photo.
    expect(largestCrop(landscape, 1)).toEqual({ x: 1000, y: 0, width: 4000, height: 4000 });
    // A wider format than the photo: the width limits.
    expect(largestCrop(landscape, 2)).toEqual({ x: 0, y: 500, width: 6000, height: 3000 });
  });

  it('is valid on awkward sizes', () => {
    for (const photo of [
      { width: 4999, height: 3331 },
      { width: 3331, height: 4999 },
      { width: 1001, height: 997 },
      { width: 640, height: 427 },
    ]) {
      for (const ratio of [18 / 13, 13 / 18, 1, 3, 0.25]) expectValid(largestCrop(photo, ratio), photo, ratio);
    }
    expect(largestCrop({ width: 1, height: 1 }, 3)).toEqual({ x: 0, y: 0, width: 1, height: 1 });
  });
});

describe('clampCrop and moveCrop', () => {
  const crop = { x: 100, y: 100, width: 1800, height: 1300 };

  it('moves by whole pixels and stops at the edges', () => {
    expect(moveCrop(crop, 50.4, -20.6, landscape)).toEqual({ x: 150, y: 79, width: 1800, height: 1300 });
    expect(moveCrop(crop, -500, -500, landscape)).toEqual({ x: 0, y: 0, width: 1800, height: 1300 });
    expect(moveCrop(crop, 10_000, 10_000, landscape)).toEqual({ x: 4200, y: 2700, width: 1800, height: 1300 });
  });

  it('shrinks a crop larger than the photo, ratio kept', () => {
    const clamped = clampCrop({ x: -10, y: 0, width: 9000, height: 6500 }, landscape);
    expectValid(clamped, landscape, 9000 / 6500);
    expect(clamped.height).toBe(4000);
  });
});

describe('resizeCrop', () => {
  const ratio = 18 / 13;
  const crop = { x: 1000, y: 1000, width: 1800, height: 1300 };

  it('drags the south-east corner with the north-west one fixed', () => {
    const bigger = resizeCrop(crop, 'se', 360, 0, ratio, landscape);
    expect(bigger).toMatchObject({ x: 1000, y: 1000, width: 2160 });
    expectValid(bigger, landscape, ratio);
  });

  it('drags the north-west corner with the south-east one fixed', () => {
    const smaller = resizeCrop(crop, 'nw', 180, 0, ratio, landscape);
    expect(smaller.x + smaller.width).toBe(2800);
    expect(smaller.y + smaller.height).toBeCloseTo(2300, -1);
    expect(smaller.width).toBe(1620);
    expectValid(smaller, landscape, ratio);
  });

  it('follows the larger of the two moves', () => {
    const byHeight = resizeCrop(crop, 'se', 10, 650, ratio, landscape);
    expect(byHeight.height).toBe(1950);
    expectValid(byHeight, landscape, ratio);
  });

  it('stops at the photo’s edges and at the smallest size', () => {
    const huge = resizeCrop(crop, 'se', 100_000, 100_000, ratio, landscape);
    expect(huge.y + huge.height).toBe(4000);
    expect(huge.x).toBe(1000);
    expectValid(huge, landscape, ratio);
    const tiny = resizeCrop(crop, 'ne', -100_000, 0, ratio, landscape);
    expect(tiny.width).toBe(minCropWidth(landscape, ratio));
    expect(tiny.x).toBe(1000);
    expect(tiny.y + tiny.height).toBe(2300);
    expectValid(tiny, landscape, ratio);
  });

  it('keeps every corner drag valid on a portrait photo', () => {
    const r = 13 / 18;
    const start = largestCrop(portrait, r);
    for (const corner of ['nw', 'ne', 'sw', 'se'] as const) {
      for (const [dx, dy] of [
        [-700, 0],
        [0, 900],
        [333.3, -121.7],
        [5000, 5000],
      ]) {
        expectValid(resizeCrop(scaleCrop(start, 0.5, r, portrait), corner, dx, dy, r, portrait), portrait, r);
      }
    }
  });
});

describe('scaleCrop and fitCrop', () => {
  const ratio = 18 / 13;

  it('zooms around the centre, inside the photo', () => {
    const start = largestCrop(landscape, ratio);
    const half = scaleCrop(start, 0.5, ratio, landscape);
    expect(half.width).toBe(2769);
    expect(half.x + half.width / 2).toBeCloseTo(3000, -1);
    expect(half.y + half.height / 2).toBeCloseTo(2000, -1);
    expectValid(half, landscape, ratio);
    const back = scaleCrop(half, 10, ratio, landscape);
    expect(back).toMatchObject({ y: 0, width: start.width, height: start.height });
    expect(Math.abs(back.x - start.x)).toBeLessThanOrEqual(1);
    expect(scaleCrop(start, 0.001, ratio, landscape).width).toBe(minCropWidth(landscape, ratio));
  });

  it('starts from the largest crop, keeps a crop of the right ratio, and reshapes one of another ratio', () => {
    expect(fitCrop(null, ratio, landscape)).toEqual(largestCrop(landscape, ratio));
    const kept = { x: 10, y: 20, width: 1800, height: 1300 };
    expect(fitCrop(kept, ratio, landscape)).toEqual(kept);
    const reshaped = fitCrop({ x: 2000, y: 1000, width: 2000, height: 2000 }, ratio, landscape);
    expectValid(reshaped, landscape, ratio);
    expect(reshaped.x + reshaped.width / 2).toBeCloseTo(3000, -1);
    expect(reshaped.width * reshaped.height).toBeCloseTo(4_000_000, -4);
  });
});

describe('cropPercent', () => {
  it('places the crop over the displayed photo', () => {
    expect(cropPercent({ x: 600, y: 1000, width: 3000, height: 2000 }, landscape)).toEqual({ left: 10, top: 25, width: 50, height: 50 });
  });
});
