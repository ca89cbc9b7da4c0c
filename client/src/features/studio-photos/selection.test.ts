import { describe, expect, it } from 'vitest';
import { clickPhoto, EMPTY_SELECTION, keepExisting, reorderWithin, selectAll } from './selection';

const shown = ['a', 'b', 'c', 'd', 'e'];

describe('grid selection', () => {
  it('toggles on click and selects a range on shift-click, both ways', () => {
    let s = clickPhoto(EMPTY_SELECTION, shown, 'b', false);
    expect([...s.ids]).toEqual(['b']);
    s = clickPhoto(s, shown, 'd', true);
    expect([...s.ids].sort()).toEqual(['b', 'c', 'd']);
    s = clickPhoto(s, shown, 'a', true);
    expect([...s.ids].sort()).toEqual(['a', 'b', 'c', 'd']);
    s = clickPhoto(s, shown, 'c', false);
    expect([...s.ids].sort()).toEqual(['a', 'b', 'd']);
    // A shift-click without an anchor is a click.
    expect([...clickPhoto(EMPTY_SELECTION, shown, 'e', true).ids]).toEqual(['e']);
  });

  it('selects all, then none; forgets photos that left', () => {
    const all = selectAll(EMPTY_SELECTION, shown);
    expect(all.ids.size).toBe(5);
    expect(selectAll(all, shown).ids.size).toBe(0);
    expect([...keepExisting(all, ['a', 'e']).ids]).toEqual(['a', 'e']);
  });

  it('reorders the photos shown inside the whole order', () => {
    // Shown: b, d (a filter); d dragged before b.
    expect(reorderWithin(['a', 'b', 'c', 'd', 'e'], ['b', 'd'], ['d', 'b'])).toEqual(['a', 'd', 'c', 'b', 'e']);
    expect(reorderWithin(shown, shown, ['e', 'a', 'b', 'c', 'd'])).toEqual(['e', 'a', 'b', 'c', 'd']);
  });
});
