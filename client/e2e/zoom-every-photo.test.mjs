// The viewer's zoom on a phone (390x844, touch), for every photo of the demo
// gala, landscape, portrait and square alike (issue 20): a double tap zooms
// in at least as far as min(4, the original's width over the width drawn),
// a pinch and the zoom button then reach 4x or the original's resolution,
// and a larger derivative than the one on screen is asked for once zoomed.
// Run with `GALLERY_BIN=/abs/path/to/gallery node --test e2e/zoom-every-photo.test.mjs`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { GALLERY_BIN, startDemo } from './server.mjs';

/** widthOf reads a derivative's width from its address (/media/photos/<id>/<hash>/<width>.jpg), 0 for another file. */
function widthOf(url) {
  const m = /\/media\/photos\/[^/]+\/[^/]+\/(\d+)\.jpg/.exec(url ?? '');
  return m ? Number(m[1]) : 0;
}

test('issue 20: every photo of the gala zooms in on a phone, up to 4x or its original’s resolution, with a larger file', { timeout: 600_000 }, async (t) => {
  if (!GALLERY_BIN) {
    t.skip('GALLERY_BIN is not set: build the server (make build-go) and set GALLERY_BIN to the absolute path of the binary');
    return;
  }
  // Fifteen photos a gallery: three of each of the demo's five shapes (landscape, portrait, square), quicker to seed.
  const demo = await startDemo(t, 'zoom-every-photo', ['--photos', '15']);
  const { base } = demo;
  let browser;
  demo.closeFirst(() => browser?.close());

  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: 'query { gallery(url: "gala-2026") { photos(first: 100) { edges { node { id filename width height } } } } }' }),
  });
  const body = await res.json();
  assert.ok(!body.errors, JSON.stringify(body.errors));
  const photos = body.data.gallery.photos.edges.map((e) => e.node);
  assert.ok(photos.length >= 10, `the demo gala has photos (${photos.length})`);
  const shapes = new Set(photos.map((p) => Math.sign(p.width - p.height)));
  assert.equal(shapes.size, 3, 'landscape, portrait and square photos are all tried');

  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1, locale: 'fr-FR' });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  const requested = [];
  page.on('request', (req) => requested.push(req.url()));
  const viewer = page.getByRole('dialog', { name: 'Visionneuse de photos' });
  const zoomOf = async () => Number(await viewer.locator('figure').getAttribute('data-zoom'));

  const seen = [];
  for (const photo of photos) {
    await page.goto(`${base}/gala-2026/photos/${photo.id}`);
    const main = viewer.locator(`img[data-role="main"][data-photo-id="${photo.id}"]`);
    await main.waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForFunction(
      (id) => {
        const img = document.querySelector(`[role="dialog"] img[data-role="main"][data-photo-id="${id}"]`);
        return img && img.complete && img.naturalWidth > 0;
      },
      photo.id,
      { timeout: 30_000 },
    );
    const frame = viewer.getByTestId('photo-frame');
    const box = await frame.boundingBox();
    const drawn = await frame.evaluate((el) => el.offsetWidth); // untransformed: the width at 1x
    const shownWidth = widthOf(await main.evaluate((img) => img.currentSrc));
    const target = Math.min(4, photo.width / drawn);

    // A double tap at the photo's centre.
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.touchscreen.tap(x, y);
    await page.touchscreen.tap(x, y);
    await page.waitForFunction(() => Number(document.querySelector('[role="dialog"] figure')?.getAttribute('data-zoom')) > 1, null, { timeout: 10_000 });
    const tapped = await zoomOf();
    assert.ok(tapped >= target - 0.01, `${photo.filename} (${photo.width}x${photo.height}, drawn ${drawn} px): a double tap zooms to ${tapped}, at least ${target.toFixed(2)}`);

    // A larger file than the one on screen is asked for, and drawn.
    const zoomImg = viewer.locator('img[data-role="zoom"]');
    await zoomImg.waitFor({ state: 'attached', timeout: 10_000 });
    const larger = Number(await zoomImg.getAttribute('data-width'));
    assert.ok(larger > shownWidth, `${photo.filename}: a larger file than the ${shownWidth} px one (${larger})`);
    await page.waitForFunction(() => {
      const img = document.querySelector('[role="dialog"] img[data-role="zoom"]');
      return img && img.complete && img.naturalWidth > 0;
    }, null, { timeout: 20_000 });
    assert.ok(
      requested.some((u) => u.includes(`/media/photos/${photo.id}/`) && widthOf(u) === larger),
      `${photo.filename}: the ${larger} px file was requested`,
    );

    // The zoom button goes on to 4x at least (or the original's resolution when larger), then stops.
    const zoomIn = viewer.getByRole('button', { name: 'Zoom avant' });
    for (let i = 0; i < 12 && !(await zoomIn.isDisabled()); i++) await zoomIn.tap();
    const most = await zoomOf();
    assert.ok(most >= Math.max(4, photo.width / drawn) - 0.01, `${photo.filename}: the most is ${most}, at least max(4, ${(photo.width / drawn).toFixed(2)})`);
    seen.push({ id: photo.id, drawn, tapped, most, shownWidth, larger });
  }
  t.diagnostic(`zoomed ${seen.length} photos; double tap from ${Math.min(...seen.map((s) => s.tapped))}x to ${Math.max(...seen.map((s) => s.tapped))}x`);
  assert.equal(seen.length, photos.length);
  assert.deepEqual(pageErrors, []);

  await t.test('a pinch also reaches 4x on a photo whose original is under 4x its drawn width', async () => {
    const small = seen.find((s) => photos.find((p) => p.id === s.id).width / s.drawn < 4);
    assert.ok(small, 'such a photo exists on a phone');
    await page.goto(`${base}/gala-2026/photos/${small.id}`);
    await viewer.locator(`img[data-role="main"][data-photo-id="${small.id}"]`).waitFor({ state: 'attached', timeout: 30_000 });
    await page.evaluate(() => {
      const fig = document.querySelector('[role="dialog"] figure');
      const r = fig.getBoundingClientRect();
      const cy = r.top + r.height / 2;
      const cx = r.left + r.width / 2;
      const ev = (type, id, x) =>
        fig.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: 'touch', isPrimary: id === 1, bubbles: true, clientX: x, clientY: cy }));
      ev('pointerdown', 1, cx - 20);
      ev('pointerdown', 2, cx + 20);
      for (let d = 30; d <= 180; d += 15) {
        ev('pointermove', 1, cx - d);
        ev('pointermove', 2, cx + d);
      }
      ev('pointerup', 1, cx - 180);
      ev('pointerup', 2, cx + 180);
    });
    await page.waitForFunction(() => Number(document.querySelector('[role="dialog"] figure')?.getAttribute('data-zoom')) >= 3.99, null, { timeout: 10_000 });
    assert.ok((await zoomOf()) >= 3.99);
  });
});
