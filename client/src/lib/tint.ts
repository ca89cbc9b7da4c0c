/** An RGB colour with channels from 0 to 255. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB_FUNC = /^rgba?\(\s*(\d{1,3})\s*[,\s]\s*(\d{1,3})\s*[,\s]\s*(\d{1,3})\s*(?:[,/]\s*[\d.]+%?\s*)?\)$/i;

/** parseColor reads #rgb, #rrggbb (with or without #) and rgb(r, g, b); anything else is null. */
export function parseColor(input: string | null | undefined): Rgb | null {
  if (typeof input !== 'string') return null;
  const value = input.trim();
  const hex = HEX.exec(value);
  if (hex) {
    let digits = hex[1];
    if (digits.length === 3) digits = digits.replace(/./g, (c) => c + c);
    return {
      r: parseInt(digits.slice(0, 2), 16),
      g: parseInt(digits.slice(2, 4), 16),
      b: parseInt(digits.slice(4, 6), 16),
    };
  }
  const fn = RGB_FUNC.exec(value);
  if (fn) {
    const [r, g, b] = [fn[1], fn[2], fn[3]].map(Number);
    if ([r, g, b].every((c) => c <= 255)) return { r, g, b };
  }
  return null;
}

function toHex({ r, g, b }: Rgb): string {
  return '#' + [r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('');
}

/**
 * mix blends two colours: `share` (0 to 1) of the first and the rest of the
 * second. It returns #rrggbb, or null for an unreadable colour or share.
 */
export function mix(color: string | null | undefined, other: string | null | undefined, share: number): string | null {
  const a = parseColor(color);
  const b = parseColor(other);
  if (!a || !b || !Number.isFinite(share) || share < 0 || share > 1) return null;
  const channel = (x: number, y: number) => Math.round(x * share + y * (1 - share));
  return toHex({ r: channel(a.r, b.r), g: channel(a.g, b.g), b: channel(a.b, b.b) });
}

/** normalizeColor returns the colour as #rrggbb, or null when it cannot be read. */
export function normalizeColor(input: string | null | undefined): string | null {
  const rgb = parseColor(input);
  return rgb ? toHex(rgb) : null;
}

/**
 * tint mixes a colour with white: the result holds `percent`% of the colour and
 * the rest white (tint 10 is a very light wash, tint 100 the colour itself).
 * It returns #rrggbb, or null for an unreadable colour or percentage.
 */
export function tint(color: string | null | undefined, percent: number): string | null {
  const rgb = parseColor(color);
  if (!rgb || !Number.isFinite(percent) || percent < 0 || percent > 100) return null;
  const share = percent / 100;
  const mix = (c: number) => Math.round(c * share + 255 * (1 - share));
  return toHex({ r: mix(rgb.r), g: mix(rgb.g), b: mix(rgb.b) });
}

function luminance({ r, g, b }: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** contrastRatio is the WCAG contrast ratio of two colours (1 to 21), or null when one cannot be read. */
export function contrastRatio(a: string | null | undefined, b: string | null | undefined): number | null {
  const x = parseColor(a);
  const y = parseColor(b);
  if (!x || !y) return null;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * readableOn returns the colour itself when text in it is readable on the
 * background (contrast at least `min`, 4.5 by default as WCAG AA asks for body
 * text), else the least darkened (or, on a dark background, lightened) shade
 * of it that is. Null when a colour cannot be read.
 */
export function readableOn(color: string | null | undefined, background: string | null | undefined, min = 4.5): string | null {
  const fg = parseColor(color);
  const bg = parseColor(background);
  if (!fg || !bg) return null;
  const target = luminance(bg) > 0.18 ? 0 : 255;
  for (let step = 0; step <= 20; step++) {
    const share = step / 20;
    const mix = (c: number) => Math.round(c * (1 - share) + target * share);
    const candidate = toHex({ r: mix(fg.r), g: mix(fg.g), b: mix(fg.b) });
    if ((contrastRatio(candidate, toHex(bg)) ?? 0) >= min) return candidate;
  }
  return toHex(target === 0 ? { r: 0, g: 0, b: 0 } : { r: 255, g: 255, b: 255 });
}
