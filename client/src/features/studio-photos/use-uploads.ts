import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultOptions } from 'tus-js-client';
import { UploadRunner } from './upload-runner';
import type { QueueSnapshot } from './upload-queue';

/** UploadsState is the queue as drawn, its runner, and the uploads a previous visit left unfinished. */
export interface UploadsState {
  runner: UploadRunner;
  snapshot: QueueSnapshot;
  /** File names of uploads left unfinished in this browser (a reload, a closed tab): dropping them again continues them. */
  interrupted: string[];
}

/** useUploads keeps one runner per gallery for the screen's life; onPhoto hears of each photo made. */
export function useUploads(galleryId: string, onPhoto: () => void): UploadsState {
  const { t } = useTranslation();
  const [runner] = useState(
    () =>
      new UploadRunner(
        galleryId,
        {
          network: t('studioPhotosUpload.network'),
          failed: (status) => t('studioPhotosUpload.failedStatus', { status }),
        },
        () => onPhoto(),
      ),
  );
  useEffect(() => () => runner.dispose(), [runner]);
  const snapshot = useSyncExternalStore(runner.queue.subscribe, runner.queue.getSnapshot);
  const [interrupted, setInterrupted] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    void defaultOptions.urlStorage
      .findAllUploads()
      .then((all) => {
        if (live) setInterrupted(all.filter((u) => u.metadata.galleryId === galleryId).map((u) => u.metadata.filename ?? ''));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [galleryId]);
  const names = new Set(snapshot.items.map((i) => i.name));
  return { runner, snapshot, interrupted: interrupted.filter((n) => n && !names.has(n)) };
}
