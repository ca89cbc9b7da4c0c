import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMessage } from '../ui/page-message';
import { needEmail as appStore, type NeedEmailStore } from '../../lib/need-email-store';

/**
 * EmailRequiredGate stands in for a screen of a gallery that needs a
 * confirmed e-mail (spec §6): it opens the e-mail dialog at once, and offers
 * to open it again if the visitor closed it.
 */
export function EmailRequiredGate({ store = appStore }: { store?: NeedEmailStore }) {
  const { t } = useTranslation();
  useEffect(() => {
    void store.request();
  }, [store]);
  return (
    <PageMessage
      title={t('identity.gateTitle')}
      icon="@"
      actions={
        <button type="button" className="button button-primary" onClick={() => void store.request()}>
          {t('identity.gateAction')}
        </button>
      }
    >
      <p>{t('identity.gateMessage')}</p>
    </PageMessage>
  );
}
