import { useTranslation } from 'react-i18next';
import { formatBytes, splitDuration } from './format';
import type { UploadTotals } from './upload-queue';
import type { UploadRunner } from './upload-runner';
import styles from './studio-photos.module.css';

/** UploadTotalsBar is the whole upload: files sent, bytes, speed, time left, and pause, resume, retry for all. */
export function UploadTotalsBar({ totals, runner }: { totals: UploadTotals; runner: UploadRunner }) {
  const { t, i18n } = useTranslation();
  const units = [t('studioPhotosUnits.b'), t('studioPhotosUnits.kb'), t('studioPhotosUnits.mb'), t('studioPhotosUnits.gb')] as const;
  const size = (n: number) => formatBytes(n, i18n.language, units);
  const pct = totals.bytesTotal > 0 ? Math.round((100 * totals.bytesSent) / totals.bytesTotal) : 0;
  const left = totals.secondsLeft === undefined ? undefined : splitDuration(totals.secondsLeft);
  const finished = totals.done + totals.duplicates;
  return (
    <div className={styles.totals} data-testid="studio-upload-totals">
      <div className={styles.toolbarRow}>
        <strong>{t('studioPhotosUpload.filesDone', { done: finished, count: totals.files })}</strong>
        <span>
          {size(totals.bytesSent)} / {size(totals.bytesTotal)}
        </span>
        {totals.speed > 0 && <span>{t('studioPhotosUpload.speed', { speed: size(totals.speed) })}</span>}
        {left && <span>{left.h > 0 ? t('studioPhotosUpload.leftHours', left) : t('studioPhotosUpload.left', left)}</span>}
        {totals.duplicates > 0 && <span>{t('studioPhotosUpload.duplicates', { count: totals.duplicates })}</span>}
        {totals.failed > 0 && <span className={styles.error}>{t('studioPhotosUpload.failedCount', { count: totals.failed })}</span>}
      </div>
      <progress className={styles.progress} max={100} value={pct} aria-label={t('studioPhotosUpload.total')} />
      <div className={styles.toolbarRow}>
        <button type="button" className={styles.button} onClick={() => runner.pauseAll()}>
          {t('studioPhotosUpload.pauseAll')}
        </button>
        <button type="button" className={styles.button} onClick={() => runner.resumeAll()}>
          {t('studioPhotosUpload.resumeAll')}
        </button>
        {totals.failed > 0 && (
          <button type="button" className={styles.button} onClick={() => runner.retryFailed()}>
            {t('studioPhotosUpload.retryFailed')}
          </button>
        )}
        <button type="button" className={styles.button} onClick={() => runner.queue.clearFinished()}>
          {t('studioPhotosUpload.clear')}
        </button>
      </div>
    </div>
  );
}
