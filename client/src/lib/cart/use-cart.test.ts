import { describe, expect, it } from 'vitest';
import { badgeFetchPolicy } from './use-cart';

describe('badgeFetchPolicy', () => {
  it('asks the server only when the cart may hold what this browser did not put there', () => {
    // No e-mail: the browser's cart, filled only through this app's answers, which the cache holds.
    expect(badgeFetchPolicy(null, true)).toBe('cache-only');
    expect(badgeFetchPolicy(undefined, true)).toBe('cache-only');
    // An e-mail: the cart follows it from another browser.
    expect(badgeFetchPolicy('a@example.com', true)).toBe('cache-first');
    // No storage: nothing is known from earlier visits.
    expect(badgeFetchPolicy(null, false)).toBe('cache-first');
  });
});
