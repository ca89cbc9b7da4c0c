// The geometry of the crop editor: a rectangle in the photo's own pixels
// (photo.width × photo.height), locked to a print format's ratio. Every
// helper answers whole pixels inside the photo, as the server checks them
// (internal/cart/fit.go: inside the photo, ratio within 2 % of the format's).

/** Crop is a rectangle in the photo's own pixels. */
export interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Size is a width and a height in pixels. */
export interface Size {
  width: number;
  height: number;
}

/** Corner names the corner of the crop a resize handle drags. */
export type Corner = 'nw' | 'ne' | 'sw' | 'se';

/** MIN_CROP_FRACTION is the smallest crop, as a part of the largest one of its ratio. */
export const MIN_CROP_FRACTION = 0.2;

/** RATIO_TOLERANCE is how far (relative) two ratios may differ and still count as the same (the server's 1 %). */
export const RATIO_TOLERANCE = 0.01;

/**
 * cropRatio is the width/height ratio of a crop for a print format on a
 * photo: long side over short side, flipped for portrait photos (a square
 * photo takes the landscape way, like the server's default crop).
 */
export function cropRatio(format: { shortSize: number; longSize: number }, photo: Size): number {
  const short = Math.min(format.shortSize, format.longSize);
  const long = Math.max(format.shortSize, format.longSize);
  if (!(short > 0)) return photo.width > 0 && photo.height > 0 ? photo.width / photo.height : 1;
  const ratio = long / short;
  return photo.height > photo.width ? 1 / ratio : ratio;
}

/** sameRatio tells whether two width/height ratios are the same within RATIO_TOLERANCE. */
export function sameRatio(a: number, b: number, tolerance = RATIO_TOLERANCE): boolean {
  if (!(a > 0) || !(b > 0)) return false;
  return Math.abs(a - b) / b <= tolerance;
}

/** sized is the whole-pixel size of `ratio` closest to `width`, no wider than maxWidth and no taller than maxHeight. */
function sized(width: number, ratio: number, maxWidth: number, maxHeight: number): Size {
  const wanted = Math.min(width, maxWidth);
  if (wanted >= maxHeight * ratio) {
    // The height limits: fill it exactly.
    const h = Math.max(1, Math.floor(maxHeight));
    return { width: Math.max(1, Math.min(Math.floor(maxWidth), Math.round(h * ratio))), height: h };
  }
  const w = Math.max(1, Math.floor(wanted));
  const h = Math.max(1, Math.round(w / ratio));
  if (h > maxHeight) {
    const fitted = Math.max(1, Math.floor(maxHeight));
    return { width: Math.max(1, Math.min(Math.floor(maxWidth), Math.round(fitted * ratio))), height: fitted };
  }
  return { width: w, height: h };
}

/** largestCrop is the largest crop of `ratio` centred in the photo (the server's default crop). */
export function largestCrop(photo: Size, ratio: number): Crop {
  const { width, height } = sized(photo.width, ratio, photo.width, photo.height);
  return { x: Math.floor((photo.width - width) / 2), y: Math.floor((photo.height - height) / 2), width, height };
}

/** minCropWidth is the narrowest crop of `ratio` the editor allows on the photo. */
export function minCropWidth(photo: Size, ratio: number): number {
  return Math.max(1, Math.round(largestCrop(photo, ratio).width * MIN_CROP_FRACTION));
}

/** clampCrop moves a crop inside the photo (shrinking it, ratio kept, when it is larger) in whole pixels. */
export function clampCrop(crop: Crop, photo: Size): Crop {
  let { width, height } = crop;
  width = Math.max(1, Math.round(width));
  height = Math.max(1, Math.round(height));
  if (width > photo.width || height > photo.height) {
    ({ width, height } = sized(width, width / height, photo.width, photo.height));
  }
  const x = Math.min(Math.max(0, Math.round(crop.x)), photo.width - width);
  const y = Math.min(Math.max(0, Math.round(crop.y)), photo.height - height);
  return { x, y, width, height };
}

/** moveCrop shifts a crop by (dx, dy) photo pixels, stopping at the photo's edges. */
export function moveCrop(crop: Crop, dx: number, dy: number, photo: Size): Crop {
  return clampCrop({ ...crop, x: crop.x + dx, y: crop.y + dy }, photo);
}

/**
 * resizeCrop drags one corner of a crop by (dx, dy) photo pixels, the
 * opposite corner staying put and the ratio kept: the larger of the two
 * moves wins. The crop stays inside the photo and no smaller than
 * minCropWidth.
 */
export function resizeCrop(crop: Crop, corner: Corner, dx: number, dy: number, ratio: number, photo: Size): Crop {
  const signX = corner === 'ne' || corner === 'se' ? 1 : -1;
  const signY = corner === 'sw' || corner === 'se' ? 1 : -1;
  const anchorX = signX > 0 ? crop.x : crop.x + crop.width;
  const anchorY = signY > 0 ? crop.y : crop.y + crop.height;
  const byX = crop.width + signX * dx;
  const byY = (crop.height + signY * dy) * ratio;
  const wanted = Math.abs(dx) >= Math.abs(dy * ratio) ? byX : byY;
  const maxWidth = signX > 0 ? photo.width - anchorX : anchorX;
  const maxHeight = signY > 0 ? photo.height - anchorY : anchorY;
  const size = sized(Math.max(minCropWidth(photo, ratio), wanted), ratio, maxWidth, maxHeight);
  return clampCrop(
    {
      x: signX > 0 ? anchorX : anchorX - size.width,
      y: signY > 0 ? anchorY : anchorY - size.height,
      ...size,
    },
    photo,
  );
}

/** scaleCrop grows (factor > 1) or shrinks a crop around its centre, ratio kept, inside the photo. */
export function scaleCrop(crop: Crop, factor: number, ratio: number, photo: Size): Crop {
  const cx = crop.x + crop.width / 2;
  const cy = crop.y + crop.height / 2;
  const wanted = Math.max(minCropWidth(photo, ratio), crop.width * factor);
  const size = sized(wanted, ratio, photo.width, photo.height);
  return clampCrop({ x: cx - size.width / 2, y: cy - size.height / 2, ...size }, photo);
}

/**
 * fitCrop adapts a crop to a ratio: the largest centred crop when there is
 * none, the crop itself (kept inside the photo) when it already has the
 * ratio, else a crop of the ratio with the same area and centre.
 */
export function fitCrop(crop: Crop | null | undefined, ratio: number, photo: Size): Crop {
  if (!crop || crop.width <= 0 || crop.height <= 0) return largestCrop(photo, ratio);
  if (sameRatio(crop.width / crop.height, ratio)) return clampCrop(crop, photo);
  const cx = crop.x + crop.width / 2;
  const cy = crop.y + crop.height / 2;
  const area = crop.width * crop.height;
  const size = sized(Math.max(minCropWidth(photo, ratio), Math.sqrt(area * ratio)), ratio, photo.width, photo.height);
  return clampCrop({ x: cx - size.width / 2, y: cy - size.height / 2, ...size }, photo);
}

/** cropPercent places a crop over the displayed photo, in percentages of its size. */
export function cropPercent(crop: Crop, photo: Size): { left: number; top: number; width: number; height: number } {
  return {
    left: (crop.x / photo.width) * 100,
    top: (crop.y / photo.height) * 100,
    width: (crop.width / photo.width) * 100,
    height: (crop.height / photo.height) * 100,
  };
}
