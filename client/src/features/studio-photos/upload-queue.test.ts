import { describe, expect, it } from 'vitest';
import { fileKey, UploadQueue, type NewFile } from './upload-queue';

function files(n: number, size = 1000): NewFile[] {
  return Array.from({ length: n }, (_, i) => ({ key: `f${i}`, name: `IMG_${i}.jpg`, size, collection: '' }));
}

describe('UploadQueue', () => {
  it('starts at most `concurrency` files, oldest first, and the next ones as files finish', () => {
    const q = new UploadQueue(3);
    q.add(files(5));
    expect(q.startable().map((i) => i.key)).toEqual(['f0', 'f1', 'f2']);
    for (const i of q.startable()) q.started(i.key);
    expect(q.startable()).toEqual([]);
    q.succeeded('f1', 'pho_1');
    expect(q.startable().map((i) => i.key)).toEqual(['f3']);
    q.started('f3');
    q.failed('f0', { message: 'Ce fichier n’est pas une image', code: 'not_an_image' });
    expect(q.startable().map((i) => i.key)).toEqual(['f4']);
    const t = q.getSnapshot().totals;
    expect([t.files, t.done, t.failed, t.active]).toEqual([5, 1, 1, 2]);
  });

  it('adds a file dropped twice once, and queues a failed one again', () => {
    const q = new UploadQueue(2);
    const f = { name: 'a.jpg', size: 10, lastModified: 7 };
    expect(q.add([{ key: fileKey(f), name: 'a.jpg', size: 10, collection: '' }])).toHaveLength(1);
    expect(q.add([{ key: fileKey(f), name: 'a.jpg', size: 10, collection: '' }])).toHaveLength(0);
    q.started(fileKey(f));
    q.failed(fileKey(f), { message: 'réseau', network: true });
    q.add([{ key: fileKey(f), name: 'a.jpg', size: 10, collection: '' }]);
    expect(q.get(fileKey(f))?.state).toBe('queued');
    expect(q.getSnapshot().items).toHaveLength(1);
    // The same name in two folders is two files.
    expect(fileKey(f, 'jour1/a.jpg')).not.toBe(fileKey(f, 'jour2/a.jpg'));
  });

  it('pauses and resumes one file or all, keeping what was sent', () => {
    const q = new UploadQueue(2);
    q.add(files(3));
    q.started('f0');
    q.progress('f0', 400);
    q.pause('f0');
    expect(q.get('f0')).toMatchObject({ state: 'paused', sent: 400 });
    // A late progress event of the paused upload changes nothing.
    q.progress('f0', 500);
    expect(q.get('f0')?.sent).toBe(400);
    q.started('f1');
    expect(q.pauseAll()).toEqual(['f1']);
    expect(q.startable()).toEqual([]);
    q.resume('f0');
    expect(q.startable().map((i) => i.key)).toEqual(['f0']);
    q.resumeAll();
    expect(q.startable().map((i) => i.key)).toEqual(['f0', 'f1']);
  });

  it('retries the failed files, or only those the network failed', () => {
    const q = new UploadQueue(4);
    q.add(files(3));
    for (const k of ['f0', 'f1', 'f2']) q.started(k);
    q.failed('f0', { message: 'hors ligne', network: true });
    q.failed('f1', { message: 'pas une image', code: 'not_an_image' });
    q.skipped('f2', '« IMG_2.jpg » est déjà dans la galerie');
    q.retryFailed(true);
    expect(q.getSnapshot().items.map((i) => i.state)).toEqual(['queued', 'failed', 'duplicate']);
    q.retryFailed();
    expect(q.getSnapshot().items.map((i) => i.state)).toEqual(['queued', 'queued', 'duplicate']);
    expect(q.getSnapshot().totals.duplicates).toBe(1);
    q.clearFinished();
    expect(q.getSnapshot().items.map((i) => i.key)).toEqual(['f0', 'f1']);
  });

  it('measures the speed over the last seconds and the time left', () => {
    let now = 0;
    const q = new UploadQueue(2, () => now);
    q.add(files(2, 10_000));
    q.started('f0');
    q.started('f1');
    now = 1000;
    q.progress('f0', 1000);
    now = 2000;
    q.progress('f1', 1000);
    let t = q.getSnapshot().totals;
    expect(t.bytesSent).toBe(2000);
    expect(t.speed).toBeCloseTo(1000, 0);
    expect(t.secondsLeft).toBe(18);
    // Old samples leave the window: the speed follows the recent rate.
    now = 20_000;
    q.progress('f0', 5000);
    now = 21_000;
    q.progress('f0', 9000);
    t = q.getSnapshot().totals;
    expect(t.speed).toBeGreaterThan(3000);
    q.succeeded('f0', 'pho_a');
    q.succeeded('f1', 'pho_b');
    t = q.getSnapshot().totals;
    expect([t.speed, t.secondsLeft, t.bytesSent, t.done]).toEqual([0, undefined, 20_000, 2]);
  });

  it('tells subscribers of each change with a new snapshot', () => {
    const q = new UploadQueue(1);
    let calls = 0;
    const off = q.subscribe(() => calls++);
    const before = q.getSnapshot();
    q.add(files(1));
    expect(calls).toBe(1);
    expect(q.getSnapshot()).not.toBe(before);
    off();
    q.started('f0');
    expect(calls).toBe(1);
  });
});
