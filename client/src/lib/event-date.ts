import { intlLocale } from './locale';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * parseEventDate reads a gallery's eventDateString. The server sends a calendar
 * day (YYYY-MM-DD), which Date parses as midnight UTC; west of Greenwich that
 * is still the day before. Shifting by the timezone offset of that instant
 * gives local midnight of the same calendar day, so the day never moves.
 * `offsetMinutes` overrides the local offset (minutes, as getTimezoneOffset).
 * It returns null for an empty or unreadable string.
 */
export function parseEventDate(value: string | null | undefined, offsetMinutes?: number): Date | null {
  if (!value) return null;
  const text = value.trim();
  const parsed = new Date(DATE_ONLY.test(text) ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(parsed.getTime())) return null;
  const offset = offsetMinutes ?? parsed.getTimezoneOffset();
  return new Date(parsed.getTime() + offset * 60_000);
}

// One formatter per language: making one costs far more than using it, and
// the covers draw the date on every render (docs/performance.md).
const formatters = new Map<string, Intl.DateTimeFormat>();

/** formatEventDate renders the event day in the given interface language, e.g. "13 juin 2026", "13 juni 2026", "13 June 2026"; empty when unreadable. */
export function formatEventDate(value: string | null | undefined, language: string): string {
  const date = parseEventDate(value);
  if (!date) return '';
  const locale = intlLocale(language);
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' });
    formatters.set(locale, formatter);
  }
  return formatter.format(date);
}
