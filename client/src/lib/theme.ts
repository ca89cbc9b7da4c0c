import { normalizeColor, tint } from './tint';

/** ThemeColorName names the four colours of a gallery theme. */
export type ThemeColorName = 'primary' | 'secondary' | 'accent' | 'light';

/** THEME_TINTS lists the tint steps each theme colour gets (spec §3). */
export const THEME_TINTS: Record<ThemeColorName, readonly number[]> = {
  primary: [10, 25],
  secondary: [10],
  accent: [10, 17, 30, 50, 70],
  light: [50],
};

/** ThemeInput is what a gallery's theme provides. */
export interface ThemeInput {
  colors?: Partial<Record<ThemeColorName, string | null>> | null;
  photosGap?: number | null;
}

/**
 * themeVariables turns a gallery theme into CSS custom properties:
 * --color-primary, --color-primary-10 ... and --photos-gap. Unreadable colours
 * are left out so the stylesheet defaults apply.
 */
export function themeVariables(theme: ThemeInput): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const name of Object.keys(THEME_TINTS) as ThemeColorName[]) {
    const raw = theme.colors?.[name];
    const base = normalizeColor(raw);
    if (!base) continue;
    vars[`--color-${name}`] = base;
    for (const step of THEME_TINTS[name]) {
      const value = tint(base, step);
      if (value) vars[`--color-${name}-${step}`] = value;
    }
  }
  const gap = theme.photosGap;
  if (typeof gap === 'number' && Number.isFinite(gap) && gap >= 0) {
    vars['--photos-gap'] = `${Math.round(gap)}px`;
  }
  return vars;
}
