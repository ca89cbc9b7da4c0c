// The resolution of a print: how many of the photo's pixels land on each
// inch of paper. The rules are the server's (internal/cart/fit.go,
// PrintDPI), which refuses a print under MIN_PRINT_DPI again.

/** MIN_PRINT_DPI is the lowest resolution a print may have: under it the size is not offered. */
export const MIN_PRINT_DPI = 100;
/** LOW_PRINT_DPI is the resolution under which the print is said to be soft. */
export const LOW_PRINT_DPI = 150;

const CM_PER_INCH = 2.54;

/** PixelSize is an image's or a crop's size in pixels. */
export interface PixelSize {
  width: number;
  height: number;
}

/** PrintSize is a print format's size in centimetres (the catalogue's shortSize x longSize). */
export interface PrintSize {
  shortSize: number;
  longSize: number;
}

/**
 * printDpi is the resolution, in dots per inch rounded down, of an image
 * printed as large as it fits on the format (oriented like the image): the
 * side that fills the paper first sets it. Undefined when a size is unknown
 * (a digital format has none).
 */
export function printDpi(image: PixelSize, format: PrintSize): number | undefined {
  const { width, height } = image;
  const { shortSize, longSize } = format;
  if (!(width > 0 && height > 0 && shortSize > 0 && longSize > 0)) return undefined;
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  const dpi = Math.min(long / (longSize / CM_PER_INCH), short / (shortSize / CM_PER_INCH));
  // The same hair of tolerance as the server: 1181 pixels over 30 cm make 100 dpi.
  return Math.floor(dpi + 1e-6);
}

/** PrintQuality is what the shop says of a print's resolution. */
export type PrintQuality = { level: 'good'; dpi?: number } | { level: 'low'; dpi: number } | { level: 'too-low'; dpi: number };

/**
 * printQuality rates a print: too low under MIN_PRINT_DPI (the size is
 * not offered), low under LOW_PRINT_DPI (a warning), good otherwise or
 * when the sizes are unknown.
 */
export function printQuality(image: PixelSize, format: PrintSize): PrintQuality {
  const dpi = printDpi(image, format);
  if (dpi === undefined) return { level: 'good' };
  if (dpi < MIN_PRINT_DPI) return { level: 'too-low', dpi };
  if (dpi < LOW_PRINT_DPI) return { level: 'low', dpi };
  return { level: 'good', dpi };
}
