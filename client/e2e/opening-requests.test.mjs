// Issue 19: how many GraphQL requests a real Chromium sends to open a
// gallery, for each kind of viewer, and to load the grid's next page.
// Counted: every POST to /graphql from the navigation until the grid's
// thumbnails are shown and no GraphQL request has been in flight for
// QUIET_MS (the websocket of live updates is not a POST and is not counted).
// Targets: at most 2 requests on the opening screen, exactly 1 for the next
// page; none for an operation the page brought in its first data (issue 22),
// and none at all on a first visit of the public gallery. The counts, with the operations, are printed as diagnostics
// (docs/performance.md, "Requests on the opening screen").
// Run with `GALLERY_BIN=/abs/path/to/gallery npm run e2e -- e2e/opening-requests.test.mjs`.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { GALLERY_BIN, startDemo } from './server.mjs';

/** PHOTOS: more than the grid's first page (FIRST_PHOTOS_PAGE_SIZE, 48), so that scrolling asks for a second one. */
const PHOTOS = 110;
const PAGE_SIZE = 48;
const OPENING_MAX = 2;
const QUIET_MS = 1500;

/**
 * recordGraphQL counts a page's POSTs to /graphql: `sent` lists them
 * (operation name and variables) in order; `idle()` waits until none is in
 * flight and none has started for QUIET_MS.
 */
function recordGraphQL(page) {
  const sent = [];
  let inFlight = 0;
  let last = Date.now();
  const isGraphQL = (req) => req.method() === 'POST' && new URL(req.url()).pathname === '/graphql';
  page.on('request', (req) => {
    if (!isGraphQL(req)) return;
    const body = req.postDataJSON() ?? {};
    sent.push({ operationName: body.operationName, variables: body.variables ?? {}, text: typeof body.query === 'string', hash: body.extensions?.persistedQuery?.sha256Hash });
    inFlight++;
    last = Date.now();
  });
  const done = (req) => {
    if (!isGraphQL(req)) return;
    inFlight--;
    last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    sent,
    names: () => sent.map((op) => op.operationName),
    async idle() {
      const deadline = Date.now() + 30_000;
      while (inFlight > 0 || Date.now() - last < QUIET_MS) {
        if (Date.now() > deadline) throw new Error(`GraphQL still busy after 30 s: ${sent.map((op) => op.operationName).join(', ')}`);
        await page.waitForTimeout(100);
      }
    },
  };
}

/**
 * firstData reads the first data the server put in a page (issue 22,
 * docs/api.md): the operations, with their variables, answered in the HTML.
 */
function firstData(html) {
  const m = /<script type="application\/json" id="first-data">([^<]*)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]).ops : [];
}

/** opKey names an operation with its variables (sorted keys). */
function opKey({ operationName, variables }) {
  const sorted = Object.fromEntries(Object.entries(variables ?? {}).sort(([a], [b]) => a.localeCompare(b)));
  return `${operationName} ${JSON.stringify(sorted)}`;
}

