import { describe, expect, it } from 'vitest';
import { columnCount, computeGridLayout, gridMetrics, visibleIndexes, type GridBox } from './grid-layout';

const metrics = (width: number, captionHeight = 0) => gridMetrics(width, 1280, 8, captionHeight);

function overlaps(a: GridBox, b: GridBox): boolean {
  return a.left < b.left + b.width - 0.01 && b.left < a.left + a.width - 0.01 && a.top < b.top + b.height - 0.01 && b.top < a.top + a.height - 0.01;
}

function expectInside(boxes: GridBox[], width: number) {
  for (const b of boxes) {
    expect(b.left).toBeGreaterThanOrEqual(0);
    expect(b.left + b.width).toBeLessThanOrEqual(width + 0.01);
  }
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i], boxes[j]), `${i} and ${j}`).toBe(false);
}

describe('computeGridLayout', () => {
  it('justified: full rows fill the width, keep each ratio, and the last row is not stretched', () => {
    const ratios = [1.5, 1.5, 0.67, 1.5, 1, 1.5, 2, 1.5];
    const { boxes, height } = computeGridLayout('justified', ratios, metrics(1000));
    expect(boxes).toHaveLength(ratios.length);
    expectInside(boxes, 1000);
    const rows = [...new Set(boxes.map((b) => b.top))];
    for (const top of rows.slice(0, -1)) {
      const row = boxes.filter((b) => b.top === top);
      const right = Math.max(...row.map((b) => b.left + b.width));
      expect(right).toBeCloseTo(1000, 5);
      for (const b of row) expect(b.height).toBeLessThanOrEqual(240);
    }
    boxes.forEach((b, i) => expect(b.width / b.height).toBeCloseTo(ratios[i], 5));
    const last = boxes.filter((b) => b.top === rows[rows.length - 1]);
    expect(last.every((b) => b.height === 240)).toBe(true);
    expect(height).toBeCloseTo(Math.max(...boxes.map((b) => b.top + b.height)), 5);
  });

  it('grid: square cells of at least the minimum side', () => {
    const { boxes, height } = computeGridLayout('grid', [1.5, 0.5, 1, 2, 1, 1, 1], metrics(1000));
    const columns = columnCount(1000, 220, 8);
    expect(columns).toBe(4);
    expectInside(boxes, 1000);
    for (const b of boxes) expect(b.width).toBeCloseTo(b.height, 5);
    expect(boxes[4].top).toBeGreaterThan(boxes[3].top);
    expect(height).toBeCloseTo(2 * boxes[0].height + 8, 5);
  });

  it('masonry: each photo at the bottom of the shortest column, uncropped', () => {
    const ratios = [0.5, 1.5, 1.5, 1.5, 1, 1];
    const { boxes, height } = computeGridLayout('masonry', ratios, metrics(800));
    expectInside(boxes, 800);
    expect(new Set(boxes.map((b) => b.left)).size).toBe(3);
    boxes.forEach((b, i) => expect(b.width / b.height).toBeCloseTo(ratios[i], 5));
    // The first column holds the tall photo; the fourth photo goes under the second.
    expect(boxes[3].left).toBe(boxes[1].left);
    expect(height).toBeCloseTo(Math.max(...boxes.map((b) => b.top + b.height)), 5);
  });

  it('keeps two masonry columns on a phone', () => {
    const { boxes } = computeGridLayout('masonry', [1, 1, 1], gridMetrics(360, 390, 8, 0));
    expect(new Set(boxes.map((b) => b.left)).size).toBe(2);
  });

  it('adds the caption under every image', () => {
    const plain = computeGridLayout('grid', [1, 1], metrics(500));
    const captioned = computeGridLayout('grid', [1, 1], metrics(500, 24));
    expect(captioned.boxes[0].height).toBe(plain.boxes[0].height + 24);
  });

  it('survives unknown ratios, no photos and a zero width', () => {
    expect(computeGridLayout('justified', [], metrics(1000))).toEqual({ boxes: [], height: 0 });
    expect(computeGridLayout('masonry', [], metrics(1000)).height).toBe(0);
    for (const layout of ['justified', 'grid', 'masonry'] as const) {
      const { boxes, height } = computeGridLayout(layout, [NaN, 0, Infinity, -1, 1e9], metrics(0));
      expect(boxes).toHaveLength(5);
      expect(Number.isFinite(height)).toBe(true);
      for (const b of boxes) expect([b.top, b.left, b.width, b.height].every(Number.isFinite)).toBe(true);
    }
  });

  it('places 5,000 photos in a bounded band: only a few hundred are drawn at any scroll position', () => {
    const ratios = Array.from({ length: 5000 }, (_, i) => (i % 3 === 0 ? 0.67 : 1.5));
    for (const layout of ['justified', 'grid', 'masonry'] as const) {
      const { boxes, height } = computeGridLayout(layout, ratios, metrics(1200));
      expect(height).toBeGreaterThan(20_000);
      for (const y of [0, height / 3, height / 2, height - 900]) {
        const shown = visibleIndexes(boxes, y - 900, y + 1800);
        expect(shown.length, `${layout} at ${y}`).toBeGreaterThan(0);
        expect(shown.length, `${layout} at ${y}`).toBeLessThan(200);
      }
    }
  });
});

describe('visibleIndexes', () => {
  const boxes: GridBox[] = [0, 100, 200, 300, 400].map((top) => ({ top, left: 0, width: 100, height: 90 }));

  it('lists the boxes meeting the band, and the focused one wherever it is', () => {
    expect(visibleIndexes(boxes, 150, 250)).toEqual([1, 2]);
    expect(visibleIndexes(boxes, 150, 250, 4)).toEqual([1, 2, 4]);
    expect(visibleIndexes(boxes, 1000, 2000)).toEqual([]);
  });
});
