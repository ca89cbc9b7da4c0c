import { describe, expect, it } from 'vitest';
import { MAX_PHOTOS_GAP, PHOTOS_LAYOUTS, THEMES, THEME_VARIANTS, parsePreviewParams } from './preview-params';

// Property-style check of the preview address: whatever a link carries, the
// parsing never throws and only ever yields values the settings accept.

/** mulberry32 is a small seeded generator, so that a failure can be replayed. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PARAMS = ['theme', 'variant', 'previewHash', 'disposition', 'gap', 'primary', 'secondary', 'accent', 'light', 'hideSaleEmphasis', 'lightenHomepage'];
const ALPHABET = ['a', 'Z', '0', '9', '#', '%', '%2', '%zz', '&', '=', '+', ' ', '-', '.', 'é', '😀', '\u0000', '\n', 'true', 'false', 'grid', 'dark', '12', '-1', '1e3', 'ff', '#12345'];

/** encodeLoosely is encodeURIComponent, which refuses lone surrogates: those go through as they are. */
function encodeLoosely(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value;
  }
}

function randomValue(next: () => number): string {
  const length = Math.floor(next() * 8);
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[Math.floor(next() * ALPHABET.length)];
  if (next() < 0.2) out = String.fromCharCode(...Array.from({ length: Math.floor(next() * 12) }, () => Math.floor(next() * 0xffff)));
  return out;
}

function randomSearch(next: () => number): string {
  const parts: string[] = [];
  for (const name of PARAMS) {
    if (next() < 0.8) {
      const value = randomValue(next);
      // Sometimes raw (possibly malformed escapes), sometimes encoded, sometimes repeated.
      parts.push(`${name}=${next() < 0.5 ? value : encodeLoosely(value)}`);
      if (next() < 0.1) parts.push(`${name}=${randomValue(next)}`);
    }
  }
  if (next() < 0.3) parts.push(randomValue(next));
  return (next() < 0.5 ? '?' : '') + parts.join('&');
}

describe('parsePreviewParams with random addresses', () => {
  it('never throws and yields only accepted values', () => {
    const next = mulberry32(20260418);
    for (let run = 0; run < 3000; run++) {
      const search = randomSearch(next);
      let parsed: ReturnType<typeof parsePreviewParams> | undefined;
      expect(() => (parsed = parsePreviewParams(search)), search).not.toThrow();
      const p = parsed!;
      if (p.theme !== undefined) expect(THEMES, search).toContain(p.theme);
      if (p.variant !== undefined) expect(THEME_VARIANTS, search).toContain(p.variant);
      if (p.photosLayout !== undefined) expect(PHOTOS_LAYOUTS, search).toContain(p.photosLayout);
      if (p.photosGap !== undefined) {
        expect(Number.isInteger(p.photosGap), search).toBe(true);
        expect(p.photosGap, search).toBeGreaterThanOrEqual(0);
        expect(p.photosGap, search).toBeLessThanOrEqual(MAX_PHOTOS_GAP);
      }
      for (const [name, color] of Object.entries(p.colors)) {
        expect(['primary', 'secondary', 'accent', 'light'], search).toContain(name);
        expect(color, search).toMatch(/^#[0-9a-f]{6}$/);
      }
      for (const flag of [p.hideSaleEmphasis, p.lightenHomepage]) expect([undefined, true, false], search).toContain(flag);
      if (p.previewHash !== undefined) expect(p.previewHash.trim(), search).toBe(p.previewHash);
      expect(Object.keys(p).every((k) => ['colors', 'theme', 'variant', 'photosLayout', 'photosGap', 'previewHash', 'hideSaleEmphasis', 'lightenHomepage'].includes(k)), search).toBe(true);
    }
  });

  it('ignores a random invalid value of each parameter alone, keeping the valid others', () => {
    const next = mulberry32(7);
    const valid = 'theme=modern&variant=dark&disposition=masonry&gap=12&primary=%23112233&hideSaleEmphasis=true&lightenHomepage=false';
    const expected = parsePreviewParams(valid);
    for (let run = 0; run < 500; run++) {
      const name = ['theme', 'variant', 'disposition', 'gap', 'primary', 'hideSaleEmphasis', 'lightenHomepage'][run % 7];
      let junk = randomValue(next);
      // Keep only values that are not accidentally valid.
      if (['classic', 'modern', 'minimal', 'light', 'dark', 'masonry', 'grid', 'justified', 'true', 'false'].includes(junk.trim()) || /^\s*\d{1,3}\s*$/.test(junk) || /^\s*#?[0-9a-f]{6}\s*$/i.test(junk)) junk = 'x';
      const search = valid.replace(new RegExp(`${name}=[^&]*`), `${name}=${encodeLoosely(junk)}`);
      const parsed = parsePreviewParams(search);
      const key = { disposition: 'photosLayout', gap: 'photosGap' }[name] ?? name;
      if (key === 'primary') expect(parsed.colors.primary, search).toBeUndefined();
      else expect((parsed as unknown as Record<string, unknown>)[key], search).toBeUndefined();
      const rest = { ...expected, colors: key === 'primary' ? {} : expected.colors } as Record<string, unknown>;
      if (key !== 'primary') delete rest[key];
      expect(parsed, search).toEqual(rest);
    }
  });
});