/** waitForOneTimeCode polls the outbox for the six-digit code last sent to `to` (in a file not in `skip`). */
async function waitForOneTimeCode(outbox, to, skip) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const names = (await readdir(outbox).catch(() => [])).filter((n) => n.endsWith('.eml') && !skip.has(n)).sort();
    for (const name of names.reverse()) {
      const raw = (await readFile(join(outbox, name), 'utf8')).replace(/=\r?\n/g, '');
      if (!raw.toLowerCase().includes(to.toLowerCase())) continue;
      const code = /Votre code de confirmation\s*:\s*(\d{6})/.exec(raw) ?? /(?:^|\D)(\d{6})(?:\D|$)/m.exec(raw.slice(raw.search(/\r?\n\r?\n/)));
      if (code) return code[1];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no confirmation e-mail to ${to} in ${outbox}`);
}

test('issue 19: the opening screen in at most 2 GraphQL requests, the next page in 1, for every viewer', { timeout: 600_000 }, async (t) => {
  if (!GALLERY_BIN) {
    t.skip('GALLERY_BIN is not set: build the server (make build) and set GALLERY_BIN to the absolute path of the binary');
    return;
  }
  const demo = await startDemo(t, 'opening', ['--photos', String(PHOTOS)]);
  const { base, dataDir } = demo;
  let browser;
  demo.closeFirst(() => browser?.close());
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const outbox = join(dataDir, 'outbox');
  const pageErrors = [];

  const newContext = () => browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR' });
  // The grid is windowed: it draws the thumbnails near the viewport, and says how many photos it holds.
  const grid = (page) => page.locator('#photos ul[data-count]');
  const gridHolds = (page, n) => page.locator(`#photos ul[data-count="${n}"]`).waitFor({ state: 'attached', timeout: 30_000 });

  /**
   * openAndCount opens `path` in a new tab of `context` and checks the
   * opening screen's requests; unless `withGrid` is false it then scrolls the
   * grid to its end and checks the next page's.
   */
  const openAndCount = async (t, context, path, { withGrid = true, ready, expectInlined = [], expectNoRequest = false } = {}) => {
    const page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    const requests = recordGraphQL(page);
    const response = await page.goto(`${base}${path}`);
    const inlined = firstData(await response.text());
    if (ready) await ready(page);
    if (withGrid) {
      await gridHolds(page, PAGE_SIZE);
      // The grid's first row just into view (the grid draws what is near the viewport); not
      // further: its first page ends within a screen or two, whose nearing asks for the next.
      await page.evaluate(() => {
        const top = document.querySelector('#photos ul[data-count]').getBoundingClientRect().top + window.scrollY;
        window.scrollTo(0, Math.max(0, top - window.innerHeight + 120));
      });
      await page.locator('#photos ul[data-count] img').first().waitFor({ state: 'visible', timeout: 30_000 });
    }
    await requests.idle();
    const shown = path.replace(/previewHash=[^&]+/, 'previewHash=…');
    t.diagnostic(`${shown}: ${requests.sent.length} requests on the opening screen (${requests.names().join(', ')})`);
    assert.ok(requests.sent.length <= OPENING_MAX, `at most ${OPENING_MAX} requests to open ${shown}, got ${requests.names().join(', ')}`);
    // Issue 22: what the page brought is not asked for again.
    t.diagnostic(`${shown}: first data in the page: ${inlined.map((op) => op.op).join(', ') || 'none'}`);
    const asked = new Set(requests.sent.map(opKey));
    for (const op of inlined) assert.ok(!asked.has(opKey({ operationName: op.op, variables: op.variables })), `${op.op} came with the page and was asked for again`);
    for (const name of expectInlined) assert.ok(inlined.some((op) => op.op === name), `${name} is not in the first data of ${shown}`);
    if (expectNoRequest) assert.deepEqual(requests.names(), [], `the page's first data opens ${shown} with no GraphQL request`);
    const toasts = await page.locator('[data-type="error"]').allTextContents();
    assert.deepEqual(toasts, [], 'no error toast on the opening screen');
    if (!withGrid) return page;

    assert.equal(await grid(page).getAttribute('data-count'), String(PAGE_SIZE), 'the first page, no more');
    const before = requests.sent.length;
    await page.evaluate(() => {
      const list = document.querySelector('#photos ul[data-count]');
      window.scrollTo(0, list.getBoundingClientRect().bottom + window.scrollY - window.innerHeight);
    });
    await page.waitForFunction((n) => Number(document.querySelector('#photos ul[data-count]')?.getAttribute('data-count')) > n, PAGE_SIZE, { timeout: 30_000 });
    await requests.idle();
    const next = requests.sent.slice(before);
    t.diagnostic(`${shown}: ${next.length} request(s) for the next page (${next.map((op) => op.operationName).join(', ')})`);
    assert.equal(next.length, 1, `exactly one request for the next page, got ${next.map((op) => op.operationName).join(', ')}`);
    // Issue 21: the client's documents go by hash alone, and the server knows every one (no second try with the text).
    for (const op of requests.sent) assert.ok(!op.text && /^[0-9a-f]{64}$/.test(op.hash ?? ''), `${op.operationName} is sent by its hash alone`);
    assert.ok(next[0].variables.after, 'the next page is asked for after the first page’s cursor');
    // The seed makes some photos private: the grid holds what the section head counts.
    const total = Number(/(\d+) photos/.exec(await page.locator('#photos').getByText(/^\d+ photos$/).first().textContent())?.[1]);
    assert.ok(total > PAGE_SIZE && total <= PHOTOS, `more than a page of photos, got ${total}`);
    assert.equal(await grid(page).getAttribute('data-count'), String(total), 'the pages are merged: every photo is in the grid once');
    return page;
  };

  await t.test('anonymous, public gallery (/gala-2026)', async (t) => {
    const context = await newContext();
    await openAndCount(t, context, '/gala-2026', { expectInlined: ['GalleryShell', 'GalleryHome'], expectNoRequest: true });
    await context.close();
  });

  await t.test('anonymous, a photo page opened from its address (/gala-2026/photos/…)', async (t) => {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'query { gallery(url: "gala-2026") { photos(first: 2) { edges { node { id } } } } }' }),
    });
    const photoId = (await res.json()).data.gallery.photos.edges[1].node.id;
    const context = await newContext();
    const page = await openAndCount(t, context, `/gala-2026/photos/${photoId}`, {
      withGrid: false,
      // What remains is the viewer's look ahead: PhotoNode of the neighbouring photos.
      expectInlined: ['GalleryShell', 'PhotoGallery', 'PhotoNode', 'PhotoSequence'],
      ready: (page) => page.getByRole('dialog', { name: 'Visionneuse de photos' }).locator('img').first().waitFor({ state: 'visible', timeout: 30_000 }),
    });
    await context.close();
    assert.ok(page);
  });

  await t.test('anonymous, protected gallery: the access screen', async (t) => {
    const context = await newContext();
    await openAndCount(t, context, '/julie-et-thomas', {
      withGrid: false,
      ready: (page) => page.getByRole('heading', { name: 'Galerie protégée' }).waitFor({ state: 'visible', timeout: 20_000 }),
    });
    await context.close();
  });

  /** signIn opens the protected gallery in a new context with `code`, then confirms `email`; it returns the context. */
  const signIn = async (code, email) => {
    const context = await newContext();
    const page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.goto(`${base}/julie-et-thomas`);
    await page.getByRole('textbox', { name: 'Code d’accès' }).fill(code);
    await page.getByRole('button', { name: 'Accéder à la galerie' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmez votre adresse email' });
    await dialog.waitFor({ state: 'visible', timeout: 20_000 });
    const before = new Set(await readdir(outbox).catch(() => []));
    await dialog.getByRole('textbox', { name: 'Adresse email' }).fill(email);
    await dialog.getByRole('button', { name: 'Recevoir un code' }).click();
    const codeField = dialog.getByRole('textbox', { name: 'Code de confirmation' });
    await codeField.waitFor({ state: 'visible' });
    await codeField.fill(await waitForOneTimeCode(outbox, email, before));
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    await gridHolds(page, PAGE_SIZE);
    await page.close();
    return context;
  };

  await t.test('visitor with the access code and a confirmed e-mail (/julie-et-thomas)', async (t) => {
    const context = await signIn('INVITE-3M8P', 'invite.opening@example.com');
    await openAndCount(t, context, '/julie-et-thomas');
    await context.close();
  });

  await t.test('client with the client code and a confirmed e-mail (/julie-et-thomas)', async (t) => {
    const context = await signIn('CLIENT-7K4Q', 'client.opening@example.com');
    const page = await openAndCount(t, context, '/julie-et-thomas');
    // The client's own state came with the opening screen: the album's counter (in the header's menu).
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('button', { name: /^Album \(0 \/ 40\)/ }).waitFor({ state: 'visible' });
    await context.close();
  });

  await t.test('the photographer, through a preview link', async (t) => {
    const token = await demo.token('e2e opening');
    const ask = async (query, variables, headers = {}) => {
      const res = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) });
      const body = await res.json();
      assert.equal(body.errors, undefined, JSON.stringify(body.errors));
      return body.data;
    };
    const { gallery } = await ask('query { gallery(url: "julie-et-thomas") { id } }');
    const { createPreviewLink: link } = await ask(
      'mutation Preview($input: CreatePreviewLinkInput!) { createPreviewLink(input: $input) { previewHash userErrors { code } } }',
      { input: { galleryId: gallery.id } },
      { Authorization: `Bearer ${token}` },
    );
    assert.ok(link.previewHash, 'createPreviewLink gives a hash');
    const context = await newContext();
    await openAndCount(t, context, `/julie-et-thomas/preview?previewHash=${encodeURIComponent(link.previewHash)}`);
    await context.close();
  });

  assert.deepEqual(pageErrors, [], 'no page error');
});
