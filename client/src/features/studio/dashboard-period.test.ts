import { describe, expect, it } from 'vitest';
import { periodOf } from './dashboard-page';

describe('periodOf', () => {
  const today = new Date(2026, 0, 15); // 15 January 2026
  it('gives this month, last month (across the year) and the last twelve months', () => {
    expect(periodOf('month', today)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(periodOf('lastMonth', today)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(periodOf('year', today)).toEqual({ from: '2025-02-01', to: '2026-01-31' });
  });
  it('ends February on its last day', () => {
    expect(periodOf('month', new Date(2028, 1, 10))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});
