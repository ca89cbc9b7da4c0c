import { describe, expect, it } from 'vitest';
import { sortPhotos } from './sort';

const p = (id: string, filename: string, position: number, favoriteCount: number, selectionCount: number) => ({
  photo: { id, filename, position },
  favoriteCount,
  selectionCount,
});

describe('sortPhotos', () => {
  const photos = [p('a', 'IMG_10.jpg', 0, 1, 3), p('b', 'IMG_9.jpg', 1, 4, 0), p('c', 'IMG_100.jpg', 2, 1, 3), p('d', 'IMG_2.jpg', 3, 0, 1)];
  const ids = (key: Parameters<typeof sortPhotos>[1]) => sortPhotos(photos, key).map((x) => x.photo.id);

  it('puts the most favourited first, ties by selections then gallery order', () => {
    expect(ids('favorites')).toEqual(['b', 'a', 'c', 'd']);
  });

  it('puts the most selected first', () => {
    expect(ids('selections')).toEqual(['a', 'c', 'd', 'b']);
  });

  it('sorts file names in natural order', () => {
    expect(ids('name')).toEqual(['d', 'b', 'a', 'c']);
  });

  it('keeps the gallery order, and leaves the input alone', () => {
    expect(ids('position')).toEqual(['a', 'b', 'c', 'd']);
    expect(photos.map((x) => x.photo.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});
