// Photos per second through the studio (issue 23, docs/performance.md): N
// camera-sized JPEGs (about 8 MB each, noise that JPEG cannot shrink) are
// made in Chromium, dropped on /studio/galeries/:id/photos of a fresh demo,
// sent with tus, and the clock stops when the grid shows every photo
// « ready » (derivatives made by the server's jobs). It prints the time to
// upload all the files, the time until all are ready, photos per second end
// to end, and the load average before and after.
//
// Usage: cd client && GALLERY_BIN=/abs/path/to/gallery node bench/uploads.mjs
// (the binary must embed the client: make build, or `make bench-uploads`,
// which runs it with the vips and the pure-Go builds). Options by environment:
//   BENCH_UPLOADS (40) photos, BENCH_UPLOAD_MB (8) size of each, BENCH_JSON=1.
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/chromium.mjs';
import { GALLERY_BIN, startDemo } from '../e2e/server.mjs';

const N = Number(process.env.BENCH_UPLOADS || 40);
const TARGET_BYTES = Number(process.env.BENCH_UPLOAD_MB || 8) * 1024 * 1024;

/** makeFiles makes n JPEGs of about `target` bytes in the page and keeps them on window.__benchFiles. */
async function makeFiles(page, n, target) {
  return page.evaluate(
    async ({ n, target }) => {
      const jpeg = async (w, h, seed) => {
        const canvas = document.createElement('canvas');
        canvas.width = w;
        canvas.height = h;
        const g = canvas.getContext('2d');
        const img = g.createImageData(w, h);
        const px = new Uint32Array(img.data.buffer);
        let x = (seed * 2654435761) >>> 0 || 1;
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
      const probe = await jpeg(1000, 750, 1);
      const scale = Math.sqrt(target / probe.size);
      const w = Math.round(1000 * scale);
      const h = Math.round(750 * scale);
      const files = [];
      for (let i = 0; i < n; i++) {
        const blob = await jpeg(w, h, i + 7);
        files.push(new File([blob], `BENCH_${String(i + 1).padStart(4, '0')}.jpg`, { type: 'image/jpeg', lastModified: 1_700_000_000_000 + i }));
      }
      window.__benchFiles = files;
      return { w, h, bytes: files.reduce((s, f) => s + f.size, 0) };
    },
    { n, target },
  );
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
    const made = await makeFiles(page, N, TARGET_BYTES);
    const loadBefore = loadavg();
    const t0 = Date.now();
    await page.evaluate(() => {
      const dt = new DataTransfer();
      for (const f of window.__benchFiles) dt.items.add(f);
      const zone = document.querySelector('[data-testid="studio-dropzone"]');
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
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
