import { contrastRatio, mix, normalizeColor, readableOn, tint } from './tint';

/** ThemeColorName names the four colours of a gallery theme. */
export type ThemeColorName = 'primary' | 'secondary' | 'accent' | 'light';

/** THEME_TINTS lists the tint steps each theme colour gets (spec §3). */
export const THEME_TINTS: Record<ThemeColorName, readonly number[]> = {
  primary: [10, 25],
  secondary: [10],
  accent: [10, 17, 30, 50, 70],
  light: [50],
};

/** DEFAULT_COLORS are the colours of the stylesheet (global.css), used where a theme gives none. */
export const DEFAULT_COLORS: Record<ThemeColorName, string> = {
  primary: '#1d1d1f',
  secondary: '#6e6a66',
  accent: '#b08455',
  light: '#faf8f5',
};

/** ThemeInput is what a gallery's theme provides. */
export interface ThemeInput {
  colors?: Partial<Record<ThemeColorName, string | null>> | null;
  photosGap?: number | null;
  /** 'dark' draws light text on a dark page; anything else is the light variant. */
  variant?: string | null;
}

/** colorVariables gives a palette's colours, their tints mixed with `paper`, and the readable secondary text colour. */
function colorVariables(colors: Partial<Record<ThemeColorName, string>>, paper: string | null, prefix: string, surface: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const name of Object.keys(THEME_TINTS) as ThemeColorName[]) {
    const base = colors[name];
    if (!base) continue;
    vars[`${prefix}-${name}`] = base;
    for (const step of THEME_TINTS[name]) {
      const value = paper ? mix(base, paper, step / 100) : tint(base, step);
      if (value) vars[`${prefix}-${name}-${step}`] = value;
    }
  }
  if (colors.secondary || colors.light) {
    // Readable on the page and on the cards (--color-surface) alike.
    const onPage = readableOn(colors.secondary ?? DEFAULT_COLORS.secondary, colors.light ?? DEFAULT_COLORS.light);
    const readable = onPage && readableOn(onPage, surface);
    if (readable) vars[`${prefix}-secondary-text`] = readable;
  }
  return vars;
}

/**
 * themeVariables turns a gallery theme into CSS custom properties:
 * --color-primary, --color-primary-10 ... (the colours as given, tints mixed
 * with white: tint 10 is a very light wash of the colour), --photos-gap, and
 * --color-secondary-text: the secondary colour, darkened (or lightened) just
 * enough to be readable on the page (WCAG AA, 4.5:1), since the secondary
 * colour is used for text. Unreadable colours are left out so the stylesheet
 * defaults apply.
 *
 * The dark variant adds the same set under --dark-color-… (and the cards'
 * --dark-color-surface), which the gallery
 * shell uses instead (global.css, [data-variant='dark']): the page takes a
 * deep shade of the primary colour, the text the light colour, and the tints
 * mix with the dark page instead of white.
 */
export function themeVariables(theme: ThemeInput): Record<string, string> {
  const given: Partial<Record<ThemeColorName, string>> = {};
  for (const name of Object.keys(THEME_TINTS) as ThemeColorName[]) {
    const base = normalizeColor(theme.colors?.[name]);
    if (base) given[name] = base;
  }
  const vars = colorVariables(given, null, '--color', '#ffffff');
  if (theme.variant === 'dark') {
    const all = { ...DEFAULT_COLORS, ...given };
    const shade = mix(all.primary, '#000000', 0.55);
    const page = shade && (contrastRatio(shade, '#ffffff') ?? 0) >= 12 ? shade : '#141416';
    const dark = { primary: readableOn(all.light, page, 7) ?? all.light, secondary: all.secondary, accent: all.accent, light: page };
    const surface = mix(dark.primary, page, 0.08) ?? page;
    Object.assign(vars, colorVariables(dark, page, '--dark-color', surface));
    vars['--dark-color-surface'] = surface;
  }
  const gap = theme.photosGap;
  if (typeof gap === 'number' && Number.isFinite(gap) && gap >= 0) {
    vars['--photos-gap'] = `${Math.round(gap)}px`;
  }
  return vars;
}
