import { Component, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageMessage } from '../components/ui/page-message';
import { Toaster } from '../features/notifications/toaster';
import { VersionBanner } from '../features/version-check/version-banner';
import { ScrollRestoration } from './scroll-restoration';
import { useCurrentRoute } from './use-current-route';

/** ScreenFailed is what a screen that failed to draw (or to load) leaves: a message and a reload button. */
function ScreenFailed() {
  const { t } = useTranslation();
  return (
    <main id="main">
      <PageMessage
        title={t('errors.unknown')}
        tone="error"
        icon="!"
        actions={
          <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </button>
        }
      />
    </main>
  );
}

/** ScreenBoundary catches what a screen throws while drawing (a screen that failed to load included), until the address changes. */
class ScreenBoundary extends Component<{ at: string; children: ReactNode }, { failed: boolean; at: string }> {
  state = { failed: false, at: this.props.at };

  static getDerivedStateFromProps(props: { at: string }, state: { at: string }) {
    return props.at === state.at ? null : { failed: false, at: props.at };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <ScreenFailed /> : this.props.children;
  }
}

/** RootLayout wraps every screen: skip link, version banner, routed view, toasts, scroll handling. */
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
      <ScreenBoundary at={location.pathname}>
        <Outlet />
      </ScreenBoundary>
      <Toaster />
      <ScrollRestoration />
    </>
  );
}
