// The catalogue a guest downloads (issue 22, build/split-catalogues.ts): a
// French guest's home loads the French home strings alone, no other part
// and no other language; a screen loaded on demand (the cart) brings the
// rest of the guest's strings and is drawn in French, with no key left
// untranslated; the studio's strings never come on a guest's pages.
// Run with `GALLERY_BIN=/abs/path/to/gallery node --test e2e/home-catalogue.test.mjs`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { GALLERY_BIN, startDemo } from './server.mjs';

// Keys of each part, as they appear in the catalogue's JSON: the checkout's address title is in
// the guest part, the studio's settings section in the studio part (a JSON key: quoted, then a colon).
const GUEST_PART = /\\?"addressTitle\\?":/;
const STUDIO_PART = /\\?"studioSettings\\?":/;
const DUTCH = /Winkelmandje/;
// A key shown instead of its text: « cart.title », « gallery.photosCount_other ».
const RAW_KEY = /\b(common|gallery|nav|shop|cart|checkout|selections|downloads|errors|access|photo|share|album)\.[a-z]\w*\b/;

test('issue 22: a French guest downloads only the French strings its screens speak', { timeout: 300_000 }, async (t) => {
  if (!GALLERY_BIN) {
    t.skip('GALLERY_BIN is not set: build the server (make build) and set GALLERY_BIN to the absolute path of the binary');
    return;
  }
  const demo = await startDemo(t, 'home-catalogue');
  const { base } = demo;
  let browser;
  demo.closeFirst(() => browser?.close());
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR' });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  const scripts = new Map();
  page.on('response', async (res) => {
    const url = new URL(res.url());
    if (url.origin === base && url.pathname.endsWith('.js')) scripts.set(url.pathname, await res.text().catch(() => ''));
  });
  const holding = (needle) => [...scripts].filter(([, body]) => needle.test(body)).map(([path]) => path);

  await page.goto(`${base}/gala-2026`);
  await page.locator('#photos ul[data-layout]').waitFor({ state: 'attached', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  assert.ok(scripts.size > 0, 'no script seen');
  assert.deepEqual(holding(GUEST_PART), [], 'the home loaded the guest part of the catalogue');
  assert.deepEqual(holding(STUDIO_PART), [], 'the home loaded the studio part of the catalogue');
  assert.deepEqual(holding(DUTCH), [], 'the home loaded Dutch strings');
  const homeText = await page.locator('body').innerText();
  assert.doesNotMatch(homeText, RAW_KEY, 'a key shown instead of its text on the home');
  assert.match(homeText, /Photos/);

  await page.goto(`${base}/gala-2026/cart`);
  await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  assert.equal(holding(GUEST_PART).length, 1, 'the cart screen did not bring the guest part');
  assert.deepEqual(holding(STUDIO_PART), [], 'a guest screen loaded the studio part');
  assert.deepEqual(holding(DUTCH), []);
  assert.doesNotMatch(await page.locator('body').innerText(), RAW_KEY, 'a key shown instead of its text on the cart');
  assert.deepEqual(pageErrors, []);
});
