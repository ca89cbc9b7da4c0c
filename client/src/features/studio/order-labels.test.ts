import { describe, expect, it } from 'vitest';
import { parseEuros } from './order-labels';

describe('parseEuros', () => {
  it('reads French and English amounts as the API decimal', () => {
    expect(parseEuros('12,5')).toBe('12.50');
    expect(parseEuros(' 12.05 € ')).toBe('12.05');
    expect(parseEuros('7')).toBe('7.00');
  });
  it('refuses what is not an amount in cents', () => {
    for (const bad of ['', 'abc', '-3', '1,234', '1.2.3', '12,505']) expect(parseEuros(bad)).toBeNull();
  });
});
