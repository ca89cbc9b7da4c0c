// End-to-end journey through the real server and the Debian Chromium.
// Run with `GALLERY_BIN=/abs/path/to/gallery npm run e2e` (make test-e2e does it).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { chromium } from 'playwright-core';

const GALLERY_BIN = process.env.GALLERY_BIN;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];
const HEALTH_TIMEOUT_MS = 60_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** run starts a command and keeps its output for failure messages. */
function run(args, env) {
  const child = spawn(GALLERY_BIN, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.output = '';
  child.stdout.on('data', (d) => (child.output += d));
  child.stderr.on('data', (d) => (child.output += d));
  child.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return child;
}

async function waitForHealth(base, server) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let exited = null;
  server.exited.then((r) => (exited = r));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited (${JSON.stringify(exited)}) before /healthz answered:\n${server.output}`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`GET /healthz did not answer 200 within ${HEALTH_TIMEOUT_MS} ms:\n${server.output}`);
}

async function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await child.exited;
  clearTimeout(timer);
}

test('visitor browses a public gallery, opens a photo and meets an unknown gallery', { timeout: 240_000 }, async (t) => {
  if (!GALLERY_BIN) {
    t.skip('GALLERY_BIN is not set: build the server (make build-go) and set GALLERY_BIN to the absolute path of the binary');
    return;
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'gallery-e2e-data-'));
  const profileDir = await mkdtemp(join(tmpdir(), 'gallery-e2e-chromium-'));
  let server;
  let context;
  t.after(async () => {
    await context?.close().catch(() => undefined);
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
    await rm(profileDir, { recursive: true, force: true });
  });

  const seed = run(['seed-demo'], { DATA_DIR: dataDir });
  const seeded = await seed.exited;
  assert.equal(seeded.code, 0, `seed-demo failed:\n${seed.output}`);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = run(['serve'], { DATA_DIR: dataDir, ADDR: `127.0.0.1:${port}` });
  await waitForHealth(base, server);

  // The event name as the API gives it.
  const api = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: 'query { gallery(url: "gala-2026") { eventName } }' }),
  });
  const eventName = (await api.json()).data?.gallery?.eventName;
  assert.ok(eventName, 'the API names the gala-2026 gallery');

  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
    locale: 'fr-FR',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));

  await t.test('gallery home shows the event and its photos', async () => {
    await page.goto(`${base}/gala-2026`);
    await page.getByRole('heading', { level: 1, name: eventName }).waitFor({ state: 'visible', timeout: 20_000 });
    await page.locator('#photos').scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () => [...document.querySelectorAll('#photos ul img')].filter((img) => img.complete && img.naturalWidth > 0).length >= 10,
      null,
      { timeout: 30_000 },
    );
    const loaded = await page.$$eval('#photos ul img', (imgs) => imgs.filter((img) => img.naturalWidth > 0).length);
    assert.ok(loaded >= 10, `at least 10 thumbnails loaded, got ${loaded}`);
  });

  await t.test('a photo opens in the viewer and the arrow key moves on', async () => {
    const first = page.locator('#photos ul li a').first();
    const href = await first.getAttribute('href');
    assert.match(href, /^\/gala-2026\/photos\/.+/);
    await first.click();
    await page.waitForURL((url) => url.pathname === href);
    const viewer = page.getByRole('dialog');
    await viewer.waitFor({ state: 'visible' });
    const image = viewer.locator('img[data-photo-id]');
    await image.waitFor({ state: 'visible' });
    const firstId = await image.getAttribute('data-photo-id');
    assert.equal(`/gala-2026/photos/${firstId}`, href);

    await page.keyboard.press('ArrowRight');
    await page.waitForURL((url) => url.pathname.startsWith('/gala-2026/photos/') && url.pathname !== href);
    await page.waitForFunction((id) => {
      const img = document.querySelector('[role="dialog"] img[data-photo-id]');
      return img && img.getAttribute('data-photo-id') !== id && img.complete && img.naturalWidth > 0;
    }, firstId);

    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/gala-2026');
    await page.locator('#photos').waitFor({ state: 'visible' });
  });

  await t.test('screens not built yet show a placeholder', async () => {
    await page.goto(`${base}/gala-2026/cart`);
    await page.getByRole('heading', { name: 'Bientôt disponible' }).waitFor({ state: 'visible' });
  });

  await t.test('a protected gallery asks for its access code and shows no photo', async () => {
    await page.goto(`${base}/julie-et-thomas`);
    await page.getByRole('heading', { name: 'Galerie protégée' }).waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal(await page.locator('#photos').count(), 0);
  });

  await t.test('an unknown gallery sends the browser to the root with notFound', async () => {
    await page.goto(`${base}/no-such-gallery`);
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('notFound') === '/no-such-gallery', { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Galerie introuvable' }).waitFor({ state: 'visible' });
  });

  assert.deepEqual(pageErrors, [], 'no uncaught errors in the page');
});
