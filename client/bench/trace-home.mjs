// A Chromium performance trace of opening the demo's /gala-2026 on a phone
// (issue 22): a mid-range phone's screen and touch, the CPU slowed 4x as
// Lighthouse's mobile preset does, a cold cache. It prints the main
// thread's long tasks (over 50 ms: what total blocking time counts) and,
// for each, what ran in it: the scripts it ran, by the CPU profiler's
// samples (self time per script file, the part of the task each took),
// and the browser's own work (style, layout, paint, garbage collection,
// parsing HTML). A tool for `make bench` and for finding what to cut, not a
// test: timings depend on the machine's load, printed beside them.
//
// Usage: make build && cd client && GALLERY_BIN=$PWD/../bin/gallery node bench/trace-home.mjs
// Options by environment:
//   TRACE_BASE      trace a running server instead of seeding the demo (e.g. http://127.0.0.1:8080)
//   TRACE_PATH      the page (/gala-2026)
//   TRACE_CPU       CPU slow-down factor (4)
//   TRACE_NETWORK   « 4g » to add Lighthouse's slow 4G (150 ms, 1.6 Mbit/s down); none by default
//   TRACE_RUNS      traces taken (1); each is printed
//   TRACE_OUT       write the last trace there (JSON, opens in Chromium's Performance panel)
//   TRACE_LANGUAGE  the browser's language (fr-FR)
//   TRACE_WAIT_MS   how long the trace runs after the load event (8000)
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/chromium.mjs';
import { GALLERY_BIN, freePort, run, stop, waitForHealth } from '../e2e/server.mjs';

const PATH = process.env.TRACE_PATH || '/gala-2026';
const CPU = Number(process.env.TRACE_CPU || 4);
const RUNS = Number(process.env.TRACE_RUNS || 1);
const WAIT_MS = Number(process.env.TRACE_WAIT_MS || 8000);
const LONG_MS = 50;

// Lighthouse 12's mobile device (a Moto G Power class phone).
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  locale: process.env.TRACE_LANGUAGE || 'fr-FR',
};

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.cpu_profiler',
];

// The browser's own work, by trace event name.
const BROWSER_WORK = {
  ParseHTML: 'parse HTML',
  ParseAuthorStyleSheet: 'parse CSS',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  MajorGC: 'garbage collection',
  MinorGC: 'garbage collection',
  'V8.GC_SCAVENGER': 'garbage collection',
  'V8.GC_MARK_COMPACTOR': 'garbage collection',
  'Decode Image': 'image decode',
  ImageDecodeTask: 'image decode',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  'V8.CompileCode': 'compile',
};

const shortUrl = (url) => {
  if (!url) return '';
  try {
    const u = new URL(url);
    return u.pathname.replace(/^\/assets\//, '');
  } catch {
    return url;
  }
};

/** mainThread finds the page's renderer main thread: the CrRendererMain that ran the page's scripts. */
function mainThread(events, origin) {
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  const score = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (names.get(key) !== 'CrRendererMain') continue;
    const url = e.args?.data?.url || e.args?.data?.frame || '';
    score.set(key, (score.get(key) ?? 0) + (typeof url === 'string' && url.startsWith(origin) ? 10 : 0) + 1);
  }
  const best = [...score].sort((a, b) => b[1] - a[1])[0];
  if (!best) throw new Error('no renderer main thread in the trace');
  const [pid, tid] = best[0].split(':').map(Number);
  return { pid, tid };
}

/** profileSamples rebuilds the CPU profiler's samples of one thread: [{ ts (µs), url, fn }]. */
function profileSamples(events, { pid, tid }) {
  const nodes = new Map();
  const samples = [];
  const starts = new Map();
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === 'Profile' && e.tid === tid) starts.set(e.id, e.args.data.startTime);
  }
  const clock = new Map();
  for (const e of events) {
    if (e.pid !== pid || e.name !== 'ProfileChunk' || !starts.has(e.id)) continue;
    const data = e.args.data;
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(`${e.id}:${n.id}`, n);
    let t = clock.get(e.id) ?? starts.get(e.id);
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < ids.length; i++) {
      t += deltas[i] ?? 0;
      const n = nodes.get(`${e.id}:${ids[i]}`);
      samples.push({ ts: t, url: n?.callFrame?.url ?? '', fn: n?.callFrame?.functionName ?? '' });
    }
    clock.set(e.id, t);
  }
  return samples.sort((a, b) => a.ts - b.ts);
}

