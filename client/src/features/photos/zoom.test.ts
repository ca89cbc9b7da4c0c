import { describe, expect, it } from 'vitest';
import { clampZoom, doubleTapScale, MAX_MAX_SCALE, maxScaleFor, MIN_MAX_SCALE, nativeScale, NO_ZOOM, STEP_SCALE, toggleZoom, zoomAt } from './zoom';

const stage = { width: 390, height: 740 };
const box = { width: 390, height: 260 };

describe('maxScaleFor: up to the original’s resolution', () => {
  it('is the original’s width over the drawn width, never under 4x', () => {
    // The demo's 1200 px photos on a phone: 3.08x was the most before (issue 20); now 4x.
    expect(maxScaleFor(1200, 390)).toBe(MIN_MAX_SCALE);
    expect(maxScaleFor(500, 390)).toBe(4);
    expect(maxScaleFor(800, 150)).toBeCloseTo(5.33, 2); // a portrait drawn narrow
    // A large original reaches its own resolution: 6000 px drawn 390 px wide is 15.4x.
    expect(maxScaleFor(6000, 390)).toBeCloseTo(15.38, 2);
    expect(maxScaleFor(60000, 390)).toBe(MAX_MAX_SCALE);
  });
  it('is 4x while the sizes are not known yet', () => {
    expect(maxScaleFor(0, 390)).toBe(4);
    expect(maxScaleFor(1200, 0)).toBe(4);
    expect(nativeScale(1200, 0)).toBe(0);
  });
});

describe('zoomAt', () => {
  it('keeps the point under the fingers where it was', () => {
    const at = { x: 100, y: 50 };
    const z = zoomAt(NO_ZOOM, 2, at, at, box, stage, 3);
    expect(z.scale).toBe(2);
    // The photo point under (100, 50) was (100, 50) from the centre: it is still under x = 100.
    expect((at.x - z.x) / z.scale).toBe(100);
    expect(z.x).toBe(-100);
    // Vertically the zoomed photo (520 high) is shorter than the stage: it stays centred.
    expect(z.y).toBe(0);
  });
  it('follows a pinch whose middle moves', () => {
    const z = zoomAt(NO_ZOOM, 2, { x: 0, y: 0 }, { x: 30, y: 0 }, box, stage, 3);
    expect(z).toEqual({ scale: 2, x: 30, y: 0 });
  });
  it('stays between 1 and the maximum', () => {
    expect(zoomAt(NO_ZOOM, 10, { x: 0, y: 0 }, { x: 0, y: 0 }, box, stage, 3).scale).toBe(3);
    expect(zoomAt({ scale: 2, x: 50, y: 0 }, 0.5, { x: 0, y: 0 }, { x: 0, y: 0 }, box, stage, 3)).toEqual(NO_ZOOM);
  });
});

describe('clampZoom', () => {
  it('keeps the zoomed photo over the stage', () => {
    // 390 x 2 = 780 wide: 195 px may go off each side.
    expect(clampZoom({ scale: 2, x: 500, y: 300 }, box, stage, 3)).toEqual({ scale: 2, x: 195, y: 0 });
    expect(clampZoom({ scale: 2, x: -500, y: 0 }, box, stage, 3).x).toBe(-195);
  });
});

describe('toggleZoom: double tap', () => {
  it('zooms in at the point, then back out', () => {
    const z = toggleZoom(NO_ZOOM, { x: 0, y: 0 }, box, stage, 3);
    expect(z.scale).toBe(STEP_SCALE);
    expect(toggleZoom(z, { x: 0, y: 0 }, box, stage, 3)).toEqual(NO_ZOOM);
  });
  it('goes no further than the most allowed', () => {
    expect(toggleZoom(NO_ZOOM, { x: 0, y: 0 }, box, stage, 2).scale).toBe(2);
  });
  it('goes to the original’s resolution, between 2.5x and 4x', () => {
    expect(doubleTapScale(nativeScale(1200, 390), maxScaleFor(1200, 390))).toBeCloseTo(3.08, 2);
    expect(doubleTapScale(nativeScale(6000, 390), maxScaleFor(6000, 390))).toBe(4);
    expect(doubleTapScale(nativeScale(500, 390), maxScaleFor(500, 390))).toBe(STEP_SCALE);
    expect(doubleTapScale(0, 4)).toBe(STEP_SCALE);
    const z = toggleZoom(NO_ZOOM, { x: 0, y: 0 }, box, stage, 15, doubleTapScale(15, 15));
    expect(z.scale).toBe(4);
  });
});
