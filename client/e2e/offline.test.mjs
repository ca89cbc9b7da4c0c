// Offline recovery (issue 20): on a phone, a screen whose code cannot be
// downloaded (the network is gone) shows « Connexion perdue » in its place,
// under the gallery's header, not « Erreur inconnue » over the whole app; it
// appears by itself, without a reload, once the network is back, and the
// « Réessayer » button does the same.
// Run with `GALLERY_BIN=/abs/path/to/gallery node --test e2e/offline.test.mjs`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { GALLERY_BIN, startDemo } from './server.mjs';

test('issue 20: offline, a screen that cannot load says « Connexion perdue » under the header and comes back with the network', { timeout: 300_000 }, async (t) => {
  if (!GALLERY_BIN) {
    t.skip('GALLERY_BIN is not set: build the server (make build-go) and set GALLERY_BIN to the absolute path of the binary');
    return;
  }
  const demo = await startDemo(t, 'offline');
  const { base } = demo;
  let browser;
  demo.closeFirst(() => browser?.close());

  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'fr-FR' });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  const header = page.locator('header').filter({ has: page.getByRole('link', { name: /Gala de l'École Saint-Luc 2026/ }) });
  const lost = page.getByRole('heading', { name: 'Connexion perdue' });

  await page.goto(`${base}/gala-2026`);
  await page.locator('#photos').waitFor({ state: 'visible', timeout: 30_000 });
  // Set in the page: gone if the page were reloaded.
  await page.evaluate(() => {
    window.__sameDocument = true;
  });

  await t.test('offline, the contact screen (not loaded yet) says « Connexion perdue » under the header', async () => {
    await context.setOffline(true);
    await page.getByRole('status').filter({ hasText: 'Connexion perdue' }).waitFor({ state: 'visible', timeout: 10_000 });
    await header.getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL((url) => url.pathname === '/gala-2026/contact');
    await lost.waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal(await page.getByRole('heading', { name: 'Erreur inconnue' }).count(), 0, 'not the unknown error');
    assert.equal(await header.isVisible(), true, 'the header stays');
    assert.equal(await page.getByRole('button', { name: 'Réessayer' }).isVisible(), true, 'a retry button');
    // Still offline, « Réessayer » fails again and says so again.
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await lost.waitFor({ state: 'visible', timeout: 20_000 });
  });

  await t.test('back online, the screen appears by itself, without a reload', async () => {
    await context.setOffline(false);
    await page.getByRole('heading', { level: 1, name: 'Contacter le photographe' }).waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal(await lost.count(), 0, 'the notice is gone');
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
    assert.equal(await page.getByRole('status').filter({ hasText: 'Connexion perdue' }).count(), 0, 'the offline banner is gone');
  });

  await t.test('a chunk that fails to download while online: « Réessayer » draws the screen once it downloads', async () => {
    // The cart's code fails (a flaky network) while the browser believes it is online.
    const failCart = (route) => route.abort('connectionreset');
    await page.route(/\/assets\/cart-page-[^/]+\.js$/, failCart);
    await header.getByRole('link', { name: /^Panier/ }).click();
    await page.waitForURL((url) => url.pathname === '/gala-2026/cart');
    await lost.waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal(await header.isVisible(), true, 'the header stays');
    await page.unroute(/\/assets\/cart-page-[^/]+\.js$/, failCart);
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByRole('heading', { name: 'Votre panier est vide' }).waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
  });

  assert.deepEqual(
    pageErrors.filter((m) => !/Failed to fetch|dynamically imported module/.test(m)),
    [],
    'no script error but the failed downloads',
  );
});
