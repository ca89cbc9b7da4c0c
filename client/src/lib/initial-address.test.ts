import { describe, expect, it } from 'vitest';
import { readAddress } from './initial-address';

describe('readAddress (initial load, spec §2)', () => {
  it('reads the gallery from the path, the preview hash and the e-mail from the query', () => {
    expect(readAddress('/gala-2026/photos/p1', '?previewHash=abc&email=a%40b.fr')).toEqual({ galleryUrl: 'gala-2026', previewHash: 'abc', email: 'a@b.fr' });
    expect(readAddress('/gala-2026', '')).toEqual({ galleryUrl: 'gala-2026', previewHash: undefined, email: undefined });
  });

  it('survives the root, blank values and malformed escapes', () => {
    expect(readAddress('/', '?previewHash=%20&email=')).toEqual({ galleryUrl: '', previewHash: undefined, email: undefined });
    expect(readAddress('//f%C3%AAte//x', 'email=%20x%40y.be%20').galleryUrl).toBe('fête');
    expect(readAddress('/%E0%A4%A', '').galleryUrl).toBe('%E0%A4%A');
  });
});
