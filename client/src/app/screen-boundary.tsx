import { Component, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMessage } from '../components/ui/page-message';
import { isConnectionError, retryFailedScreens } from '../lib/lazy-retry';

/** ScreenFailed is what a screen that failed to draw leaves: a message and a reload button. */
function ScreenFailed() {
  const { t } = useTranslation();
  return (
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
  );
}

/**
 * ConnectionLost is what a screen whose code or data could not be fetched
 * leaves: « Connexion perdue », a retry button, and a retry by itself as
 * soon as the browser is back online.
 */
export function ConnectionLost({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <div role="alert">
      <PageMessage
        title={t('connection.lost')}
        icon="!"
        actions={
          <button type="button" className="button button-primary" onClick={onRetry}>
            {t('common.retry')}
          </button>
        }
      >
        <p>{t('connection.lostHelp')}</p>
      </PageMessage>
    </div>
  );
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
  at: string;
}

/**
 * ScreenBoundary catches what a screen throws while drawing, until the
 * address changes. A screen whose code could not be downloaded (offline)
 * gets « Connexion perdue » in its place, and is drawn again on « Réessayer »
 * or when the network returns (lazyWithRetry imports it anew); anything else
 * gets « Erreur inconnue » and a reload button. `main` wraps the message in
 * the page's <main> (the root boundary; the gallery's is inside its own).
 */
export class ScreenBoundary extends Component<{ at: string; main?: boolean; children: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: undefined, failed: false, at: this.props.at };

  static getDerivedStateFromProps(props: { at: string }, state: BoundaryState): Partial<BoundaryState> | null {
    return props.at === state.at ? null : { failed: false, error: undefined, at: props.at };
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  retry = () => {
    retryFailedScreens();
    this.setState({ failed: false, error: undefined });
  };

  render() {
    if (!this.state.failed) return this.props.children;
    const message = isConnectionError(this.state.error) ? <ConnectionLost onRetry={this.retry} /> : <ScreenFailed />;
    return this.props.main ? <main id="main">{message}</main> : message;
  }
}
