import { describe, expect, it } from 'vitest';
import { peekReturnFocus, rememberReturnFocus, takeReturnFocus } from './return-focus';

describe('return focus', () => {
  it('gives the photo back once, to the grid it came from, when that grid lists it', () => {
    rememberReturnFocus('photos', 'ph2');
    expect(takeReturnFocus('photographer-selection', ['ph2'])).toBeUndefined();
    expect(takeReturnFocus('photos', ['ph1'])).toBeUndefined();
    expect(peekReturnFocus('photos', ['ph1', 'ph2'])).toBe('ph2');
    expect(peekReturnFocus('photos', ['ph1', 'ph2'])).toBe('ph2');
    expect(takeReturnFocus('photos', ['ph1', 'ph2'])).toBe('ph2');
    expect(peekReturnFocus('photos', ['ph1', 'ph2'])).toBeUndefined();
    expect(takeReturnFocus('photos', ['ph1', 'ph2'])).toBeUndefined();
  });
});
