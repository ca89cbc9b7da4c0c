import { describe, expect, it } from 'vitest';
import { packNameError, sanitizePackName } from './pack-name';

describe('sanitizePackName', () => {
  it('replaces & < > / and backslash with spaces and trims the ends', () => {
    expect(sanitizePackName('Julie & Thomas <3>/mariage\\')).toBe('Julie   Thomas  3  mariage');
    expect(sanitizePackName('  Pour mamie  ')).toBe('Pour mamie');
    expect(sanitizePackName('Noël à l’île')).toBe('Noël à l’île');
  });
});

describe('packNameError', () => {
  it('requires a name that is not only forbidden characters, of 80 characters at most', () => {
    expect(packNameError(' /&/ ')).toBe('shop.packNameRequired');
    expect(packNameError('é'.repeat(80))).toBeUndefined();
    expect(packNameError('é'.repeat(81))).toBe('shop.packNameTooLong');
  });
});
