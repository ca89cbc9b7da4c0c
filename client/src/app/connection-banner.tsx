import { useApolloClient } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './connection-banner.module.css';

function readOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * ConnectionBanner says « Connexion perdue » while the browser is offline
 * (what is already on screen and in the cache stays usable), and reads the
 * queries on screen again when the network returns.
 */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const client = useApolloClient();
  const [online, setOnline] = useState(readOnline);
  useEffect(() => {
    const onOffline = () => setOnline(false);
    const onOnline = () => {
      setOnline(true);
      void client.refetchObservableQueries().catch(() => undefined);
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, [client]);
  if (online) return null;
  return (
    <p className={styles.banner} role="status">
      <strong>{t('connection.lost')}</strong> {t('connection.offlineHelp')}
    </p>
  );
}
