import { describe, expect, it } from 'vitest';
import { isGivenAway } from './free-files';

describe('isGivenAway', () => {
  const web = { kind: 'digital', digitalQuality: 'web' as const };
  const hd = { kind: 'digital', digitalQuality: 'hd' as const };
  const print = { kind: 'print', digitalQuality: null };

  it('sells everything when the gallery gives nothing away', () => {
    expect(isGivenAway(undefined, hd)).toBe(false);
    expect(isGivenAway(undefined, web)).toBe(false);
  });

  it('does not sell the qualities given away', () => {
    expect(isGivenAway({ qualities: ['web'] }, web)).toBe(true);
    expect(isGivenAway({ qualities: ['web'] }, hd)).toBe(false);
  });

  it('sells no web file when the HD one is free', () => {
    expect(isGivenAway({ qualities: ['hd'] }, web)).toBe(true);
    expect(isGivenAway({ qualities: ['hd'] }, hd)).toBe(true);
  });

  it('never concerns prints', () => {
    expect(isGivenAway({ qualities: ['web', 'hd'] }, print)).toBe(false);
  });
});
