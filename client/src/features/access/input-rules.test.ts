import { describe, expect, it } from 'vitest';
import { digitsOnly, isCompleteCode, isCompleteOneTimeCode, isPlausibleEmail } from './input-rules';

describe('access input rules', () => {
  it('wants at least four non-space characters in a code', () => {
    expect(isCompleteCode('')).toBe(false);
    expect(isCompleteCode(' A B ')).toBe(false);
    expect(isCompleteCode('AB C')).toBe(false);
    expect(isCompleteCode('AB CD')).toBe(true);
    expect(isCompleteCode('INVITE-3M8P')).toBe(true);
  });

  it('checks e-mail addresses loosely', () => {
    expect(isPlausibleEmail(' julie@example.com ')).toBe(true);
    expect(isPlausibleEmail('julie@example')).toBe(false);
    expect(isPlausibleEmail('julie example.com')).toBe(false);
  });

  it('keeps six digits of a one-time code', () => {
    expect(digitsOnly('12 34-56 78')).toBe('123456');
    expect(isCompleteOneTimeCode('123456')).toBe(true);
    expect(isCompleteOneTimeCode('12345')).toBe(false);
    expect(isCompleteOneTimeCode('12345a')).toBe(false);
  });
});
