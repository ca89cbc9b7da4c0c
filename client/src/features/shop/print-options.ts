// The print options of a photo on a format, for the formats that
// Query.photoProducts does not answer: the formats sold only in packs. The
// rules are the server's (internal/cart/fit.go), which checks them again.
import type { PrintBorder, PrintFinish, WhiteMarginPolicy } from '../../gql/graphql';
import { largestCrop, cropRatio, type Crop, type Size } from './crop-geometry';

/** RATIO_TOLERANCE is how far (relative) a photo's ratio may differ from a format's without white margins. */
const RATIO_TOLERANCE = 0.01;

/** GalleryPrintOptions is the gallery's printOptions. */
export interface GalleryPrintOptions {
  nonHomotheticity: { policy: string };
  whiteBorders: { policy: string };
  finish: string;
}

/** FamilyPrintOptions is what a family allows. */
export interface FamilyPrintOptions {
  matGlossOption: boolean;
  whiteBordersOption: boolean;
  whiteMarginAllowed: boolean;
}

/** PrintChoices is what the buyer may choose for a photo on a print format, as PhotoProduct says it. */
export interface PrintChoices {
  finishes: PrintFinish[];
  defaultFinish: PrintFinish | null;
  borders: PrintBorder[];
  whiteMargin: WhiteMarginPolicy;
  defaultCrop: Crop | null;
}

function longOverShort(a: number, b: number): number {
  if (!(a > 0) || !(b > 0)) return 0;
  return Math.max(a, b) / Math.min(a, b);
}

/** ratioDiffers tells whether a photo printed whole on a format gets white margins. */
export function ratioDiffers(photo: Size, format: { shortSize: number; longSize: number }): boolean {
  const rp = longOverShort(photo.width, photo.height);
  const rf = longOverShort(format.shortSize, format.longSize);
  if (rp === 0 || rf === 0) return false;
  return Math.abs(rp - rf) / rf > RATIO_TOLERANCE;
}

/**
 * printChoices works out the finishes (the gallery's default first), the
 * borders, the white-margin policy and the default crop of a photo on a
 * print format, from the gallery's print options and the format's family.
 */
export function printChoices(
  gallery: GalleryPrintOptions,
  family: FamilyPrintOptions | null | undefined,
  format: { kind: string; shortSize: number; longSize: number },
  photo: Size,
): PrintChoices {
  if (format.kind !== 'print') return { finishes: [], defaultFinish: null, borders: [], whiteMargin: 'none', defaultCrop: null };
  const preferred: PrintFinish = gallery.finish === 'mat' ? 'mat' : 'glossy';
  const finishes: PrintFinish[] = family && !family.matGlossOption ? [preferred] : preferred === 'mat' ? ['mat', 'glossy'] : ['glossy', 'mat'];
  const borders: PrintBorder[] = gallery.whiteBorders.policy === 'forbidden' || (family && !family.whiteBordersOption) ? ['none'] : ['none', 'white'];
  let whiteMargin: WhiteMarginPolicy = 'none';
  if (ratioDiffers(photo, format)) {
    whiteMargin = gallery.nonHomotheticity.policy === 'forbidden' || (family && !family.whiteMarginAllowed) ? 'crop_required' : 'warning';
  }
  const defaultCrop = photo.width > 0 && photo.height > 0 && format.shortSize > 0 ? largestCrop(photo, cropRatio(format, photo)) : null;
  return { finishes, defaultFinish: finishes[0], borders, whiteMargin, defaultCrop };
}
