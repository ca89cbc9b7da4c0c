import type { PhotosLayout } from '../../lib/preview-params';

// The photo grid is windowed: a gallery may hold thousands of photos, and
// only those near the viewport are in the document. For that the grid places
// every photo itself (a box per photo, computed from the photos' ratios and
// the grid's width), so that the grid's height is known without drawing it
// and each visible photo can be drawn at its place alone.

/** GridBox is where a photo sits in the grid, in pixels from the grid's top-left corner. */
export interface GridBox {
  top: number;
  left: number;
  width: number;
  /** Height of the whole cell: the image plus the caption, if any. */
  height: number;
}

/** GridLayout is the placement of every photo and the grid's total height. */
export interface GridLayout {
  boxes: GridBox[];
  height: number;
}

/** GridMetrics are the sizes a layout is computed with. */
export interface GridMetrics {
  /** Width of the grid (its content box). */
  width: number;
  /** Gap between photos, horizontally and vertically. */
  gap: number;
  /** Target height of a justified row. */
  rowHeight: number;
  /** Smallest side of a square cell. */
  minCell: number;
  /** Smallest width of a masonry column. */
  minColumn: number;
  /** Most masonry columns (2 on phones). */
  maxColumns?: number;
  /** Height added under each image for its file name (0 without). */
  captionHeight: number;
}

/** DEFAULT_RATIO is used for a photo whose dimensions are unknown. */
export const DEFAULT_RATIO = 1.5;

function safeRatio(ratio: number): number {
  return Number.isFinite(ratio) && ratio > 0 ? Math.min(Math.max(ratio, 0.1), 10) : DEFAULT_RATIO;
}

/** columnCount is how many columns of at least `min` pixels fit in `width` with `gap` between them. */
export function columnCount(width: number, min: number, gap: number, max = Infinity): number {
  return Math.max(1, Math.min(max, Math.floor((width + gap) / (Math.max(1, min) + gap))));
}

/**
 * justifiedLayout puts photos in rows that fill the width, each photo keeping
 * its ratio; a row is closed as soon as its photos at the target height would
 * be wider than the grid, and then shrunk to fit. The last row keeps the
 * target height and is not stretched.
 */
function justifiedLayout(ratios: readonly number[], m: GridMetrics): GridLayout {
  const boxes: GridBox[] = [];
  let top = 0;
  let row: number[] = [];
  let sum = 0;
  const place = (height: number) => {
    let left = 0;
    for (const i of row) {
      const width = safeRatio(ratios[i]) * height;
      boxes[i] = { top, left, width, height: height + m.captionHeight };
      left += width + m.gap;
    }
    top += height + m.captionHeight + m.gap;
    row = [];
    sum = 0;
  };
  for (let i = 0; i < ratios.length; i++) {
    row.push(i);
    sum += safeRatio(ratios[i]);
    const gaps = m.gap * (row.length - 1);
    if (sum * m.rowHeight + gaps >= m.width) place(Math.max(1, (m.width - gaps) / sum));
  }
  if (row.length > 0) place(m.rowHeight);
  return { boxes, height: Math.max(0, top - m.gap) };
}

/** squareLayout puts photos in square cells of at least minCell pixels, filling the width. */
function squareLayout(count: number, m: GridMetrics): GridLayout {
  const columns = columnCount(m.width, m.minCell, m.gap);
  const side = (m.width - m.gap * (columns - 1)) / columns;
  const boxes: GridBox[] = [];
  for (let i = 0; i < count; i++) {
    const column = i % columns;
    const line = Math.floor(i / columns);
    boxes.push({ top: line * (side + m.captionHeight + m.gap), left: column * (side + m.gap), width: side, height: side + m.captionHeight });
  }
  const lines = Math.ceil(count / columns);
  return { boxes, height: lines > 0 ? lines * (side + m.captionHeight) + (lines - 1) * m.gap : 0 };
}

/** masonryLayout puts each photo, uncropped, at the bottom of the shortest column. */
function masonryLayout(ratios: readonly number[], m: GridMetrics): GridLayout {
  const columns = columnCount(m.width, m.minColumn, m.gap, m.maxColumns);
  const width = (m.width - m.gap * (columns - 1)) / columns;
  const heights = new Array<number>(columns).fill(0);
  const boxes: GridBox[] = [];
  for (let i = 0; i < ratios.length; i++) {
    let column = 0;
    for (let c = 1; c < columns; c++) if (heights[c] < heights[column]) column = c;
    const height = width / safeRatio(ratios[i]) + m.captionHeight;
    boxes.push({ top: heights[column], left: column * (width + m.gap), width, height });
    heights[column] += height + m.gap;
  }
  const tallest = Math.max(0, ...heights);
  return { boxes, height: ratios.length > 0 ? tallest - m.gap : 0 };
}

/** computeGridLayout places photos of the given ratios (width / height) in the layout. */
export function computeGridLayout(layout: PhotosLayout, ratios: readonly number[], metrics: GridMetrics): GridLayout {
  const m = { ...metrics, width: Math.max(1, metrics.width), gap: Math.max(0, metrics.gap) };
  if (layout === 'grid') return squareLayout(ratios.length, m);
  if (layout === 'masonry') return masonryLayout(ratios, m);
  return justifiedLayout(ratios, m);
}

/**
 * visibleIndexes lists, in order, the photos whose box meets the band from
 * `top` to `bottom` (grid coordinates), plus `keep` (the photo holding the
 * focus, which must stay in the document) when given.
 */
export function visibleIndexes(boxes: readonly GridBox[], top: number, bottom: number, keep?: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < boxes.length; i++) {
    const b = boxes[i];
    if ((b.top + b.height >= top && b.top <= bottom) || i === keep) out.push(i);
  }
  return out;
}

/** gridMetrics gives the sizes of each layout for a grid of the given width on a screen of the given width. */
export function gridMetrics(width: number, viewportWidth: number, gap: number, captionHeight: number): GridMetrics {
  const phone = viewportWidth <= 600;
  return {
    width,
    gap,
    rowHeight: phone ? 150 : 240,
    minCell: Math.min(220, viewportWidth * 0.4),
    minColumn: phone ? 100 : 260,
    maxColumns: phone ? 2 : undefined,
    captionHeight,
  };
}
