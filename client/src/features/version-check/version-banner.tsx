import { useTranslation } from 'react-i18next';
import { useVersionCheck } from './use-version-check';
import styles from './version-banner.module.css';

/** VersionBanner offers a reload once a new version is deployed; it does nothing when disabled. */
export function VersionBanner({ enabled, intervalMs }: { enabled: boolean; intervalMs?: number }) {
  const { t } = useTranslation();
  const outdated = useVersionCheck(enabled, intervalMs);
  if (!enabled || !outdated) return null;
  return (
    <div className={styles.banner} role="status">
      <span>{t('version.message')}</span>
      <button type="button" className={styles.button} onClick={() => window.location.reload()}>
        {t('version.reload')}
      </button>
    </div>
  );
}
