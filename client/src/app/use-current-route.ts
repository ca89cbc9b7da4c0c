import { useMemo } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router';
import { GALLERY_ROUTES, type GalleryRoute } from '../lib/route-table';

// The gallery routes under /:galleryId, as the router matches them (router.tsx
// builds its routes from the same table; route-table.test.ts checks that both
// agree), each carrying its row of the table.
const GALLERY_MATCHES: RouteObject[] = [
  {
    path: ':galleryId',
    children: GALLERY_ROUTES.flatMap((route): RouteObject[] => [
      route.path === '' ? { index: true, handle: route } : { path: route.path, handle: route },
      ...(route.redirectFrom ? [{ path: route.redirectFrom, handle: route }] : []),
    ]),
  },
];

/** galleryRouteAt returns the table row of the gallery route at a path, if any (none for the 404 and the site root). */
export function galleryRouteAt(pathname: string): GalleryRoute | undefined {
  const matches = matchRoutes(GALLERY_MATCHES, pathname);
  return matches?.[matches.length - 1]?.route.handle as GalleryRoute | undefined;
}

/** useCurrentRoute returns the table row of the gallery route on display, if any. */
export function useCurrentRoute(): GalleryRoute | undefined {
  const { pathname } = useLocation();
  return useMemo(() => galleryRouteAt(pathname), [pathname]);
}
