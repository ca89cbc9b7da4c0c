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

/** LayoutOptions change how a layout ends. */
export interface LayoutOptions {
  /**
   * The list is complete and drawn at once (the photographer's selection, a
   * grid whose photos came in one page): it is balanced so that no photo
   * sits on a row of its own. Masonry columns have no rows: no change.
   * Justified rows: the rows are spread again so that every row holds two
   * photos at least and fills the width (rows that would grow taller than
   * twice the target height keep that height and are centred). Meant for a
   * list drawn whole at once: every row may move.
   * Square cells: a column count that leaves no lone cell on the last line
   * is chosen near the natural one, and the last line is centred.
   */
  balanced?: boolean;
}

/** Row is a run of photos [start, end) laid out together; `full` rows fill the width. */
interface Row {
  start: number;
  end: number;
  full: boolean;
}

/** rowHeightFor is the height at which photos start..end-1 fill the width exactly. */
function rowHeightFor(ratios: readonly number[], start: number, end: number, m: GridMetrics): number {
  let sum = 0;
  for (let i = start; i < end; i++) sum += safeRatio(ratios[i]);
  return Math.max(1, (m.width - m.gap * (end - start - 1)) / sum);
}

/**
 * balancedRows splits photos start..end-1 into full rows of two photos at
 * least (one only when there is a single photo) whose heights are as close
 * to the target as can be: a shortest path over the break points, costing
 * each row the square of the log of its height over the target.
 */
function balancedRows(ratios: readonly number[], start: number, end: number, m: GridMetrics): Row[] {
  const n = end - start;
  if (n <= 1) return n === 1 ? [{ start, end, full: false }] : [];
  const cost = new Array<number>(n + 1).fill(Infinity);
  const from = new Array<number>(n + 1).fill(-1);
  cost[0] = 0;
  for (let j = 2; j <= n; j++) {
    // Rows of two photos or more, ending at j; a row with more photos is lower,
    // so the search stops once rows become much too low.
    for (let i = j - 2; i >= 0; i--) {
      if (cost[i] === Infinity) continue;
      const h = rowHeightFor(ratios, start + i, start + j, m);
      const c = cost[i] + Math.log(h / m.rowHeight) ** 2;
      if (c < cost[j]) {
        cost[j] = c;
        from[j] = i;
      }
      if (h < m.rowHeight / 3) break;
    }
  }
  const rows: Row[] = [];
  for (let j = n; j > 0; j = from[j]) {
    if (from[j] < 0) return [{ start, end, full: false }]; // unreachable: a single row of all
    rows.unshift({ start: start + from[j], end: start + j, full: true });
  }
  return rows;
}

/**
 * justifiedLayout puts photos in rows that fill the width, each photo keeping
 * its ratio; a row is closed as soon as its photos at the target height would
 * be wider than the grid, and then shrunk to fit. The last row keeps the
 * target height and is not stretched, unless the list is `balanced`.
 */
function justifiedLayout(ratios: readonly number[], m: GridMetrics, balanced: boolean): GridLayout {
  let rows: Row[] = [];
  let start = 0;
  let sum = 0;
  for (let i = 0; i < ratios.length; i++) {
    sum += safeRatio(ratios[i]);
    const gaps = m.gap * (i - start);
    if (sum * m.rowHeight + gaps >= m.width) {
      rows.push({ start, end: i + 1, full: true });
      start = i + 1;
      sum = 0;
    }
  }
  if (start < ratios.length) rows.push({ start, end: ratios.length, full: false });
  const alone = rows.some((row) => row.end - row.start === 1);
  if (balanced && ratios.length > 1 && (alone || !rows[rows.length - 1].full)) rows = balancedRows(ratios, 0, ratios.length, m);
  const boxes: GridBox[] = [];
  let top = 0;
  const maxHeight = 2 * m.rowHeight;
  for (const row of rows) {
    let height = row.full ? rowHeightFor(ratios, row.start, row.end, m) : m.rowHeight;
    let left = 0;
    if (row.full && height > maxHeight && balanced) {
      // Too few photos to fill the width at a sensible height: centred at twice the target.
      height = maxHeight;
      let width = m.gap * (row.end - row.start - 1);
      for (let i = row.start; i < row.end; i++) width += safeRatio(ratios[i]) * height;
      left = Math.max(0, (m.width - width) / 2);
    }
    if (!row.full) {
      // A row narrower than the grid at the target height (a lone last photo, or a list
      // that is not balanced): at most as wide as the grid.
      let width = m.gap * (row.end - row.start - 1);
      for (let i = row.start; i < row.end; i++) width += safeRatio(ratios[i]) * height;
      if (width > m.width) height = rowHeightFor(ratios, row.start, row.end, m);
      else if (balanced) left = (m.width - width) / 2;
    }
    for (let i = row.start; i < row.end; i++) {
      const width = safeRatio(ratios[i]) * height;
      boxes[i] = { top, left, width, height: height + m.captionHeight };
      left += width + m.gap;
    }
    top += height + m.captionHeight + m.gap;
  }
  return { boxes, height: Math.max(0, top - m.gap) };
}

/** squareColumns is the column count of square cells; a balanced list avoids a lone cell on its last line. */
function squareColumns(count: number, m: GridMetrics, balanced: boolean): number {
  const columns = columnCount(m.width, m.minCell, m.gap);
  if (!balanced || count <= columns || count % columns !== 1) return columns;
  for (const c of [columns - 1, columns + 1, columns - 2]) {
    if (c >= 2 && count % c !== 1 && (m.width - m.gap * (c - 1)) / c >= m.minCell * 0.75) return c;
  }
  return columns;
}

/** squareLayout puts photos in square cells of at least minCell pixels, filling the width. */
function squareLayout(count: number, m: GridMetrics, balanced: boolean): GridLayout {
  const columns = squareColumns(count, m, balanced);
  const side = (m.width - m.gap * (columns - 1)) / columns;
  const boxes: GridBox[] = [];
  const lines = Math.ceil(count / columns);
  const lastCount = count - (lines - 1) * columns;
  // A balanced list centres its last, shorter line.
  const lastShift = balanced && lines > 1 ? ((columns - lastCount) * (side + m.gap)) / 2 : 0;
  for (let i = 0; i < count; i++) {
    const column = i % columns;
    const line = Math.floor(i / columns);
    const shift = line === lines - 1 ? lastShift : 0;
    boxes.push({ top: line * (side + m.captionHeight + m.gap), left: shift + column * (side + m.gap), width: side, height: side + m.captionHeight });
  }
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
export function computeGridLayout(layout: PhotosLayout, ratios: readonly number[], metrics: GridMetrics, options: LayoutOptions = {}): GridLayout {
  const m = { ...metrics, width: Math.max(1, metrics.width), gap: Math.max(0, metrics.gap) };
  const balanced = options.balanced ?? false;
  if (layout === 'grid') return squareLayout(ratios.length, m, balanced);
  if (layout === 'masonry') return masonryLayout(ratios, m);
  return justifiedLayout(ratios, m, balanced);
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