/** analyse lists the long tasks of the main thread, with what they ran. */
function analyse(events, origin) {
  const main = mainThread(events, origin);
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && typeof e.dur === 'number');
  const nav = events.find((e) => e.name === 'navigationStart' && e.pid === main.pid && (e.args?.data?.documentLoaderURL ?? '').startsWith(origin));
  const t0 = nav?.ts ?? Math.min(...own.map((e) => e.ts));
  const tasks = own.filter((e) => e.name === 'RunTask' && e.dur / 1000 > LONG_MS).sort((a, b) => a.ts - b.ts);
  const samples = profileSamples(events, main);
  const inside = own.filter((e) => e.name !== 'RunTask');
  let blocking = 0;
  const rows = tasks.map((task) => {
    const end = task.ts + task.dur;
    blocking += task.dur / 1000 - LONG_MS;
    // Scripts, by the profiler's samples (self time of each sample's function's file).
    const scripts = new Map();
    const mine = samples.filter((s) => s.ts >= task.ts && s.ts < end);
    for (const s of mine) {
      if (s.fn === '(idle)') continue;
      const what = s.url ? shortUrl(s.url) : s.fn ? `(${s.fn.replace(/^\(|\)$/g, '')})` : '(native)';
      scripts.set(what, (scripts.get(what) ?? 0) + 1);
    }
    const perSample = mine.length ? task.dur / 1000 / mine.length : 0;
    // What started the task: the first script event's file (its entry point).
    const entry = inside.find((e) => e.ts >= task.ts && e.ts < end && ['EvaluateScript', 'FunctionCall', 'v8.evaluateModule', 'TimerFire', 'FireAnimationFrame', 'EventDispatch'].includes(e.name));
    const entryUrl = entry?.args?.data?.url || entry?.args?.data?.stackTrace?.[0]?.url || entry?.args?.data?.scriptName || '';
    // The browser's work, by event (outermost of each kind).
    const work = new Map();
    for (const e of inside) {
      if (e.ts < task.ts || e.ts >= end) continue;
      const kind = BROWSER_WORK[e.name];
      if (kind) work.set(kind, (work.get(kind) ?? 0) + e.dur / 1000);
    }
    return {
      start: (task.ts - t0) / 1000,
      duration: task.dur / 1000,
      entry: entry ? `${entry.name}${entryUrl ? ` ${shortUrl(entryUrl)}` : ''}` : '',
      scripts: [...scripts].sort((a, b) => b[1] - a[1]).map(([what, n]) => ({ what, ms: n * perSample })),
      work: [...work].sort((a, b) => b[1] - a[1]).map(([what, ms]) => ({ what, ms })),
    };
  });
  return { rows, blocking, samples: samples.length };
}

function print({ rows, blocking, samples }) {
  const ms = (x) => `${Math.round(x)} ms`;
  console.log(`${rows.length} long tasks (> ${LONG_MS} ms) on the main thread, ${ms(blocking)} of blocking time (their time beyond ${LONG_MS} ms each); ${samples} profiler samples`);
  for (const r of rows) {
    console.log(`\n  at ${ms(r.start).padStart(8)}  ${ms(r.duration).padStart(7)}  ${r.entry}`);
    const top = r.scripts.filter((s) => s.ms >= 1).slice(0, 6);
    if (top.length) console.log(`      scripts (self time): ${top.map((s) => `${s.what} ${ms(s.ms)}`).join(', ')}`);
    const work = r.work.filter((w) => w.ms >= 1).slice(0, 6);
    if (work.length) console.log(`      browser: ${work.map((w) => `${w.what} ${ms(w.ms)}`).join(', ')}`);
  }
  // The sum over tasks, per script file.
  const total = new Map();
  for (const r of rows) for (const s of r.scripts) total.set(s.what, (total.get(s.what) ?? 0) + s.ms);
  const sum = [...total].sort((a, b) => b[1] - a[1]).filter(([, v]) => v >= 1);
  if (sum.length) console.log(`\n  in all long tasks, by script: ${sum.map(([k, v]) => `${k} ${ms(v)}`).join(', ')}`);
}

async function main() {
  const load = loadavg().map((x) => x.toFixed(2)).join(' ');
  let base = process.env.TRACE_BASE;
  let server;
  let dataDir;
  let browser;
  try {
    if (!base) {
      if (!GALLERY_BIN) throw new Error('GALLERY_BIN is not set: make build, then GALLERY_BIN=$PWD/../bin/gallery node bench/trace-home.mjs (or TRACE_BASE=http://…)');
      dataDir = await mkdtemp(join(tmpdir(), 'gallery-trace-'));
      const seed = run(['seed-demo'], { DATA_DIR: dataDir });
      if ((await seed.exited).code !== 0) throw new Error(`seed-demo failed:\n${seed.output}`);
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      server = run(['serve'], { DATA_DIR: dataDir, ADDR: `127.0.0.1:${port}`, PUBLIC_URL: base, LOG_LEVEL: 'warn' });
      await waitForHealth(base, server);
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    console.log(`trace of ${base}${PATH}: phone ${PHONE.viewport.width}x${PHONE.viewport.height}, CPU ${CPU}x slower, network ${process.env.TRACE_NETWORK === '4g' ? 'slow 4G' : 'not throttled'}, cold cache; load average ${load}`);
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
      if (process.env.TRACE_NETWORK === '4g') {
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
      }
      await browser.startTracing(page, { categories: CATEGORIES });
      await page.goto(`${base}${PATH}`, { waitUntil: 'load' });
      // No locator while tracing: Playwright's polling would run on the main thread. What runs
      // once the page is there (the grid, idle callbacks, the first images' decode) is inside.
      await page.waitForTimeout(WAIT_MS);
      const buffer = await browser.stopTracing();
      if ((await page.locator('#photos ul[data-layout]').count()) === 0) console.log(`(the grid was not drawn within ${WAIT_MS} ms: TRACE_WAIT_MS)`);
      await context.close();
      const trace = JSON.parse(buffer.toString());
      const events = trace.traceEvents ?? trace;
      if (process.env.TRACE_OUT) await writeFile(process.env.TRACE_OUT, buffer);
      if (RUNS > 1) console.log(`\nrun ${i + 1}/${RUNS}`);
      print(analyse(events, base));
    }
    console.log(`\nload average after: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  } finally {
    await browser?.close();
    await stop(server);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
