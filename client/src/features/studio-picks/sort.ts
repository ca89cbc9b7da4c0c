// The order of the picked photos in the studio's table.

/** SortKey is how the picked photos are ordered. */
export type SortKey = 'favorites' | 'selections' | 'name' | 'position';

/** Picked is what sortPhotos needs of a picked photo. */
export interface Picked {
  photo: { id: string; filename: string; position: number };
  favoriteCount: number;
  selectionCount: number;
}

/** sortPhotos orders the picked photos by key: counts most first (then the other count, then the gallery's order), names in natural order. */
export function sortPhotos<T extends Picked>(photos: readonly T[], key: SortKey): T[] {
  const byPos = (a: T, b: T) => a.photo.position - b.photo.position || a.photo.id.localeCompare(b.photo.id);
  const cmp: Record<SortKey, (a: T, b: T) => number> = {
    favorites: (a, b) => b.favoriteCount - a.favoriteCount || b.selectionCount - a.selectionCount || byPos(a, b),
    selections: (a, b) => b.selectionCount - a.selectionCount || b.favoriteCount - a.favoriteCount || byPos(a, b),
    name: (a, b) => a.photo.filename.localeCompare(b.photo.filename, undefined, { numeric: true }) || byPos(a, b),
    position: byPos,
  };
  return [...photos].sort(cmp[key]);
}
