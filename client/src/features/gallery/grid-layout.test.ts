import { describe, expect, it } from 'vitest';
import { columnCount, computeGridLayout, gridMetrics, visibleIndexes, type GridBox } from './grid-layout';

const metrics = (width: number, captionHeight = 0) => gridMetrics(width, 1280, 8, captionHeight);

function overlaps(a: GridBox, b: GridBox): boolean {
  return a.left < b.left + b.width - 0.01 && b.left < a.left + a.width - 0.01 && a.top < b.top + b.height - 0.01 && b.top < a.top + a.height - 0.01;
}

function expectInside(boxes: GridBox[], width: number) {
  const outside = boxes.findIndex((b) => b.left < 0 || b.left + b.width > width + 0.01);
  expect(outside, `box ${outside} of ${JSON.stringify(boxes[outside])} outside 0..${width}`).toBe(-1);
  const overlapping: string[] = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) if (overlaps(boxes[i], boxes[j])) overlapping.push(`${i} and ${j}`);
  expect(overlapping).toEqual([]);
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

/** rowsOf groups box indexes by row (boxes of one row share their top). */
function rowsOf(boxes: GridBox[]): number[][] {
  const rows = new Map<number, number[]>();
  boxes.forEach((b, i) => rows.set(Math.round(b.top * 1000), [...(rows.get(Math.round(b.top * 1000)) ?? []), i]));
  return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r);
}

describe('computeGridLayout, balanced (the photographer’s selection)', () => {
  const shapes = [1.5, 0.67, 1.5, 1, 0.67, 1.5, 2, 0.75];
  const screens = [320, 360, 390, 768, 1024, 1280, 1440];

  it('justified: no photo alone on a row, every row fills the width, ratios kept, at every screen width', () => {
    for (const screen of screens) {
      const width = screen - 32;
      for (let count = 2; count <= 30; count++) {
        const ratios = Array.from({ length: count }, (_, i) => shapes[(i * 5 + count) % shapes.length]);
        const m = gridMetrics(width, screen, 8, 0);
        const { boxes, height } = computeGridLayout('justified', ratios, m, { balanced: true });
        const what = `${count} photos at ${screen}px`;
        expect(boxes, what).toHaveLength(count);
        expectInside(boxes, width);
        const problems: string[] = [];
        boxes.forEach((b, i) => Math.abs(b.width / b.height - ratios[i]) > 1e-6 && problems.push(`photo ${i} of ratio ${b.width / b.height}, not ${ratios[i]}`));
        for (const row of rowsOf(boxes)) {
          if (row.length < 2) problems.push(`a row of ${row.length}`);
          const right = Math.max(...row.map((i) => boxes[i].left + boxes[i].width));
          const h = boxes[row[0]].height;
          // Full, or centred at twice the target height when too few photos are left to fill it.
          if (h < 2 * m.rowHeight - 0.01 && Math.abs(right - width) > 0.01) problems.push(`a row ending at ${right}`);
          if (h > 2 * m.rowHeight + 0.01 || h <= m.rowHeight / 3) problems.push(`a row ${h}px high`);
        }
        expect(problems, what).toEqual([]);
        expect(height).toBeCloseTo(Math.max(...boxes.map((b) => b.top + b.height)), 5);
      }
    }
  });

  it('justified: without balance the same list may leave a photo alone on its last row', () => {
    // Seven landscapes at 1000px: greedy rows of three, and one left.
    const ratios = [1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5];
    const plain = rowsOf(computeGridLayout('justified', ratios, metrics(1000)).boxes);
    expect(plain[plain.length - 1]).toHaveLength(1);
    const balanced = rowsOf(computeGridLayout('justified', ratios, metrics(1000), { balanced: true }).boxes);
    expect(Math.min(...balanced.map((r) => r.length))).toBeGreaterThanOrEqual(2);
  });

  it('justified: a single photo stays at the target height, centred', () => {
    const { boxes } = computeGridLayout('justified', [0.67], metrics(1000), { balanced: true });
    expect(boxes[0].height).toBe(240);
    expect(boxes[0].left).toBeCloseTo((1000 - 0.67 * 240) / 2, 5);
  });

  it('grid: picks a column count that leaves no lone cell, and centres the last line', () => {
    // 5 photos in 4 columns would leave one alone.
    const plain = computeGridLayout('grid', [1, 1, 1, 1, 1], metrics(1000));
    expect(rowsOf(plain.boxes).map((r) => r.length)).toEqual([4, 1]);
    const { boxes } = computeGridLayout('grid', [1, 1, 1, 1, 1], metrics(1000), { balanced: true });
    const rows = rowsOf(boxes);
    expect(Math.min(...rows.map((r) => r.length))).toBeGreaterThanOrEqual(2);
    expectInside(boxes, 1000);
    const lastRow = rows[rows.length - 1];
    const left = boxes[lastRow[0]].left;
    const right = boxes[lastRow[lastRow.length - 1]].left + boxes[lastRow[lastRow.length - 1]].width;
    expect(left).toBeCloseTo(1000 - right, 5);
  });

  it('no layout overflows a phone or a desktop grid', () => {
    for (const screen of screens) {
      const width = screen - 24;
      const ratios = Array.from({ length: 29 }, (_, i) => shapes[i % shapes.length]);
      for (const layout of ['justified', 'grid', 'masonry'] as const) {
        for (const balanced of [false, true]) expectInside(computeGridLayout(layout, ratios, gridMetrics(width, screen, 4, 0), { balanced }).boxes, width);
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
