import { describe, expect, it } from 'vitest';
import { formatBytes, splitDuration } from './format';

const fr = ['o', 'Ko', 'Mo', 'Go'] as const;

describe('upload panel formats', () => {
  it('writes sizes with the language’s decimal sign', () => {
    expect(formatBytes(512, 'fr', fr)).toBe('512 o');
    expect(formatBytes(3.25 * 1024 * 1024, 'fr', fr)).toBe('3,3 Mo');
    expect(formatBytes(850 * 1024, 'fr', fr)).toBe('850 Ko');
    expect(formatBytes(3.25 * 1024 * 1024, 'en', ['B', 'KB', 'MB', 'GB'])).toBe('3.3 MB');
  });

  it('splits durations', () => {
    expect(splitDuration(59.6)).toEqual({ h: 0, m: 1, s: 0 });
    expect(splitDuration(3725)).toEqual({ h: 1, m: 2, s: 5 });
  });
});
