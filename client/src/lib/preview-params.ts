import type { ThemeColorName } from './theme';

// Spec §2: the preview route takes query parameters that override, for
// display only, the gallery's settings, so that the photographer can see a
// configuration before saving it. Values outside what the settings accept
// are ignored, one by one: a bad parameter never breaks the preview.

/** THEMES, THEME_VARIANTS and PHOTOS_LAYOUTS are the values the gallery settings accept. */
export const THEMES = ['classic', 'modern', 'minimal'] as const;
export const THEME_VARIANTS = ['light', 'dark'] as const;
export const PHOTOS_LAYOUTS = ['masonry', 'grid', 'justified'] as const;

/** PhotosLayout is how the photo grid is laid out. */
export type PhotosLayout = (typeof PHOTOS_LAYOUTS)[number];

/** MAX_PHOTOS_GAP is the largest gap between photos, in pixels (as the settings allow). */
export const MAX_PHOTOS_GAP = 64;

/** PreviewOverrides is what the preview address overrides; absent fields keep the gallery's settings. */
export interface PreviewOverrides {
  previewHash?: string;
  theme?: (typeof THEMES)[number];
  variant?: (typeof THEME_VARIANTS)[number];
  photosLayout?: PhotosLayout;
  photosGap?: number;
  colors: Partial<Record<ThemeColorName, string>>;
  hideSaleEmphasis?: boolean;
  lightenHomepage?: boolean;
}

const COLOR_PARAMS: readonly ThemeColorName[] = ['primary', 'secondary', 'accent', 'light'];
// #rrggbb; the '#' may be left out, since a bare '#' in an address starts its fragment.
const HEX_COLOR = /^#?([0-9a-f]{6})$/i;
const INTEGER = /^\d{1,3}$/;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((a) => a === value?.trim());
}

function flag(value: string | null): boolean | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

/** parseColorParam reads a #rrggbb colour parameter, lower-cased; anything else is undefined. */
export function parseColorParam(value: string | null): string | undefined {
  const match = HEX_COLOR.exec(value?.trim() ?? '');
  return match ? `#${match[1].toLowerCase()}` : undefined;
}

/** parseGapParam reads the gap parameter: an integer from 0 to MAX_PHOTOS_GAP pixels. */
export function parseGapParam(value: string | null): number | undefined {
  const text = value?.trim() ?? '';
  if (!INTEGER.test(text)) return undefined;
  const gap = Number(text);
  return gap <= MAX_PHOTOS_GAP ? gap : undefined;
}

/** parsePreviewParams reads the preview route's query string (with or without its '?'). */
export function parsePreviewParams(search: string): PreviewOverrides {
  const params = new URLSearchParams(search);
  const colors: PreviewOverrides['colors'] = {};
  for (const name of COLOR_PARAMS) {
    const color = parseColorParam(params.get(name));
    if (color) colors[name] = color;
  }
  const overrides: PreviewOverrides = { colors };
  const previewHash = params.get('previewHash')?.trim();
  if (previewHash) overrides.previewHash = previewHash;
  const theme = oneOf(params.get('theme'), THEMES);
  if (theme) overrides.theme = theme;
  const variant = oneOf(params.get('variant'), THEME_VARIANTS);
  if (variant) overrides.variant = variant;
  const layout = oneOf(params.get('disposition'), PHOTOS_LAYOUTS);
  if (layout) overrides.photosLayout = layout;
  const gap = parseGapParam(params.get('gap'));
  if (gap !== undefined) overrides.photosGap = gap;
  const hideSaleEmphasis = flag(params.get('hideSaleEmphasis'));
  if (hideSaleEmphasis !== undefined) overrides.hideSaleEmphasis = hideSaleEmphasis;
  const lightenHomepage = flag(params.get('lightenHomepage'));
  if (lightenHomepage !== undefined) overrides.lightenHomepage = lightenHomepage;
  return overrides;
}

/** asPhotosLayout reads a gallery's photos layout setting; unknown values fall back to justified. */
export function asPhotosLayout(value: string | null | undefined): PhotosLayout {
  return oneOf(value ?? null, PHOTOS_LAYOUTS) ?? 'justified';
}
