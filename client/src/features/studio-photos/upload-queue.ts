// The studio's upload queue: which files wait, which are being sent (at most
// `concurrency` at once), what each has sent, and the totals with speed and
// time left. It holds no network code: the runner (upload-runner.ts) starts
// what `startable()` names and reports back progress, success and failure.
// React reads it through subscribe/getSnapshot (useSyncExternalStore).

/** UploadState is where one file stands. */
export type UploadState = 'queued' | 'uploading' | 'paused' | 'done' | 'duplicate' | 'failed';

/** UploadItem is one file of the queue. */
export interface UploadItem {
  /** key is stable for the same file (name, size, date): dropping it again does not add it twice. */
  key: string;
  name: string;
  size: number;
  /** Collection the photo goes to ('' for none). */
  collection: string;
  state: UploadState;
  /** Bytes the server holds. */
  sent: number;
  /** The server's message for a failed or skipped file. */
  message?: string;
  /** The server's error code (duplicate_photo, not_an_image…). */
  code?: string;
  /** A network failure (retried by itself when the network returns). */
  network?: boolean;
  photoId?: string;
}

/** UploadTotals sums the queue for the progress bar. */
export interface UploadTotals {
  files: number;
  done: number;
  duplicates: number;
  failed: number;
  active: number;
  bytesTotal: number;
  bytesSent: number;
  /** Bytes per second over the last seconds; 0 when unknown. */
  speed: number;
  /** Seconds left at that speed; undefined when unknown. */
  secondsLeft?: number;
}

/** QueueSnapshot is what the screen draws. */
export interface QueueSnapshot {
  items: readonly UploadItem[];
  totals: UploadTotals;
}

/** NewFile is a file given to the queue. */
export interface NewFile {
  key: string;
  name: string;
  size: number;
  collection: string;
}

/** SPEED_WINDOW_MS is how far back the speed looks. */
export const SPEED_WINDOW_MS = 5000;

const FINISHED: readonly UploadState[] = ['done', 'duplicate'];

/** fileKey names a file for the queue: the same file dropped twice has the same key. */
export function fileKey(f: { name: string; size: number; lastModified: number }, path = ''): string {
  return `${path || f.name}|${f.size}|${f.lastModified}`;
}

/** UploadQueue is the queue's state machine. */
export class UploadQueue {
  private items: UploadItem[] = [];
  private samples: { at: number; sent: number }[] = [];
  private listeners = new Set<() => void>();
  private snapshot: QueueSnapshot;

  constructor(
    readonly concurrency: number,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.snapshot = this.build();
  }

  /** add queues new files; a file already queued (same key) and not failed is left alone. Returns the keys added. */
  add(files: readonly NewFile[]): string[] {
    const added: string[] = [];
    for (const f of files) {
      const cur = this.items.find((i) => i.key === f.key);
      if (cur) {
        if (cur.state === 'failed') this.patch(cur.key, { state: 'queued', message: undefined, code: undefined, network: undefined }, false);
        continue;
      }
      this.items.push({ key: f.key, name: f.name, size: f.size, collection: f.collection, state: 'queued', sent: 0 });
      added.push(f.key);
    }
    this.changed();
    return added;
  }

  /** startable lists the queued files to start now, oldest first, within the concurrency. */
  startable(): UploadItem[] {
    const free = this.concurrency - this.items.filter((i) => i.state === 'uploading').length;
    if (free <= 0) return [];
    return this.items.filter((i) => i.state === 'queued').slice(0, free);
  }

  get(key: string): UploadItem | undefined {
    return this.items.find((i) => i.key === key);
  }

  started(key: string): void {
    this.patch(key, { state: 'uploading' });
  }

  progress(key: string, sent: number): void {
    const cur = this.get(key);
    if (!cur || cur.state !== 'uploading') return;
    this.patch(key, { sent: Math.min(sent, cur.size) });
  }

