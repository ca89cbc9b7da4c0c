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
