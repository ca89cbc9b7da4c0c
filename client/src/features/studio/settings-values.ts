// Pure pieces of the gallery settings' sections: the expiry date as the
// date input shows it, the tints the guest theme derives (src/lib/theme.ts),
// and the share message.
import { THEME_TINTS, themeVariables, type ThemeColorName } from '../../lib/theme';

/** expiryDateValue is the local calendar day (YYYY-MM-DD) of an expiry moment, for a date input; '' for none. */
export function expiryDateValue(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** endOfDay is the last moment of a local calendar day (YYYY-MM-DD) as an ISO time, or null for an unreadable day. */
export function endOfDay(day: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59);
  if (d.getFullYear() !== Number(m[1]) || d.getMonth() !== Number(m[2]) - 1 || d.getDate() !== Number(m[3])) return null;
  return d.toISOString();
}

/** Tint is one derived colour of the theme: its CSS variable and value. */
export interface Tint {
  name: ThemeColorName;
  step: number | null;
  variable: string;
  value: string;
}

/**
 * themeTints lists the colours the guest pages derive from a theme, in
 * THEME_TINTS order: each base colour, then its tints (spec §3), computed
 * by the guests' own themeVariables (the dark variant's when dark).
 */
export function themeTints(colors: Partial<Record<ThemeColorName, string>>, variant: string): Tint[] {
  const vars = themeVariables({ colors, variant });
  const prefix = variant === 'dark' ? '--dark-color' : '--color';
  const out: Tint[] = [];
  for (const name of Object.keys(THEME_TINTS) as ThemeColorName[]) {
    for (const step of [null, ...THEME_TINTS[name]]) {
      const variable = step === null ? `${prefix}-${name}` : `${prefix}-${name}-${step}`;
      const value = vars[variable];
      if (value) out.push({ name, step, variable, value });
    }
  }
  return out;
}

/** ShareCode is an access code the share message may give. */
export interface ShareCode {
  code: string;
  kind: 'client' | 'visitor';
  revokedAt?: string | null;
}

/** activeCodes keeps the codes that still open the gallery, clients' first. */
export function activeCodes(codes: ReadonlyArray<ShareCode>): ShareCode[] {
  return codes.filter((c) => !c.revokedAt).sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'client' ? -1 : 1));
}

/** shareMailto is a mailto: address whose subject and body carry the message (RFC 6068: %20 for spaces, CRLF line ends). */
export function shareMailto(subject: string, body: string): string {
  const enc = (s: string) => encodeURIComponent(s.replace(/\r?\n/g, '\r\n'));
  return `mailto:?subject=${enc(subject)}&body=${enc(body)}`;
}
