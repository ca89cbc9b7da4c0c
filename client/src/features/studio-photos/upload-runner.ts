import { Upload, type DetailedError } from 'tus-js-client';
import { currentLanguage } from '../../lib/i18n';
import { fileKey, UploadQueue } from './upload-queue';
import { RETRY_DELAYS_MS, serverError, shouldRetry } from './upload-errors';
import type { PickedFile } from './collect-files';

// The runner sends the queue's files with tus (docs/api.md, "Resumable
// uploads"): each file is one upload at /api/uploads/, resumed from the
// server's offset after a lost connection (retries), a pause, or a reload
// (tus-js-client keeps each upload's address in localStorage under a
// fingerprint of the gallery, collection and file, so dropping the same file
// again continues it).

/** UPLOADS_ENDPOINT is the tus door. */
export const UPLOADS_ENDPOINT = '/api/uploads/';
/** PHOTO_ID_HEADER names the photo on the last PATCH's answer. */
export const PHOTO_ID_HEADER = 'Galerie-Photo-Id';
/** CONCURRENCY is how many files are sent at once. */
export const CONCURRENCY = 3;

/** RunnerText is the runner's words (translated by the screen). */
export interface RunnerText {
  network: string;
  failed: (status: number) => string;
}

interface Running {
  upload: Upload;
  /** Every byte of the file reached the server at least once in this session. */
  fullySent: boolean;
  stopped: boolean;
}

/** UploadRunner sends the queue's files; onPhoto is told of each new photo. */
export class UploadRunner {
  readonly queue = new UploadQueue(CONCURRENCY);
  private files = new Map<string, File>();
  private running = new Map<string, Running>();
  private readonly online = () => {
    this.queue.retryFailed(true);
    this.pump();
  };

  constructor(
    private readonly galleryId: string,
    private readonly text: RunnerText,
    private readonly onPhoto: (photoId: string | undefined) => void,
  ) {
    window.addEventListener('online', this.online);
  }

  /** add queues files for a collection and starts sending. */
  add(picked: readonly PickedFile[], collection: string): void {
    const news = picked.map(({ file, path }) => {
      const key = `${collection}|${fileKey(file, path)}`;
      this.files.set(key, file);
      return { key, name: file.name, size: file.size, collection };
    });
    this.queue.add(news);
    this.pump();
  }

  pause(key: string): void {
    this.stop(key);
    this.queue.pause(key);
  }

  resume(key: string): void {
    this.queue.resume(key);
    this.pump();
  }

  pauseAll(): void {
    for (const key of this.queue.pauseAll()) this.stop(key);
  }

  resumeAll(): void {
    this.queue.resumeAll();
    this.pump();
  }

  retryFailed(): void {
    this.queue.retryFailed();
    this.pump();
  }

  dispose(): void {
    window.removeEventListener('online', this.online);
    for (const key of [...this.running.keys()]) this.stop(key);
  }

  private stop(key: string): void {
    const r = this.running.get(key);
    if (!r) return;
    r.stopped = true;
    this.running.delete(key);
    void r.upload.abort(false);
  }

  private pump(): void {
    for (const item of this.queue.startable()) {
      const file = this.files.get(item.key);
      if (!file) {
        this.queue.failed(item.key, { message: this.text.network, network: false });
        continue;
      }
      this.start(item.key, file, item.collection);
    }
  }

  private start(key: string, file: File, collection: string): void {
    const galleryId = this.galleryId;
    const r: Running = { upload: undefined as unknown as Upload, fullySent: false, stopped: false };
    r.upload = new Upload(file, {
      endpoint: UPLOADS_ENDPOINT,
      metadata: { galleryId, filename: file.name, filetype: file.type, collection },
      // X-Requested-With lets the photographer's session cookie count (a cross-site form cannot send it).
      headers: { 'X-Requested-With': 'galerie-studio', 'Accept-Language': currentLanguage() },
      fingerprint: async (f: File) => ['galerie', galleryId, collection, f.name, f.type, f.size, f.lastModified].join('|'),
      retryDelays: RETRY_DELAYS_MS,
      removeFingerprintOnSuccess: true,
      onShouldRetry: (err: DetailedError) => !r.stopped && shouldRetry(err.originalResponse?.getStatus() ?? 0, err.originalResponse?.getBody()),
      onProgress: (sent, total) => {
        if (r.stopped) return;
        if (sent >= total) r.fullySent = true;
        this.queue.progress(key, sent);
      },
      onSuccess: ({ lastResponse }) => {
        if (r.stopped) return;
        this.finish(key);
        const photoId = lastResponse.getHeader(PHOTO_ID_HEADER) || undefined;
        this.queue.succeeded(key, photoId);
        this.onPhoto(photoId);
      },
      onError: (err) => {
        if (r.stopped) return;
        this.finish(key);
        this.fail(key, r, err as DetailedError);
      },
    });
    this.running.set(key, r);
    this.queue.started(key);
    void r.upload
      .findPreviousUploads()
      .then((previous) => {
        if (r.stopped) return;
        if (previous.length > 0) r.upload.resumeFromPreviousUpload(previous[0]);
        r.upload.start();
      })
      .catch(() => {
        if (!r.stopped) r.upload.start();
      });
  }

  private finish(key: string): void {
    this.running.delete(key);
    queueMicrotask(() => this.pump());
  }

  private fail(key: string, r: Running, err: DetailedError): void {
    const res = err.originalResponse;
    const refusal = serverError(res?.getBody());
    if (refusal?.code === 'duplicate_photo') {
      // A duplicate of a file this session sent whole is that file itself,
      // whose last answer was lost: the server made its photo.
      if (r.fullySent) {
        this.queue.succeeded(key, undefined);
        this.onPhoto(undefined);
      } else {
        this.queue.skipped(key, refusal.message);
      }
      return;
    }
    if (refusal) {
      this.queue.failed(key, { message: refusal.message, code: refusal.code });
      return;
    }
    const status = res?.getStatus() ?? 0;
    this.queue.failed(key, status === 0 ? { message: this.text.network, network: true } : { message: this.text.failed(status), network: status >= 500 });
  }
}
