import { useTranslation } from 'react-i18next';
import { PageMessage } from '../../components/ui/page-message';
import { Spinner } from '../../components/ui/spinner';

/** LoadState is what a shop screen shows until its data is there: a spinner, or the error with a retry button. */
export function LoadState({ error, onRetry, loadingLabel, errorTitle }: { error: unknown; onRetry: () => void; loadingLabel: string; errorTitle?: string }) {
  const { t } = useTranslation();
  if (error) {
    return (
      <PageMessage
        title={errorTitle ?? t('shop.loadError')}
        tone="error"
        icon="!"
        actions={
          <button type="button" className="button button-primary" onClick={onRetry}>
            {t('common.retry')}
          </button>
        }
      />
    );
  }
  return <Spinner block label={loadingLabel} />;
}
