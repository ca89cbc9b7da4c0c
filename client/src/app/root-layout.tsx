import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Toaster } from '../components/ui/toaster';
import { VersionBanner } from '../features/version-check';
import { ConnectionBanner } from './connection-banner';
import { ScreenBoundary } from './screen-boundary';
import { ScrollRestoration } from './scroll-restoration';
import { useCurrentRoute } from './use-current-route';

/** RootLayout wraps every screen: skip link, version and connection banners, routed view, toasts, scroll handling. */
export function RootLayout() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const location = useLocation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <VersionBanner enabled={!route?.skipVersionCheck} />
      <ConnectionBanner />
      <ScreenBoundary at={location.pathname} main>
        <Outlet />
      </ScreenBoundary>
      <Toaster />
      <ScrollRestoration />
    </>
  );
}
