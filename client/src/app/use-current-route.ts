import { useMatches } from 'react-router';
import { isRouteHandle, type GalleryRoute } from './route-table';

/** useCurrentRoute returns the table row of the deepest matched gallery route, if any. */
export function useCurrentRoute(): GalleryRoute | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle;
    if (isRouteHandle(handle)) return handle.route;
  }
  return undefined;
}
