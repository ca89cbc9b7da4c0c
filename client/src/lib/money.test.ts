import { describe, expect, it } from 'vitest';
import { intlLocale } from './locale';
import { formatMoney } from './money';

const eur = (amount: string) => ({ amount, currency: 'EUR' });
// Intl separates thousands with a narrow no-break space in French, and the symbol with a no-break space.
const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('formatMoney', () => {
  it('writes « 121,41 € » in French', () => {
    expect(formatMoney(eur('121.41'), 'fr')).toBe(`121,41${NBSP}€`);
    expect(formatMoney(eur('1121.41'), 'fr')).toBe(`1${NNBSP}121,41${NBSP}€`);
    expect(formatMoney(eur('49'), 'fr')).toBe(`49${NBSP}€`);
  });

  it('writes « 121,41 € » in Dutch too, with Belgian thousands', () => {
    expect(formatMoney(eur('121.41'), 'nl')).toBe(`121,41${NBSP}€`);
    expect(formatMoney(eur('1121.41'), 'nl')).toBe(`1.121,41${NBSP}€`);
    expect(formatMoney(eur('49'), 'nl')).toBe(`49${NBSP}€`);
    expect(formatMoney(eur('-1.7'), 'nl')).toBe(`-1,70${NBSP}€`);
  });

  it('writes « €121.41 » in English', () => {
    expect(formatMoney(eur('121.41'), 'en')).toBe('€121.41');
    expect(formatMoney(eur('1121.41'), 'en')).toBe('€1,121.41');
    expect(formatMoney(eur('49'), 'en')).toBe('€49');
  });

  it('says an unreadable amount as it came', () => {
    expect(formatMoney(eur('abc'), 'nl')).toBe('abc EUR');
  });
});

describe('intlLocale', () => {
  it('formats each interface language with its regional conventions', () => {
    expect(intlLocale('fr')).toBe('fr-BE');
    expect(intlLocale('nl')).toBe('nl-BE');
    expect(intlLocale('en')).toBe('en-GB');
    expect(intlLocale('de-DE')).toBe('de-DE');
  });
});
