// Photos per second through the studio (issue 23, docs/performance.md): N
// camera-sized JPEGs (about 8 MB each, noise that JPEG cannot shrink) are
// written to a temporary folder, chosen in the file input of
// /studio/galeries/:id/photos of a fresh demo (Chromium reads them from
// disk, as when a photographer picks a card's folder), sent with tus, and
// the clock stops when the grid shows every photo « ready » (derivatives
// made by the server's jobs). It prints the time to upload all the files,
// the time until all are ready, photos per second end to end, and the load
// average before and after.
//
// One noise JPEG is made by Chromium's canvas; each file is that JPEG with
// its own comment segment, so each has its own bytes (its own hash: no
// file is a duplicate of another) and the same pixels to decode.
//
// Usage: cd client && GALLERY_BIN=/abs/path/to/gallery node bench/uploads.mjs
// (the binary must embed the client: make build, or `make bench-uploads`,
// which runs it with the vips and the pure-Go builds). Options by environment:
//   BENCH_UPLOADS (40) photos, BENCH_UPLOAD_MB (8) size of each, BENCH_JSON=1.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/chromium.mjs';
import { GALLERY_BIN, startDemo } from '../e2e/server.mjs';

const N = Number(process.env.BENCH_UPLOADS || 40);
const TARGET_BYTES = Number(process.env.BENCH_UPLOAD_MB || 8) * 1024 * 1024;

/** noiseJPEG makes, in the page, a JPEG of noise of about `target` bytes and returns it with its size. */
async function noiseJPEG(page, target) {
  const { w, h, base64 } = await page.evaluate(async (target) => {
    const jpeg = async (w, h) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const g = canvas.getContext('2d');
      const img = g.createImageData(w, h);
      const px = new Uint32Array(img.data.buffer);
      let x = 2654435761;
      for (let i = 0; i < px.length; i++) {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        px[i] = (x >>> 0) | 0xff000000;
      }
      g.putImageData(img, 0, 0);
      return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.8));
    };
    // One trial sets the size: JPEG of noise grows with the pixels.
    const probe = await jpeg(1000, 750);
    const scale = Math.sqrt(target / probe.size);
    const w = Math.round(1000 * scale);
    const h = Math.round(750 * scale);
    const bytes = new Uint8Array(await (await jpeg(w, h)).arrayBuffer());
    let bin = '';
    for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { w, h, base64: window.btoa(bin) };
  }, target);
  return { w, h, jpeg: Buffer.from(base64, 'base64') };
}

/** writeFiles writes n copies of jpeg into dir, each with its own comment segment (COM) after SOI. */
async function writeFiles(dir, n, jpeg) {
  const paths = [];
  for (let i = 0; i < n; i++) {
    const comment = Buffer.from(`bench upload ${i + 1}`);
    const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
    const path = join(dir, `BENCH_${String(i + 1).padStart(4, '0')}.jpg`);
    await writeFile(path, Buffer.concat([jpeg.subarray(0, 2), com, jpeg.subarray(2)]));
    paths.push(path);
  }
  return paths;
}

async function main() {
  if (!GALLERY_BIN) throw new Error('GALLERY_BIN is not set');
  const cleanups = [];
  const t = { after: (fn) => cleanups.push(fn) };
  try {
    const demo = await startDemo(t, 'bench-uploads');
    const { base } = demo;
    const token = await demo.token('bench uploads');
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        query: 'mutation($in: CreateGalleryInput!) { createGallery(input: $in) { gallery { id } } }',
        variables: { in: { url: 'bench-studio', eventName: 'Bench' } },
      }),
    });
    const gid = (await res.json()).data.createGallery.gallery.id;
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    demo.closeFirst(() => browser.close());
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' })).newPage();
    await page.goto(`${base}/playground?token=${encodeURIComponent(token)}`);
    await page.goto(`${base}/studio/galeries/${gid}/photos`);
    await page.getByRole('heading', { name: 'Bench' }).waitFor();
    const noise = await noiseJPEG(page, TARGET_BYTES);
    const dir = await mkdtemp(join(tmpdir(), 'bench-uploads-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const paths = await writeFiles(dir, N, noise.jpeg);
    const made = { w: noise.w, h: noise.h, bytes: N * (noise.jpeg.length + 4) + paths.reduce((s, _, i) => s + `bench upload ${i + 1}`.length, 0) };
    const loadBefore = loadavg();
    const t0 = Date.now();
    // The files are read from disk by Chromium (Playwright hands it their
    // paths), not held in the page: 500 of 8 MB would be 4 GB of blobs.
    await page.getByTestId('studio-file-input').setInputFiles(paths);
    await page.waitForFunction((n) => document.querySelectorAll('[data-state="done"]').length === n, N, { timeout: 3_600_000, polling: 200 });
    const uploaded = Date.now() - t0;
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="studio-grid"] [data-status="ready"]').length === n, N, {
      timeout: 3_600_000,
      polling: 200,
    });
    const ready = Date.now() - t0;
    const loadAfter = loadavg();
    const out = {
      binary: GALLERY_BIN,
      photos: N,
      size: `${made.w}x${made.h}`,
      avgMB: +(made.bytes / N / 1024 / 1024).toFixed(2),
      uploadedSeconds: +(uploaded / 1000).toFixed(1),
      readySeconds: +(ready / 1000).toFixed(1),
      photosPerSecond: +(N / (ready / 1000)).toFixed(2),
      uploadMBps: +(made.bytes / 1024 / 1024 / (uploaded / 1000)).toFixed(1),
      loadBefore: loadBefore.map((l) => l.toFixed(2)).join(' '),
      loadAfter: loadAfter.map((l) => l.toFixed(2)).join(' '),
    };
    console.log(
      `${N} photos of ${out.avgMB} MB (${out.size}) with ${GALLERY_BIN}: uploaded in ${out.uploadedSeconds} s (${out.uploadMBps} MB/s), ` +
        `all ready in ${out.readySeconds} s: ${out.photosPerSecond} photos/s end to end; load average ${out.loadBefore} before, ${out.loadAfter} after`,
    );
    if (process.env.BENCH_JSON) console.log(JSON.stringify(out));
  } finally {
    for (const fn of cleanups.reverse()) await fn();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
