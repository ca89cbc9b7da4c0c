import { describe, expect, it } from 'vitest';
import { activeCodes, endOfDay, expiryDateValue, shareMailto, themeTints } from './settings-values';

describe('expiry dates', () => {
  it('round-trips a local day through the end of that day', () => {
    const iso = endOfDay('2027-03-14');
    expect(iso).not.toBeNull();
    const d = new Date(iso!);
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()]).toEqual([2027, 2, 14, 23, 59]);
    expect(expiryDateValue(iso)).toBe('2027-03-14');
  });
  it('refuses days that do not exist and shows none for no expiry', () => {
    expect(endOfDay('2027-02-30')).toBeNull();
    expect(endOfDay('14/03/2027')).toBeNull();
    expect(expiryDateValue(null)).toBe('');
    expect(expiryDateValue('not a date')).toBe('');
  });
});

describe('themeTints', () => {
  it('derives every tint of spec §3 from the four colours, as the guest theme does', () => {
    const tints = themeTints({ primary: '#2f3e46', secondary: '#84a98c', light: '#f7f4ef', accent: '#c9a227' }, 'light');
    expect(tints.map((t) => `${t.name}${t.step === null ? '' : '-' + t.step}`)).toEqual([
      'primary', 'primary-10', 'primary-25', 'secondary', 'secondary-10',
      'accent', 'accent-10', 'accent-17', 'accent-30', 'accent-50', 'accent-70', 'light', 'light-50',
    ]);
    // Tint 10 of the accent: 10 % of the colour, the rest white.
    expect(tints.find((t) => t.name === 'accent' && t.step === 10)?.value).toBe('#faf6e9');
    expect(tints.find((t) => t.name === 'primary' && t.step === null)?.value).toBe('#2f3e46');
  });
  it('follows a changed colour and the dark variant', () => {
    const red = themeTints({ accent: '#ff0000' }, 'light').find((t) => t.variable === '--color-accent-50');
    expect(red?.value).toBe('#ff8080');
    const dark = themeTints({ primary: '#2f3e46', accent: '#ff0000' }, 'dark');
    expect(dark.every((t) => t.variable.startsWith('--dark-color-'))).toBe(true);
    expect(dark.find((t) => t.variable === '--dark-color-accent-50')?.value).not.toBe('#ff8080');
  });
  it('leaves out an unreadable colour', () => {
    expect(themeTints({ primary: 'nope' }, 'light').some((t) => t.name === 'primary')).toBe(false);
  });
});

describe('share', () => {
  it('keeps the codes still valid, clients first', () => {
    const codes = activeCodes([
      { code: 'V1', kind: 'visitor' },
      { code: 'OLD', kind: 'client', revokedAt: '2026-01-01T00:00:00Z' },
      { code: 'C1', kind: 'client' },
    ]);
    expect(codes.map((c) => c.code)).toEqual(['C1', 'V1']);
  });
  it('encodes the mail', () => {
    expect(shareMailto('Gala & co', 'Lien : https://x.test/gala\nCode : AB12')).toBe(
      'mailto:?subject=Gala%20%26%20co&body=Lien%20%3A%20https%3A%2F%2Fx.test%2Fgala%0D%0ACode%20%3A%20AB12',
    );
  });
});
