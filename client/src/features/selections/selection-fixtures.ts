// Test data shared by the selections tests.

/** GALLERY_ID is the API id of the gallery in these tests. */
export const GALLERY_ID = 'gal_1';

/** selection builds a Selection as the server answers it. */
export function selection(over: Partial<{ id: string; name: string; isFavorites: boolean; photoIds: string[]; videoIds: string[] }> = {}) {
  return {
    __typename: 'Selection' as const,
    id: 'sel_fav',
    name: 'Favoris',
    isFavorites: true,
    photoIds: [] as string[],
    videoIds: [] as string[],
    ...over,
  };
}

/** payload wraps a selection in a SelectionPayload. */
export function payload(sel: ReturnType<typeof selection> | null, userErrors: Array<{ field: string[] | null; message: string; code: string }> = []) {
  return { __typename: 'SelectionPayload' as const, selection: sel, userErrors: userErrors.map((e) => ({ __typename: 'SelectionError' as const, ...e })) };
}
