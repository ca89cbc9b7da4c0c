import type { Location, UIMatch } from 'react-router';
import { describe, expect, it } from 'vitest';
import { scrollKey } from './root-layout';
import { GALLERY_ROUTES, galleryRoute, type RouteName } from './route-table';

// The scroll rules (spec §2): navigation scrolls to the top, except when the
// route keeps its position, when a keepPosition parameter is set, or when a
// saved position exists. React Router's ScrollRestoration restores the
// position saved under a location's key and scrolls to the top when there is
// none; scrollKey decides the key. A key shared by every visit of a path
// (the path itself) brings the saved position back on each return; a key per
// history entry (location.key) makes each new visit start at the top, and
// brings back only that entry's own position (back and forward buttons).

const location = (pathname: string, search = '', hash = '', key = 'k1'): Location => ({ pathname, search, hash, key, state: null });
const match = (name: RouteName) => ({ handle: { route: galleryRoute(name) } }) as unknown as UIMatch;
const layoutMatch = { handle: undefined } as unknown as UIMatch;

describe('scrollKey', () => {
  it('keys keepPosition routes by path and others by history entry', () => {
    expect(scrollKey(location('/g'), [match('galleryHome')])).toBe('/g');
    expect(scrollKey(location('/g/photos/1'), [match('photo')])).toBe('k1');
    expect(scrollKey(location('/g/photos/1', '?keepPosition=1'), [match('photo')])).toBe('/g/photos/1');
  });

  it('brings the gallery home back where it was after a photo, whatever history entry it is', () => {
    const before = scrollKey(location('/gala', '', '', 'first-visit'), [layoutMatch, match('galleryHome')]);
    const after = scrollKey(location('/gala', '', '', 'back-from-photo'), [layoutMatch, match('galleryHome')]);
    expect(after).toBe(before);
  });

  it('starts every other route at the top on a new visit', () => {
    for (const route of GALLERY_ROUTES.filter((r) => !r.keepPosition)) {
      const a = scrollKey(location(`/g/${route.path}`, '', '', 'visit-1'), [layoutMatch, match(route.name)]);
      const b = scrollKey(location(`/g/${route.path}`, '', '', 'visit-2'), [layoutMatch, match(route.name)]);
      expect(a, route.name).not.toBe(b);
    }
  });

  it('keeps the position for any keepPosition parameter value, and keeps anchors apart', () => {
    for (const search of ['?keepPosition', '?keepPosition=true', '?a=1&keepPosition=0']) {
      expect(scrollKey(location('/g/cart', search), [match('cartContent')]), search).toBe('/g/cart');
    }
    expect(scrollKey(location('/g', '', '#packs'), [match('galleryHome')])).toBe('/g#packs');
    expect(scrollKey(location('/g/cart', '?keep=1'), [match('cartContent')])).toBe('k1');
  });

  it('keys addresses outside the gallery routes by history entry', () => {
    expect(scrollKey(location('/'), [layoutMatch])).toBe('k1');
    expect(scrollKey(location('/nothing'), [])).toBe('k1');
  });
});
