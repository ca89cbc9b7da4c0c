import { act, render } from '@testing-library/react';
import type { Location } from 'react-router';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GALLERY_ROUTES, galleryRoute, type RouteName } from '../lib/route-table';
import { ScrollRestoration, scrollKey, scrollPlan } from './scroll-restoration';

// The scroll rules (spec §2): navigation scrolls to the top, except when the
// route keeps its position, when a keepPosition parameter is set, or when a
// saved position exists. scrollKey decides under which key a position is
// saved and found again: a key shared by every visit of a path (the path
// itself) brings the saved position back on each return; a key per history
// entry (location.key) makes each new visit start at the top, and brings
// back only that entry's own position (back and forward buttons).

const location = (pathname: string, search = '', hash = '', key = 'k1'): Location => ({ pathname, search, hash, key, state: null });
const route = (name: RouteName) => galleryRoute(name);

describe('scrollKey', () => {
  it('keys keepPosition routes by path and others by history entry', () => {
    expect(scrollKey(location('/g'), route('galleryHome'))).toBe('/g');
    expect(scrollKey(location('/g/photos/1'), route('photo'))).toBe('k1');
    expect(scrollKey(location('/g/photos/1', '?keepPosition=1'), route('photo'))).toBe('/g/photos/1');
  });

  it('brings the gallery home back where it was after a photo, whatever history entry it is', () => {
    const before = scrollKey(location('/gala', '', '', 'first-visit'), route('galleryHome'));
    const after = scrollKey(location('/gala', '', '', 'back-from-photo'), route('galleryHome'));
    expect(after).toBe(before);
  });

  it('starts every other route at the top on a new visit', () => {
    for (const r of GALLERY_ROUTES.filter((r) => !r.keepPosition)) {
      const a = scrollKey(location(`/g/${r.path}`, '', '', 'visit-1'), r);
      const b = scrollKey(location(`/g/${r.path}`, '', '', 'visit-2'), r);
      expect(a, r.name).not.toBe(b);
    }
  });

  it('keeps the position for any keepPosition parameter value, and keeps anchors apart', () => {
    for (const search of ['?keepPosition', '?keepPosition=true', '?a=1&keepPosition=0']) {
      expect(scrollKey(location('/g/cart', search), route('cartContent')), search).toBe('/g/cart');
    }
    expect(scrollKey(location('/g', '', '#packs'), route('galleryHome'))).toBe('/g#packs');
    expect(scrollKey(location('/g/cart', '?keep=1'), route('cartContent'))).toBe('k1');
  });

  it('keys addresses outside the gallery routes by history entry', () => {
    expect(scrollKey(location('/'), undefined)).toBe('k1');
    expect(scrollKey(location('/nothing'), undefined)).toBe('k1');
  });
});

describe('scrollPlan', () => {
  it('scrolls a new visit to the top', () => {
    expect(scrollPlan(location('/g/cart'), route('cartContent'), {})).toEqual({ restore: undefined, anchor: undefined, toTop: true });
    expect(scrollPlan(location('/'), undefined, {})).toMatchObject({ toTop: true });
  });

  it('restores a saved position', () => {
    expect(scrollPlan(location('/g/cart', '', '', 'k7'), route('cartContent'), { k7: 640 })).toMatchObject({ restore: 640 });
    expect(scrollPlan(location('/g', '', '', 'any'), route('galleryHome'), { '/g': 1200 })).toMatchObject({ restore: 1200 });
  });

  it('leaves the scroll where it is with ?keepPosition, even on a first visit', () => {
    expect(scrollPlan(location('/g/cart', '?keepPosition'), route('cartContent'), {})).toEqual({ restore: undefined, anchor: undefined, toTop: false });
    expect(scrollPlan(location('/g/photos/1', '?keepPosition=1'), route('photo'), {})).toMatchObject({ toTop: false });
  });

  it('leaves the scroll where it is on a route that keeps its position, when nothing is saved', () => {
    expect(scrollPlan(location('/g'), route('galleryHome'), {})).toMatchObject({ restore: undefined, toTop: false });
  });

  it('names the anchor to scroll to, decoded', () => {
    expect(scrollPlan(location('/g', '', '#photos'), route('galleryHome'), {})).toMatchObject({ anchor: 'photos', toTop: false });
    expect(scrollPlan(location('/g/cart', '', '#a%20b'), route('cartContent'), {})).toMatchObject({ anchor: 'a b', toTop: true });
    expect(scrollPlan(location('/g/cart', '', '#%E0%A4%A'), route('cartContent'), {})).toMatchObject({ anchor: undefined });
  });
});

describe('ScrollRestoration', () => {
  afterEach(() => sessionStorage.clear());

  function app(initial: string) {
    const router = createMemoryRouter(
      [{ path: '*', element: <ScrollRestoration /> }],
      { initialEntries: [initial] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }

  it('scrolls to the top on navigation, except with ?keepPosition, and brings back saved positions', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const router = app('/g/cart');
    scrollTo.mockClear();

    await act(() => router.navigate('/g/cart/address'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    // The visitor scrolls the address page, then goes on with ?keepPosition: nothing moves.
    Object.defineProperty(window, 'scrollY', { value: 480, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    scrollTo.mockClear();
    await act(() => router.navigate('/g/cart/validation?keepPosition'));
    expect(scrollTo).not.toHaveBeenCalled();

    // Back: the address page's own position comes back.
    await act(() => router.navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 480);
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('keeps the positions in sessionStorage when the page is left', () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    app('/g');
    Object.defineProperty(window, 'scrollY', { value: 300, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(sessionStorage.getItem('gallery-scroll-positions') ?? '{}')).toMatchObject({ '/g': 300 });
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});
