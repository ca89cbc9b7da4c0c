import type { Location, UIMatch } from 'react-router';
import { describe, expect, it } from 'vitest';
import { scrollKey } from './root-layout';
import { galleryRoute } from './route-table';

const location = (pathname: string, search = ''): Location => ({ pathname, search, hash: '', key: 'k1', state: null });
const match = (name: 'galleryHome' | 'photo') => ({ handle: { route: galleryRoute(name) } }) as unknown as UIMatch;

describe('scrollKey', () => {
  it('keys keepPosition routes by path and others by history entry', () => {
    expect(scrollKey(location('/g'), [match('galleryHome')])).toBe('/g');
    expect(scrollKey(location('/g/photos/1'), [match('photo')])).toBe('k1');
    expect(scrollKey(location('/g/photos/1', '?keepPosition=1'), [match('photo')])).toBe('/g/photos/1');
  });
});
