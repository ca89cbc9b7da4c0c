// First thumbnails of two (or more) builds side by side: one server per build
// on copies of one seeded gallery, cold runs alternated between them (the
// order flipped every round), so that whatever else the machine does weighs
// on both alike. The budgets (budgets.mjs) measure one build at a time, and
// on a shared machine their run-to-run spread hides differences of 100 ms.
//
// Usage: cd client && AB=old:/abs/gallery-old,new:/abs/gallery-new node bench/ab.mjs
// Options by environment: BENCH_PHOTOS (5000), BENCH_RUNS (16 per build),
// BENCH_LATENCY_MS (0: added to every request, as over a phone's connection).
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/chromium.mjs';
import { freePort, run, stop, waitForHealth } from '../e2e/server.mjs';
import { firstThumbnail, median } from './first-thumb.mjs';

const PHOTOS = Number(process.env.BENCH_PHOTOS || 5000);
const RUNS = Number(process.env.BENCH_RUNS || 16);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS || 0);
const builds = (process.env.AB || '').split(',').filter(Boolean).map((spec) => {
  const at = spec.indexOf(':');
  return { name: spec.slice(0, at), bin: spec.slice(at + 1), thumbs: [], fcps: [] };
});
if (builds.length < 2 || builds.some((b) => !b.name || !b.bin)) throw new Error('AB=name:/abs/path/to/gallery,name:/abs/path/to/gallery (two builds or more)');

const url = `bench-${PHOTOS}`;
const work = await mkdtemp(join(tmpdir(), 'gallery-ab-'));
let browser;
try {
  const seeded = join(work, 'seeded');
  const seed = run(['seed-bench', '--photos', String(PHOTOS), '--url', url], { DATA_DIR: seeded }, builds[0].bin);
  if ((await seed.exited).code !== 0) throw new Error(`seed-bench failed:\n${seed.output}`);
  for (const [i, build] of builds.entries()) {
    const dataDir = join(work, `data-${i}`);
    await cp(seeded, dataDir, { recursive: true });
    build.base = `http://127.0.0.1:${await freePort()}`;
    build.server = run(['serve'], { DATA_DIR: dataDir, ADDR: build.base.slice('http://'.length), PUBLIC_URL: build.base, LOG_LEVEL: 'warn' }, build.bin);
    await waitForHealth(build.base, build.server);
  }
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  for (let round = 0; round < RUNS; round++) {
    for (const build of round % 2 ? [...builds].reverse() : builds) {
      const { thumb, fcp } = await firstThumbnail(browser, build.base, url, { latencyMs: LATENCY_MS });
      build.thumbs.push(thumb);
      if (fcp !== null) build.fcps.push(fcp);
    }
  }
  console.log(`First thumbnails painted (${PHOTOS} photos, /${url}#photos, ${RUNS} cold runs each, alternated${LATENCY_MS ? `, ${LATENCY_MS} ms added to each request` : ''}):`);
  for (const b of builds) {
    console.log(`  ${b.name}: median ${median(b.thumbs).toFixed(0)} ms (runs ${b.thumbs.map((x) => x.toFixed(0)).join(', ')}); first contentful paint median ${b.fcps.length ? median(b.fcps).toFixed(0) : '?'} ms`);
  }
} finally {
  await browser?.close().catch(() => undefined);
  for (const b of builds) await stop(b.server);
  await rm(work, { recursive: true, force: true });
}
