import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notification-store';
import { filesFromDrop, filesFromInput, type PickedFile } from './collect-files';
import { isImageFile } from './upload-errors';
import { UploadList } from './upload-list';
import { UploadTotalsBar } from './upload-totals';
import type { UploadsState } from './use-uploads';
import styles from './studio-photos.module.css';

/** UploadPanel takes files and folders (dropped or chosen) for the collection shown, and shows their progress. */
export function UploadPanel({ uploads, collection }: { uploads: UploadsState; collection: string }) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const { runner, snapshot, interrupted } = uploads;
  const take = (picked: PickedFile[]) => {
    const images = picked.filter((p) => isImageFile(p.file));
    const left = picked.length - images.length;
    if (left > 0) notify({ type: 'warning', message: t('studioPhotosUpload.notImages', { count: left }) });
    if (images.length > 0) runner.add(images, collection);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void filesFromDrop(e.dataTransfer).then(take);
  };
  return (
    <section className={styles.uploads} aria-labelledby="studio-uploads-title">
      <h2 id="studio-uploads-title" className={styles.sectionTitle}>
        {collection ? t('studioPhotosUpload.titleIn', { collection }) : t('studioPhotosUpload.title')}
      </h2>
      <div
        className={`${styles.dropzone} ${over ? styles.over : ''}`}
        data-testid="studio-dropzone"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p>{t('studioPhotosUpload.drop')}</p>
        <div className={styles.toolbarRow}>
          <label className={styles.button}>
            {t('studioPhotosUpload.chooseFiles')}
            <input
              type="file"
              multiple
              accept="image/jpeg,image/png"
              className="visually-hidden"
              data-testid="studio-file-input"
              onChange={(e) => {
                take(filesFromInput(e.target.files));
                e.target.value = '';
              }}
            />
          </label>
          <label className={styles.button}>
            {t('studioPhotosUpload.chooseFolder')}
            <input
              type="file"
              className="visually-hidden"
              {...{ webkitdirectory: '' }}
              onChange={(e) => {
                take(filesFromInput(e.target.files));
                e.target.value = '';
              }}
            />
          </label>
        </div>
      </div>
      {interrupted.length > 0 && (
        <p className={styles.notice} role="status">
          {t('studioPhotosUpload.interrupted', { count: interrupted.length, names: interrupted.slice(0, 5).join(', ') })}
        </p>
      )}
      {snapshot.items.length > 0 && (
        <>
          <UploadTotalsBar totals={snapshot.totals} runner={runner} />
          <UploadList items={snapshot.items} runner={runner} />
        </>
      )}
    </section>
  );
}