  succeeded(key: string, photoId: string | undefined): void {
    const cur = this.get(key);
    if (!cur) return;
    this.patch(key, { state: 'done', sent: cur.size, photoId, message: undefined, code: undefined, network: undefined });
  }

  /** skipped marks a duplicate: the server already has this photo. */
  skipped(key: string, message: string): void {
    const cur = this.get(key);
    if (!cur) return;
    this.patch(key, { state: 'duplicate', sent: cur.size, message, code: 'duplicate_photo' });
  }

  failed(key: string, failure: { message: string; code?: string; network?: boolean }): void {
    this.patch(key, { state: 'failed', message: failure.message, code: failure.code, network: failure.network });
  }

  /** pause stops a file that waits or is being sent; its bytes stay on the server. */
  pause(key: string): void {
    const cur = this.get(key);
    if (cur && (cur.state === 'queued' || cur.state === 'uploading')) this.patch(key, { state: 'paused' });
  }

  /** resume queues a paused or failed file again. */
  resume(key: string): void {
    const cur = this.get(key);
    if (cur && (cur.state === 'paused' || cur.state === 'failed')) {
      this.patch(key, { state: 'queued', message: undefined, code: undefined, network: undefined });
    }
  }

  /** pauseAll pauses every file not finished; it returns those that were being sent. */
  pauseAll(): string[] {
    const sending = this.items.filter((i) => i.state === 'uploading').map((i) => i.key);
    this.items = this.items.map((i) => (i.state === 'queued' || i.state === 'uploading' ? { ...i, state: 'paused' } : i));
    this.changed();
    return sending;
  }

  resumeAll(): void {
    this.items = this.items.map((i) => (i.state === 'paused' ? { ...i, state: 'queued' } : i));
    this.changed();
  }

  /** retryFailed queues the failed files again (networkOnly: those the network failed). */
  retryFailed(networkOnly = false): void {
    this.items = this.items.map((i) =>
      i.state === 'failed' && (!networkOnly || i.network) ? { ...i, state: 'queued', message: undefined, code: undefined, network: undefined } : i,
    );
    this.changed();
  }

  /** clearFinished forgets the files sent or skipped. */
  clearFinished(): void {
    this.items = this.items.filter((i) => !FINISHED.includes(i.state));
    this.changed();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): QueueSnapshot => this.snapshot;

  private patch(key: string, p: Partial<UploadItem>, notify = true): void {
    this.items = this.items.map((i) => (i.key === key ? { ...i, ...p } : i));
    if (notify) this.changed();
  }

  private changed(): void {
    const sent = this.items.reduce((n, i) => n + i.sent, 0);
    const at = this.now();
    this.samples.push({ at, sent });
    while (this.samples.length > 1 && at - this.samples[0].at > SPEED_WINDOW_MS) this.samples.shift();
    this.snapshot = this.build();
    for (const l of this.listeners) l();
  }

  private build(): QueueSnapshot {
    const items = this.items;
    const count = (s: UploadState) => items.filter((i) => i.state === s).length;
    const bytesTotal = items.reduce((n, i) => n + i.size, 0);
    const bytesSent = items.reduce((n, i) => n + i.sent, 0);
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    const elapsed = first && last ? (last.at - first.at) / 1000 : 0;
    const active = count('uploading');
    const speed = elapsed > 0 && active > 0 ? Math.max(0, (last.sent - first.sent) / elapsed) : 0;
    const pending = items.filter((i) => !FINISHED.includes(i.state) && i.state !== 'failed').reduce((n, i) => n + i.size - i.sent, 0);
    return {
      items,
      totals: {
        files: items.length,
        done: count('done'),
        duplicates: count('duplicate'),
        failed: count('failed'),
        active,
        bytesTotal,
        bytesSent,
        speed,
        secondsLeft: speed > 0 ? Math.ceil(pending / speed) : undefined,
      },
    };
  }
}
