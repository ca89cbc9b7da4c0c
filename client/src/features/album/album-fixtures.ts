// Test data shared by the album tests.
import type { MockLink } from '@apollo/client/testing';
import { AlbumQuery } from './album-documents';

/** album builds the clients' album as the server answers it. */
export function album(photoIds: string[], over: Partial<{ state: 'open' | 'sent'; maxPhotos: number; sentAt: string | null }> = {}) {
  const maxPhotos = over.maxPhotos ?? 2;
  return {
    __typename: 'AlbumSelection' as const,
    state: over.state ?? ('open' as const),
    maxPhotos,
    photoCount: photoIds.length,
    excess: maxPhotos > 0 ? Math.max(0, photoIds.length - maxPhotos) : 0,
    sentAt: over.sentAt ?? null,
    photoIds,
  };
}

/** albumQueryMock answers AlbumQuery for the gallery « julie ». */
export function albumQueryMock(value: ReturnType<typeof album> | null): MockLink.MockedResponse {
  return {
    request: { query: AlbumQuery, variables: { url: 'julie' } },
    result: { data: { gallery: { __typename: 'Gallery', id: 'gal_1', albumSelection: value } } },
  };
}

/** albumPayload wraps an album in an AlbumPayload. */
export function albumPayload(value: ReturnType<typeof album> | null, userErrors: Array<{ message: string; code: string }> = []) {
  return { __typename: 'AlbumPayload' as const, album: value, userErrors: userErrors.map((e) => ({ __typename: 'SelectionError' as const, field: null, ...e })) };
}
