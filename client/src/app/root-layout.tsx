import { Outlet, ScrollRestoration, type Location, type UIMatch } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Toaster } from '../features/notifications/toaster';
import { VersionBanner } from '../features/version-check/version-banner';
import { isRouteHandle } from './route-table';
import { useCurrentRoute } from './use-current-route';

/**
 * scrollKey decides which saved scroll position a location gets back.
 * Routes that keep their position (and any address with ?keepPosition) are
 * keyed by path, so coming back to them restores where the visitor was; other
 * routes are keyed by history entry, so a new visit starts at the top.
 */
export function scrollKey(location: Location, matches: UIMatch[]): string {
  const keep = matches.some((m) => isRouteHandle(m.handle) && m.handle.route.keepPosition) || new URLSearchParams(location.search).has('keepPosition');
  return keep ? location.pathname + location.hash : location.key;
}

/** RootLayout wraps every screen: skip link, version banner, routed view, toasts, scroll handling. */
export function RootLayout() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <VersionBanner enabled={!route?.skipVersionCheck} />
      <Outlet />
      <Toaster />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
