// Client budgets of issue 9 (docs/performance.md):
//   1. JavaScript the gallery home loads, as transferred with brotli (the
//      build's .br files; budget: under 150 KB, issue 22; gzipped beside it);
//   2. on a 5,000-photo gallery served locally, the time until the first
//      thumbnails are painted in headless Chromium (budget: under 1.5 s);
//   3. the size of the document while the visitor scrolls the whole grid
//      (budget: bounded, not growing with the photos loaded).
//
// Usage: cd client && npm run build && GALLERY_BIN=/abs/path/to/gallery npm run bench
// (the binary must embed this build: make build). Options by environment:
//   BENCH_PHOTOS (5000), BENCH_RUNS (3), BENCH_JSON=1 (print one JSON line too),
//   BENCH_DATA_DIR (reuse a seeded data directory instead of a fresh one),
//   BENCH_PARTS (which of the three measures to take, 1,2,3 by default).
// It prints the figures; it fails (exit 1) when a budget is exceeded.
import { readFile, readdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/chromium.mjs';
import { GALLERY_BIN, freePort, run, stop, waitForHealth } from '../e2e/server.mjs';
import { firstThumbnail, median, VIEWPORT } from './first-thumb.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const DIST = join(here, '..', '..', 'server', 'web', 'dist');
const PHOTOS = Number(process.env.BENCH_PHOTOS || 5000);
const RUNS = Number(process.env.BENCH_RUNS || 3);
const PARTS = new Set((process.env.BENCH_PARTS || '1,2,3').split(',').map((p) => Number(p.trim())));
const BUDGET_JS_KB = 150;
const BUDGET_FIRST_THUMB_MS = 1500;

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** gzipSize is the size of a file compressed as a server would (gzip level 9). */
async function gzipSize(file) {
  return gzipSync(await readFile(file), { level: 9 }).length;
}

/** brSize is the size the server sends to a browser that accepts brotli: the build's .br (scripts/precompress.mjs). */
async function brSize(file) {
  try {
    return (await stat(file + '.br')).size;
  } catch {
    return brotliCompressSync(await readFile(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
}

/** staticEntryScripts lists the JS the built index.html loads before any route runs (entry and modulepreloads). */
async function staticEntryScripts() {
  const html = await readFile(join(DIST, 'index.html'), 'utf8');
  const found = new Set();
  for (const m of html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)) found.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)) found.add(m[1]);
  return [...found];
}

async function main() {
  if (!GALLERY_BIN) throw new Error('GALLERY_BIN is not set: make build, then GALLERY_BIN=$PWD/../bin/gallery npm run bench');
  const figures = {};
  let failed = false;

  // Static view of the build: every chunk, and the entry's.
  const assets = (await readdir(join(DIST, 'assets'))).filter((f) => f.endsWith('.js'));
  const entry = await staticEntryScripts();
  let entryBytes = 0;
  for (const file of entry) entryBytes += await gzipSize(join(DIST, file));
  let allBytes = 0;
  for (const file of assets) allBytes += await gzipSize(join(DIST, 'assets', file));
  console.log(`build: ${assets.length} JS chunks, ${kb(allBytes)} KB gzipped in all; the entry (index.html) loads ${entry.length} of them: ${kb(entryBytes)} KB gzipped`);

  const ownData = !process.env.BENCH_DATA_DIR;
  const dataDir = process.env.BENCH_DATA_DIR || (await mkdtemp(join(tmpdir(), 'gallery-bench-')));
  const url = `bench-${PHOTOS}`;
  let server;
  let browser;
  try {
    const started = Date.now();
    const seed = run(['seed-bench', '--photos', String(PHOTOS), '--url', url], { DATA_DIR: dataDir });
    const seeded = await seed.exited;
    if (seeded.code !== 0) throw new Error(`seed-bench failed:\n${seed.output}`);
    console.log(`seeded ${PHOTOS} photos in ${((Date.now() - started) / 1000).toFixed(1)} s (${dataDir})`);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = run(['serve'], { DATA_DIR: dataDir, ADDR: `127.0.0.1:${port}`, PUBLIC_URL: base, LOG_LEVEL: 'warn' });
    await waitForHealth(base, server);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });

    // 1. The JS the home actually loads, as the browser asks for it (cold cache).
    if (PARTS.has(1)) {
      const context = await browser.newContext({ viewport: VIEWPORT, locale: 'fr-FR' });
      const page = await context.newPage();
      const scripts = new Set();
      page.on('request', (req) => {
        const u = new URL(req.url());
        if (u.origin === base && u.pathname.endsWith('.js')) scripts.add(u.pathname.slice(1));
      });
      await page.goto(`${base}/${url}`);
      await page.locator('#photos ul[data-layout]').waitFor({ state: 'attached', timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      let bytes = 0;
      let gz = 0;
      const rows = [];
      for (const file of [...scripts].sort()) {
        const size = await brSize(join(DIST, file));
        const g = await gzipSize(join(DIST, file));
        bytes += size;
        gz += g;
        rows.push(`  ${kb(size).padStart(7)} KB br ${kb(g).padStart(7)} KB gz  ${file}`);
      }
      console.log(`\n1. JavaScript loaded by the gallery home: ${kb(bytes)} KB as transferred with brotli (budget ${BUDGET_JS_KB} KB; ${kb(gz)} KB gzipped) in ${scripts.size} files:\n${rows.join('\n')}`);
      figures.homeJsBrotliKB = Number(kb(bytes));
      figures.homeJsGzipKB = Number(kb(gz));
      if (bytes / 1024 > BUDGET_JS_KB) failed = true;
      await context.close();
    }

    // 2. First thumbnails painted, cold cache, a new context per run.
    const firstThumbs = [];
    const fcps = [];
    for (let i = 0; PARTS.has(2) && i < RUNS; i++) {
      const { thumb, fcp } = await firstThumbnail(browser, base, url);
      firstThumbs.push(thumb);
      if (fcp !== null) fcps.push(fcp);
    }
    const thumbMs = median(firstThumbs);
    if (PARTS.has(2)) console.log(
      `\n2. First thumbnails painted (${PHOTOS} photos, /${url}#photos, ${RUNS} cold runs): median ${thumbMs.toFixed(0)} ms (budget ${BUDGET_FIRST_THUMB_MS} ms); runs ${firstThumbs
        .map((x) => x.toFixed(0))
        .join(', ')} ms; first contentful paint median ${fcps.length ? median(fcps).toFixed(0) : '?'} ms`,
    );
    if (PARTS.has(2)) figures.firstThumbnailMs = Math.round(thumbMs);
    if (PARTS.has(2) && thumbMs > BUDGET_FIRST_THUMB_MS) failed = true;

    // 3. DOM size while scrolling through the whole grid.
    if (PARTS.has(3)) {
      const context = await browser.newContext({ viewport: VIEWPORT, locale: 'fr-FR' });
      const page = await context.newPage();
      await page.goto(`${base}/${url}`);
      await page.locator('#photos ul[data-layout]').waitFor({ state: 'attached', timeout: 30_000 });
      await page.locator('#photos').scrollIntoViewIfNeeded();
      await page.locator('#photos ul[data-layout] img').first().waitFor({ state: 'attached', timeout: 30_000 });
      const sample = () =>
        page.evaluate(() => ({
          nodes: document.getElementsByTagName('*').length,
          items: document.querySelectorAll('#photos ul[data-layout] > li').length,
          loaded: Number(document.querySelector('#photos ul[data-layout]')?.getAttribute('data-count') ?? 0),
          y: Math.round(scrollY),
          height: document.documentElement.scrollHeight,
        }));
      const samples = [await sample()];
      // Down to the end of the grid, page after page (each arrival makes it longer).
      const started = Date.now();
      for (let step = 0; step < 400 && Date.now() - started < 240_000; step++) {
        const before = await sample();
        await page.evaluate(() => {
          const grid = document.querySelector('#photos ul[data-layout]');
          const bottom = grid.getBoundingClientRect().bottom + scrollY;
          window.scrollTo(0, Math.min(scrollY + innerHeight * 3, bottom - innerHeight / 2));
        });
        await page.waitForTimeout(60);
        const after = await sample();
        samples.push(after);
        if (after.loaded >= PHOTOS && after.y === before.y) break;
        if (after.y === before.y) {
          // At the end of what is loaded: wait for the next page.
          await page
            .waitForFunction((n) => Number(document.querySelector('#photos ul[data-layout]')?.getAttribute('data-count') ?? 0) > n, before.loaded, { timeout: 10_000 })
            .catch(() => undefined);
        }
      }
      // And back up in big steps, through the middle of the grid.
      for (let i = 0; i < 20; i++) {
        await page.evaluate(() => window.scrollBy(0, -innerHeight * 8));
        await page.waitForTimeout(60);
        samples.push(await sample());
      }
      const last = samples[samples.length - 1];
      const maxNodes = Math.max(...samples.map((s) => s.nodes));
      const maxItems = Math.max(...samples.map((s) => s.items));
      const maxLoaded = Math.max(...samples.map((s) => s.loaded));
      const first = samples[0];
      const picks = [0, 0.25, 0.5, 0.75, 1].map((f) => samples[Math.min(samples.length - 1, Math.floor(f * (samples.length - 1)))]);
      console.log(
        `\n3. Document size while scrolling (${samples.length} samples, down ${Math.max(...samples.map((s) => s.y))} px then back up):` +
          `\n  photos loaded: ${first.loaded} at first, ${maxLoaded} at the end` +
          `\n  grid items in the document: at most ${maxItems} (first ${first.items})` +
          `\n  elements in the document: ${first.nodes} at first, at most ${maxNodes}, ${last.nodes} at the end` +
          `\n  along the way (loaded photos → elements): ${picks.map((s) => `${s.loaded} → ${s.nodes}`).join(', ')}`,
      );
      figures.photosLoaded = maxLoaded;
      figures.maxGridItems = maxItems;
      figures.domNodesFirst = first.nodes;
      figures.domNodesMax = maxNodes;
      // Bounded: the document never holds more than a few screens of photos, however many are loaded.
      if (maxItems > 300 || maxNodes > first.nodes + 3000) failed = true;
      await context.close();
    }
  } finally {
    await browser?.close().catch(() => undefined);
    await stop(server);
    if (ownData) await rm(dataDir, { recursive: true, force: true });
  }
  if (process.env.BENCH_JSON) console.log(JSON.stringify(figures));
  console.log(failed ? '\nBUDGET EXCEEDED' : '\nall budgets met');
  process.exitCode = failed ? 1 : 0;
}

await main();
