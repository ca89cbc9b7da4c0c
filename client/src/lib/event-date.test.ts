import { afterEach, describe, expect, it } from 'vitest';
import { formatEventDate, parseEventDate } from './event-date';

const originalTz = process.env.TZ;

afterEach(() => {
  process.env.TZ = originalTz;
});

describe('parseEventDate', () => {
  it('keeps the calendar day in every timezone', () => {
    for (const tz of ['UTC', 'America/Los_Angeles', 'Pacific/Honolulu', 'Europe/Brussels', 'Pacific/Kiritimati']) {
      process.env.TZ = tz;
      const date = parseEventDate('2026-06-13');
      expect(date, tz).not.toBeNull();
      expect([date!.getFullYear(), date!.getMonth(), date!.getDate()], tz).toEqual([2026, 5, 13]);
      expect(date!.getHours(), tz).toBe(0);
    }
  });

  it('shifts by an explicit offset', () => {
    // UTC-8 (offset +480): midnight UTC + 8h is local midnight of the same day.
    expect(parseEventDate('2026-01-01', 480)!.toISOString()).toBe('2026-01-01T08:00:00.000Z');
    expect(parseEventDate('2026-01-01', -120)!.toISOString()).toBe('2025-12-31T22:00:00.000Z');
  });

  it('returns null for empty or invalid strings', () => {
    expect(parseEventDate('')).toBeNull();
    expect(parseEventDate(null)).toBeNull();
    expect(parseEventDate('not a date')).toBeNull();
  });
});

describe('formatEventDate', () => {
  it('formats in French', () => {
    process.env.TZ = 'America/New_York';
    expect(formatEventDate('2026-06-13', 'fr')).toBe('13 juin 2026');
    expect(formatEventDate('', 'fr')).toBe('');
  });

  it('formats in Dutch and in British English, day before month', () => {
    expect(formatEventDate('2026-06-13', 'nl')).toBe('13 juni 2026');
    expect(formatEventDate('2026-06-13', 'en')).toBe('13 June 2026');
    expect(formatEventDate('2026-12-01', 'nl')).toBe('1 december 2026');
  });
});
