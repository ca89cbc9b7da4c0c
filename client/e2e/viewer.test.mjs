// The photo viewer on a phone (390x844, touch) and sharp images on a retina
// desktop, through the real server and the Debian Chromium.
// Run with `GALLERY_BIN=/abs/path/to/gallery node --test e2e/viewer.test.mjs`.
import assert from 'node:assert/strict';
import { mkdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { GALLERY_BIN, startDemo } from './server.mjs';

/** Screenshots go here (git-ignored); their paths are printed as diagnostics. */
const OUTPUT = join(dirname(fileURLToPath(import.meta.url)), 'output');

/** widthOf reads a derivative's width from its address (/media/photos/<id>/<hash>/<width>.jpg), 0 for another file. */
function widthOf(url) {
  const m = /\/media\/photos\/[^/]+\/[^/]+\/(\d+)\.jpg/.exec(url ?? '');
  return m ? Number(m[1]) : 0;
}

/** candidates lists a srcset's widths, smallest first. */
function candidates(srcset) {
  return (srcset ?? '')
    .split(',')
    .map((part) => Number(/\s(\d+)w\s*$/.exec(part)?.[1] ?? 0))
    .filter((w) => w > 0)
    .sort((a, b) => a - b);
}

/** expected is the width srcset should choose for `pixels` device pixels: the smallest at least as wide, or the largest. */
function expected(widths, pixels) {
  return widths.find((w) => w >= pixels) ?? widths[widths.length - 1];
}

test('the viewer on a phone: instant thumbnail, zoom, slideshow, free download; srcset on a retina desktop', { timeout: 420_000 }, async (t) => {
  if (!GALLERY_BIN) {
    t.skip('GALLERY_BIN is not set: build the server (make build-go) and set GALLERY_BIN to the absolute path of the binary');
    return;
  }
  const demo = await startDemo(t, 'viewer');
  const { base } = demo;
  let browser;
  demo.closeFirst(() => browser?.close());

  const graphql = async (query, variables, headers = {}) => {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    });
    const body = await res.json();
    assert.ok(!body.errors, `GraphQL errors: ${JSON.stringify(body.errors)}`);
    return body.data;
  };

  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1, locale: 'fr-FR', acceptDownloads: true });
  const page = await phone.newPage();
  const pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  const requested = [];
  page.on('request', (req) => requested.push(req.url()));

  const viewer = page.getByRole('dialog', { name: 'Visionneuse de photos' });
  const frame = viewer.getByTestId('photo-frame');
  const zoomOf = async () => Number(await viewer.locator('figure').getAttribute('data-zoom'));
  const frameScale = () =>
    frame.evaluate((el) => {
      const m = new DOMMatrixReadOnly(getComputedStyle(el).transform === 'none' ? undefined : getComputedStyle(el).transform);
      return m.a;
    });
  let photoId = '';

  await t.test('a photo opened from the grid shows the grid’s file at once, before the large one', async () => {
    await page.goto(`${base}/gala-2026`);
    const welcome = page.getByRole('dialog', { name: /Bienvenue/ });
    if (await welcome.isVisible().catch(() => false)) await page.keyboard.press('Escape');
    await page.locator('#photos').scrollIntoViewIfNeeded();
    // The third photo: the first is the gallery's cover, whose large file the page preloads
    // (issue 22), so it would be in the browser's cache before the viewer asks for it.
    await page.waitForFunction(() => {
      const img = document.querySelectorAll('#photos ul li img')[2];
      return img && img.complete && img.naturalWidth > 0;
    }, null, { timeout: 30_000 });
    const card = page.locator('#photos ul li').nth(2);
    photoId = await card.getAttribute('data-photo-id');
    const gridSrc = await card.locator('img').evaluate((img) => img.currentSrc);
    assert.ok(widthOf(gridSrc) > 0, `the grid shows a derivative: ${gridSrc}`);

    // The viewer's own file is held back a moment: what shows meanwhile is the grid's.
    let release;
    const held = new Promise((r) => (release = r));
    await page.route(
      (url) => url.pathname.startsWith(`/media/photos/${photoId}/`) && url.href !== gridSrc,
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await card.locator('a').tap();
    await viewer.waitFor({ state: 'visible' });
    const early = await viewer.evaluate((root) => {
      const shown = root.querySelector('img[data-role="placeholder"], img[data-role="pending"]');
      const main = root.querySelector('img[data-role="main"]');
      return {
        src: shown?.currentSrc || shown?.src || '',
        ready: Boolean(shown?.complete && shown.naturalWidth > 0),
        mainLoaded: Boolean(main?.complete && main.naturalWidth > 0),
      };
    });
    assert.equal(new URL(early.src, base).href, gridSrc, 'the grid’s file is shown first');
    assert.ok(early.ready, 'and it is drawn at once (from the browser’s cache)');
    assert.equal(early.mainLoaded, false, 'while the large file is still on its way');
    release();
    await page.unroute((url) => url.pathname.startsWith(`/media/photos/${photoId}/`) && url.href !== gridSrc);
    await page.waitForFunction(() => {
      const main = document.querySelector('[role="dialog"] img[data-role="main"]');
      return main && main.complete && main.naturalWidth > 0;
    });
  });

  await t.test('a double tap zooms in and loads a larger file, a second one zooms out', async (t) => {
    const main = viewer.locator('img[data-role="main"]');
    const shownWidth = widthOf(await main.evaluate((img) => img.currentSrc));
    const box = await frame.boundingBox();
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.touchscreen.tap(x, y);
    await page.touchscreen.tap(x, y);
    await page.waitForFunction(() => Number(document.querySelector('[role="dialog"] figure')?.getAttribute('data-zoom')) > 1);
    assert.ok((await frameScale()) > 1, 'the photo is drawn larger (transform scale)');
    const zoomImg = viewer.locator('img[data-role="zoom"]');
    await zoomImg.waitFor({ state: 'attached' });
    const larger = Number(await zoomImg.getAttribute('data-width'));
    assert.ok(larger > shownWidth, `a larger file than the ${shownWidth} px one is asked for (${larger})`);
    await page.waitForFunction(() => {
      const img = document.querySelector('[role="dialog"] img[data-role="zoom"]');
      return img && img.complete && img.naturalWidth > 0;
    });
    assert.ok(
      requested.some((u) => u.includes(`/media/photos/${photoId}/`) && widthOf(u) === larger),
      `the ${larger} px file was requested`,
    );
    await mkdir(OUTPUT, { recursive: true });
    const shot = join(OUTPUT, 'viewer-390-zoomed.png');
    await page.screenshot({ path: shot });
    t.diagnostic(`screenshot: ${shot}`);
    // Zoomed, a swipe pans and does not change photos.
    const before = page.url();
    await page.evaluate(() => {
      const fig = document.querySelector('[role="dialog"] figure');
      const r = fig.getBoundingClientRect();
      const at = (type, x) =>
        fig.dispatchEvent(new PointerEvent(type, { pointerId: 7, pointerType: 'touch', isPrimary: true, bubbles: true, clientX: x, clientY: r.top + r.height / 2 }));
      at('pointerdown', r.left + r.width / 2 + 100);
      at('pointermove', r.left + r.width / 2);
      at('pointerup', r.left + r.width / 2 - 100);
    });
    await page.waitForTimeout(300);
    assert.equal(page.url(), before, 'no swipe to the next photo while zoomed');
    await page.waitForTimeout(400);
    await page.touchscreen.tap(x, y);
    await page.touchscreen.tap(x, y);
    await page.waitForFunction(() => Number(document.querySelector('[role="dialog"] figure')?.getAttribute('data-zoom')) === 1);
  });

  await t.test('a pinch zooms in', async () => {
    await page.evaluate(() => {
      const fig = document.querySelector('[role="dialog"] figure');
      const r = fig.getBoundingClientRect();
      const cy = r.top + r.height / 2;
      const cx = r.left + r.width / 2;
      const ev = (type, id, x) =>
        fig.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: 'touch', isPrimary: id === 1, bubbles: true, clientX: x, clientY: cy }));
      ev('pointerdown', 1, cx - 30);
      ev('pointerdown', 2, cx + 30);
      for (let d = 40; d <= 120; d += 20) {
        ev('pointermove', 1, cx - d);
        ev('pointermove', 2, cx + d);
      }
      ev('pointerup', 1, cx - 120);
      ev('pointerup', 2, cx + 120);
    });
    // Four times apart: 4x, or as far as the original's resolution allows (1200 px photos here).
    await page.waitForFunction(() => Number(document.querySelector('[role="dialog"] figure')?.getAttribute('data-zoom')) > 1.9);
    const scale = await frameScale();
    assert.ok(scale > 1.9, `the pinch zooms in: ${scale} (data-zoom ${await zoomOf()})`);
    await page.keyboard.press('0');
    await page.waitForFunction(() => Number(document.querySelector('[role="dialog"] figure')?.getAttribute('data-zoom')) === 1);
  });

  await t.test('the zoom buttons: in, out and back, by touch and by keyboard, with French labels', async () => {
    const zoomIn = viewer.getByRole('button', { name: 'Zoom avant' });
    const zoomOut = viewer.getByRole('button', { name: 'Zoom arrière' });
    const reset = viewer.getByRole('button', { name: 'Revenir à la photo entière' });
    await zoomIn.waitFor({ state: 'visible' });
    assert.equal(await zoomOut.isDisabled(), true, 'nothing to zoom out of yet');
    assert.equal(await reset.isDisabled(), true);
    // Each button is reachable on a phone: nothing covers its centre.
    for (const button of [zoomIn, zoomOut, reset]) {
      const hit = await button.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return Boolean(top && (top === el || el.contains(top))) && r.right <= window.innerWidth && r.bottom <= window.innerHeight;
      });
      assert.ok(hit, `${await button.getAttribute('aria-label')} is on screen and not covered`);
    }
    await zoomIn.tap();
    await page.waitForFunction(() => Number(document.querySelector('[role="dialog"] figure')?.getAttribute('data-zoom')) > 1);
    const inOnce = await zoomOf();
    await zoomIn.tap();
    await page.waitForFunction((z) => Number(document.querySelector('[role="dialog"] figure')?.getAttribute('data-zoom')) > z, inOnce);
    // By keyboard: Tab reaches the buttons, Enter presses them.
    await zoomOut.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction((z) => Number(document.querySelector('[role="dialog"] figure')?.getAttribute('data-zoom')) <= z + 0.01, inOnce);
    await reset.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => Number(document.querySelector('[role="dialog"] figure')?.getAttribute('data-zoom')) === 1);
    assert.equal(await frameScale(), 1, 'back to the whole photo');
  });

  await t.test('a direct link shows the server’s small file at once, then the large one, never a spinner alone', async (t) => {
    // A link opened from a message: a new browser (nothing cached).
    const fresh = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'fr-FR' });
    const direct = await fresh.newPage();
    // The page brings the photo's details (its first data, issue 22): what
    // is held back is the large file, so that the small one shows alone.
    const html = await (await fetch(`${base}/gala-2026/photos/${photoId}`)).text();
    const preload = /<link rel="preload" as="image" fetchpriority="high" href="([^"]+)" data-photo-id="([^"]+)"/.exec(html);
    assert.ok(preload && preload[2] === photoId, 'the page names the photo’s small file');
    let release;
    const held = new Promise((r) => (release = r));
    await direct.route(`**/media/photos/${photoId}/**`, async (route) => {
      if (new URL(route.request().url()).pathname !== preload[1]) await held;
      await route.continue();
    });
    await direct.goto(`${base}/gala-2026/photos/${photoId}`);
    const dialog = direct.getByRole('dialog', { name: 'Visionneuse de photos' });
    const small = dialog.locator(`img[src="${preload[1]}"]`).first();
    await small.waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await dialog.getByText('Chargement de la photo…').count(), 0, 'no spinner in its place');
    await direct.waitForFunction((src) => {
      const img = document.querySelector(`[role="dialog"] img[src="${src}"]`);
      return img && img.complete && img.naturalWidth > 0;
    }, preload[1], { timeout: 30_000 });
    await mkdir(OUTPUT, { recursive: true });
    const shot = join(OUTPUT, 'viewer-390-direct-link.png');
    await direct.screenshot({ path: shot });
    t.diagnostic(`screenshot: ${shot}`);
    release();
    // Then the viewer: the same small file under the large one.
    await direct.waitForFunction(() => {
      const main = document.querySelector('[role="dialog"] img[data-role="main"]');
      return main && main.complete && main.naturalWidth > 0;
    }, null, { timeout: 30_000 });
    assert.equal(new URL(await dialog.locator('img[data-role="placeholder"]').getAttribute('src'), base).pathname, preload[1]);
    await fresh.close();
  });

  await t.test('the slideshow moves on by itself; Escape stops it and keeps the viewer open', async () => {
    const position = viewer.locator('p[aria-live]');
    const start = Number(/^(\d+) sur \d+$/.exec(await position.textContent())?.[1]);
    assert.ok(start >= 1, 'the position is shown');
    const play = viewer.getByRole('button', { name: 'Lancer le diaporama' });
    await play.click();
    await viewer.getByRole('button', { name: 'Mettre le diaporama en pause' }).waitFor({ state: 'visible' });
    for (const next of [start + 1, start + 2]) {
      await page.waitForFunction((n) => document.querySelector('[role="dialog"] p[aria-live]')?.textContent?.startsWith(`${n} sur`), next, { timeout: 9_000 });
    }
    await page.keyboard.press('Escape');
    await play.waitFor({ state: 'visible' });
    assert.equal(await viewer.isVisible(), true, 'Escape stopped the slideshow, not the viewer');
    const stopped = await position.textContent();
    await page.waitForTimeout(5_000);
    assert.equal(await position.textContent(), stopped, 'stopped: no more photo changes');
  });

  await t.test('a gallery that gives its files: one tap downloads the photo in HD', async () => {
    const link = viewer.getByRole('link', { name: 'Télécharger cette photo en haute définition' });
    await link.waitFor({ state: 'visible' });
    const shownId = await viewer.locator('img[data-role="main"]').getAttribute('data-photo-id');
    const { node } = await graphql('query($id: ID!) { node(id: $id) { ... on Photo { filename } } }', { id: shownId });
    const [download] = await Promise.all([page.waitForEvent('download'), link.tap()]);
    assert.equal(download.suggestedFilename(), node.filename);
    const file = await download.path();
    assert.ok((await stat(file)).size > 10_000, 'the HD original was saved');
  });

  await t.test('no download button where the gallery does not give its files', async () => {
    const token = await demo.token('e2e viewer');
    const { gallery } = await graphql('query { gallery(url: "gala-2026") { id } }');
    const { updateGallery } = await graphql(
      'mutation($input: UpdateGalleryInput!) { updateGallery(input: $input) { userErrors { code message } } }',
      { input: { galleryId: gallery.id, settings: { downloadInformation: { freeDownload: false } } } },
      { Authorization: `Bearer ${token}` },
    );
    assert.deepEqual(updateGallery.userErrors, []);
    await page.waitForTimeout(1_200); // the server's answer cache (1 s)
    await page.reload();
    await viewer.locator('img[data-role="main"]').waitFor({ state: 'attached' });
    await viewer.getByRole('link', { name: 'Commander' }).waitFor({ state: 'visible' });
    assert.equal(await viewer.getByRole('link', { name: /Télécharger cette photo/ }).count(), 0, 'no download offered');
    const original = await page.evaluate(async (id) => {
      const q = await fetch('/graphql', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: `query { node(id: "${id}") { ... on Photo { urls { original } } } }` }) });
      const url = (await q.json()).data.node.urls.original;
      return (await fetch(url)).status;
    }, photoId);
    assert.equal(original, 403, 'and the server refuses the original');
    assert.deepEqual(pageErrors, []);
  });

  await t.test('srcset picks sharp files without more pixels than shown: 1440 at 2x, 390 at 3x', async (t) => {
    for (const [width, height, dpr] of [
      [1440, 900, 2],
      [390, 844, 3],
    ]) {
      const ctx = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: dpr, isMobile: width < 600, hasTouch: width < 600, locale: 'fr-FR' });
      const p = await ctx.newPage();
      await p.goto(`${base}/gala-2026/photos/${photoId}`);
      await p.waitForFunction(() => {
        const img = document.querySelector('[role="dialog"] img[data-role="main"]');
        return img && img.complete && img.naturalWidth > 0;
      }, null, { timeout: 20_000 });
      const shown = await p.evaluate(() => {
        const img = document.querySelector('[role="dialog"] img[data-role="main"]');
        return { src: img.currentSrc, srcset: img.srcset, sizes: img.sizes, css: img.getBoundingClientRect().width };
      });
      const widths = candidates(shown.srcset);
      const chosen = widthOf(shown.src);
      assert.ok(widths.length >= 2, `a srcset: ${shown.srcset}`);
      assert.equal(shown.sizes, `${Math.ceil(shown.css)}px`, 'sizes is the width drawn');
      assert.equal(chosen, expected(widths, shown.css * dpr), `${width}@${dpr}x viewer: ${chosen} for ${shown.css} CSS px among ${widths}`);
      assert.ok(chosen >= Math.min(2 * shown.css, widths[widths.length - 1]), 'at least 2x, or the largest file there is');
      await mkdir(OUTPUT, { recursive: true });
      const shot = join(OUTPUT, `viewer-${width}.png`);
      await p.screenshot({ path: shot });
      t.diagnostic(`screenshot: ${shot}`);

      // The grid's cards too.
      await p.goto(`${base}/gala-2026`);
      const welcome = p.getByRole('dialog', { name: /Bienvenue/ });
      if (await welcome.isVisible().catch(() => false)) await p.keyboard.press('Escape');
      await p.locator('#photos').scrollIntoViewIfNeeded();
      await p.waitForFunction(() => [...document.querySelectorAll('#photos ul li img')].filter((i) => i.complete && i.naturalWidth > 0).length >= 3, null, { timeout: 30_000 });
      const cards = await p.$$eval('#photos ul li img', (imgs) =>
        imgs.filter((i) => i.complete && i.naturalWidth > 0).slice(0, 6).map((i) => ({ src: i.currentSrc, srcset: i.srcset, css: i.getBoundingClientRect().width })),
      );
      for (const c of cards) {
        const ws = candidates(c.srcset);
        const w = widthOf(c.src);
        assert.ok(w >= Math.min(dpr * c.css * 0.95, ws[ws.length - 1]), `${width}@${dpr}x card of ${c.css} CSS px gets ${w} (of ${ws})`);
      }
      await ctx.close();
    }
  });
});
