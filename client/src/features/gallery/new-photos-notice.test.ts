import { describe, expect, it } from 'vitest';
import { newPhotos } from './new-photos-notice';

describe('newPhotos', () => {
  it('counts the photos the grid does not hold yet', () => {
    expect(newPhotos(undefined, 12)).toBe(0);
    expect(newPhotos(12, 12)).toBe(0);
    expect(newPhotos(15, 12)).toBe(3);
    // Photos deleted meanwhile: nothing new.
    expect(newPhotos(10, 12)).toBe(0);
  });
});
