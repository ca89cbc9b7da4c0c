import { useTranslation } from 'react-i18next';
import styles from './downloads.module.css';

/**
 * DownloadProgress is the progress bar of an archive being prepared: files
 * put in the archives out of the total, or an indeterminate bar until the
 * total is known. The download dialog and the order page both show it.
 */
export function DownloadProgress({ filesDone, filesTotal }: { filesDone: number; filesTotal: number }) {
  const { t } = useTranslation();
  const known = filesTotal > 0;
  const percent = known ? Math.min(100, Math.round((filesDone / filesTotal) * 100)) : 0;
  return (
    <div
      className={`${styles.progress} ${known ? '' : styles.indeterminate}`}
      role="progressbar"
      aria-label={t('downloads.progress')}
      aria-valuemin={0}
      aria-valuemax={known ? filesTotal : undefined}
      aria-valuenow={known ? filesDone : undefined}
      aria-valuetext={known ? t('downloads.progressValue', { done: filesDone, count: filesTotal }) : undefined}
    >
      <span className={styles.bar} style={{ width: known ? `${percent}%` : undefined }} />
    </div>
  );
}
