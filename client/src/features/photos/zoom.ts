// The viewer's zoom: a scale and a translation of the photo's frame, which
// sits centred in the stage. Points are in CSS pixels from the stage's centre.

export interface Zoom {
  scale: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export const NO_ZOOM: Zoom = { scale: 1, x: 0, y: 0 };

/** The scale a double tap, a double click or the + key first goes to. */
export const STEP_SCALE = 2.5;

/** MIN_MAX_SCALE is the least a photo may be zoomed, however small its original: 4x. */
export const MIN_MAX_SCALE = 4;

/** MAX_MAX_SCALE bounds the zoom of a very large original (a 12,000 px panorama drawn 390 px wide). */
export const MAX_MAX_SCALE = 32;

/**
 * nativeScale is the scale at which a photo drawn `boxWidth` CSS pixels
 * wide shows its original's resolution (one original pixel per CSS pixel);
 * 0 while either is unknown.
 */
export function nativeScale(photoWidth: number, boxWidth: number): number {
  if (!(boxWidth > 0) || !(photoWidth > 0)) return 0;
  return photoWidth / boxWidth;
}

/**
 * maxScaleFor is how far a photo drawn `boxWidth` CSS pixels wide may be
 * zoomed: up to its original's resolution, and at least MIN_MAX_SCALE (4x)
 * so that a small photo, or one whose size is not known yet, still zooms
 * as far as on the platforms guests know.
 */
export function maxScaleFor(photoWidth: number, boxWidth: number): number {
  return Math.min(MAX_MAX_SCALE, Math.max(MIN_MAX_SCALE, nativeScale(photoWidth, boxWidth)));
}

/**
 * doubleTapScale is where a double tap (or double click) goes: the
 * original's resolution, at least STEP_SCALE and at most MIN_MAX_SCALE
 * (a 6000 px original is not opened at 15x), never past maxScale.
 */
export function doubleTapScale(native: number, maxScale: number): number {
  return Math.min(maxScale, Math.max(STEP_SCALE, Math.min(MIN_MAX_SCALE, native)));
}

/** clampZoom keeps the scale within [1, maxScale] and the photo over the stage (no empty band where the zoomed photo could fill it). */
export function clampZoom(z: Zoom, box: Size, stage: Size, maxScale: number): Zoom {
  const scale = Math.min(maxScale, Math.max(1, z.scale));
  if (scale <= 1.001) return NO_ZOOM;
  const mx = Math.max(0, (box.width * scale - stage.width) / 2);
  const my = Math.max(0, (box.height * scale - stage.height) / 2);
  // (+ 0 turns a -0 into 0.)
  return { scale, x: Math.min(mx, Math.max(-mx, z.x)) + 0, y: Math.min(my, Math.max(-my, z.y)) + 0 };
}

/**
 * zoomAt scales from z to `scale`, keeping the point of the photo under
 * `from` (where the gesture started) under `to` (where it is now; the same
 * point for a tap or the wheel), then clamps.
 */
export function zoomAt(z: Zoom, scale: number, from: { x: number; y: number }, to: { x: number; y: number }, box: Size, stage: Size, maxScale: number): Zoom {
  const s = Math.min(maxScale, Math.max(1, scale));
  const k = s / z.scale;
  return clampZoom({ scale: s, x: to.x - k * (from.x - z.x), y: to.y - k * (from.y - z.y) }, box, stage, maxScale);
}

/**
 * toggleZoom is a double tap's or double click's zoom: in at the point to
 * `scale` (doubleTapScale; STEP_SCALE when not given, never past
 * maxScale), or back out.
 */
export function toggleZoom(z: Zoom, at: { x: number; y: number }, box: Size, stage: Size, maxScale: number, scale = STEP_SCALE): Zoom {
  if (z.scale > 1.001) return NO_ZOOM;
  return zoomAt(z, Math.min(scale, maxScale), at, at, box, stage, maxScale);
}

const CENTRE = { x: 0, y: 0 };

/** zoomIn is the + key's and button's step, at the stage's centre: to STEP_SCALE first, then by half again. */
export function zoomIn(z: Zoom, box: Size, stage: Size, maxScale: number): Zoom {
  return zoomAt(z, z.scale > 1 ? z.scale * 1.5 : STEP_SCALE, CENTRE, CENTRE, box, stage, maxScale);
}

/** zoomOut is the - key's and button's step back, at the stage's centre. */
export function zoomOut(z: Zoom, box: Size, stage: Size, maxScale: number): Zoom {
  return zoomAt(z, z.scale / 1.5, CENTRE, CENTRE, box, stage, maxScale);
}
