import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, type Location } from 'react-router';
import type { GalleryRoute } from '../lib/route-table';
import { useCurrentRoute } from './use-current-route';

// The scroll rules (spec §2): navigation scrolls to the top, except when the
// route keeps its position, when a keepPosition parameter is set, or when a
// saved position exists.

/** SCROLL_STORAGE_KEY names the saved positions in sessionStorage (they survive a reload of the tab). */
export const SCROLL_STORAGE_KEY = 'gallery-scroll-positions';

type Place = Pick<Location, 'pathname' | 'search' | 'hash' | 'key'>;

/** keepsPosition tells whether navigating to a place leaves the scroll where it is (its route's flag, or ?keepPosition). */
export function keepsPosition(place: Place, route: GalleryRoute | undefined): boolean {
  return route?.keepPosition === true || new URLSearchParams(place.search).has('keepPosition');
}

/**
 * scrollKey decides which saved position a place gets back. Places that keep
 * their position are keyed by path (and anchor), so coming back to them
 * restores where the visitor was, whatever history entry it is; other places
 * are keyed by history entry, so a new visit starts at the top and the back
 * and forward buttons bring back that entry's own position.
 */
export function scrollKey(place: Place, route: GalleryRoute | undefined): string {
  return keepsPosition(place, route) ? place.pathname + place.hash : place.key;
}

/** ScrollPlan is what a navigation does with the scroll, in order: a saved position, else the anchor if it is on the page, else the top unless kept. */
export interface ScrollPlan {
  restore?: number;
  anchor?: string;
  toTop: boolean;
}

/** scrollPlan applies the rules to a navigation, given the saved positions. */
export function scrollPlan(place: Place, route: GalleryRoute | undefined, saved: Readonly<Record<string, number>>): ScrollPlan {
  const y = saved[scrollKey(place, route)];
  let anchor: string | undefined;
  if (place.hash.length > 1) {
    try {
      anchor = decodeURIComponent(place.hash.slice(1));
    } catch {
      // Not an element id: no anchor.
    }
  }
  return { restore: typeof y === 'number' ? y : undefined, anchor, toTop: !keepsPosition(place, route) };
}

let positions: Record<string, number> | undefined;

/** savedPositions are the positions saved in this tab, read from sessionStorage once. */
function savedPositions(): Record<string, number> {
  if (!positions) {
    try {
      positions = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}') as Record<string, number>;
    } catch {
      positions = {};
    }
  }
  return positions;
}

/**
 * ScrollRestoration applies the scroll rules on every navigation (and on the
 * first display), once the new screen is in the document. It saves the
 * position of the place on display as the visitor scrolls, under its key,
 * and keeps the positions in sessionStorage when the page is left.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const route = useCurrentRoute();
  const key = useRef('');

  useEffect(() => {
    const onScroll = () => {
      if (key.current) savedPositions()[key.current] = window.scrollY;
    };
    const onPageHide = () => {
      onScroll();
      try {
        sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(savedPositions()));
      } catch {
        // Storage refused (private mode, quota): positions last as long as the page.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.history.scrollRestoration = 'manual';
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    key.current = scrollKey(location, route);
    const plan = scrollPlan(location, route, savedPositions());
    if (plan.restore !== undefined) {
      window.scrollTo(0, plan.restore);
      return;
    }
    const target = plan.anchor && document.getElementById(plan.anchor);
    if (target) target.scrollIntoView();
    else if (plan.toTop) window.scrollTo(0, 0);
    // The route depends on the location only.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- route is derived from location
  }, [location]);

  return null;
}
