import { useTranslation } from 'react-i18next';
import type { UploadItem } from './upload-queue';
import type { UploadRunner } from './upload-runner';
import styles from './studio-photos.module.css';

/** UploadList is every file of the queue with its progress, its state or the server's message, and its own pause, resume or retry. */
export function UploadList({ items, runner }: { items: readonly UploadItem[]; runner: UploadRunner }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.uploadList} aria-label={t('studioPhotosUpload.list')}>
      {items.map((i) => (
        <li key={i.key} className={styles.uploadRow} data-state={i.state} data-name={i.name}>
          <span className={styles.name} title={i.name}>
            {i.name}
          </span>
          <progress className={styles.progress} max={i.size || 1} value={i.sent} aria-label={t('studioPhotosUpload.fileProgress', { name: i.name })} />
          <span className={i.state === 'failed' ? styles.error : styles.state}>{i.message ?? t(`studioPhotosUploadState.${i.state}`)}</span>
          {(i.state === 'queued' || i.state === 'uploading') && (
            <button type="button" className={styles.icon} onClick={() => runner.pause(i.key)} aria-label={t('studioPhotosUpload.pause', { name: i.name })}>
              ❚❚
            </button>
          )}
          {i.state === 'paused' && (
            <button type="button" className={styles.icon} onClick={() => runner.resume(i.key)} aria-label={t('studioPhotosUpload.resume', { name: i.name })}>
              ▶
            </button>
          )}
          {i.state === 'failed' && (
            <button type="button" className={styles.icon} onClick={() => runner.resume(i.key)} aria-label={t('studioPhotosUpload.retry', { name: i.name })}>
              ↻
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
