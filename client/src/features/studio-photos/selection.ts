// Multi-select in the grid: a click toggles a photo, a shift-click selects
// the range from the last photo clicked (in the order shown), « Tout
// sélectionner » takes every photo shown.

/** Selection is the selected ids and the anchor of the next shift-click. */
export interface Selection {
  ids: ReadonlySet<string>;
  anchor?: string;
}

export const EMPTY_SELECTION: Selection = { ids: new Set() };

/** clickPhoto applies a click on id, with shift or not, to the selection, over the ids shown in order. */
export function clickPhoto(sel: Selection, shown: readonly string[], id: string, shift: boolean): Selection {
  if (shift && sel.anchor && shown.includes(sel.anchor)) {
    const a = shown.indexOf(sel.anchor);
    const b = shown.indexOf(id);
    const [from, to] = a < b ? [a, b] : [b, a];
    const ids = new Set(sel.ids);
    for (const x of shown.slice(from, to + 1)) ids.add(x);
    return { ids, anchor: sel.anchor };
  }
  const ids = new Set(sel.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

/** selectAll selects every photo shown, or clears the selection when they all are. */
export function selectAll(sel: Selection, shown: readonly string[]): Selection {
  if (shown.length > 0 && shown.every((id) => sel.ids.has(id))) return EMPTY_SELECTION;
  return { ids: new Set(shown), anchor: sel.anchor };
}

/** keepExisting drops from the selection the photos no longer there (deleted, filtered out). */
export function keepExisting(sel: Selection, all: readonly string[]): Selection {
  const ids = new Set([...sel.ids].filter((id) => all.includes(id)));
  return ids.size === sel.ids.size ? sel : { ids, anchor: sel.anchor };
}

/** reorderWithin puts the shown photos in their new order inside the full order: the slots of the shown ones are kept, the others do not move. */
export function reorderWithin(all: readonly string[], shownBefore: readonly string[], shownAfter: readonly string[]): string[] {
  const shown = new Set(shownBefore);
  let i = 0;
  return all.map((id) => (shown.has(id) ? shownAfter[i++] : id));
}
