// The interface's languages through the real server and the Debian Chromium
// (issue 21): a Belgian Dutch browser gets the gallery in Dutch with
// « 12,50 € » prices, the menu's picker switches it to English for good (the
// next visit too), and a browser speaking none of the languages gets French.
// Run with `GALLERY_BIN=/abs/path/to/gallery node --test e2e/languages.test.mjs`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { GALLERY_BIN, startDemo } from './server.mjs';

const DUTCH_PRICE = /^\d+(,\d{2})?\u00a0€$/;
const ENGLISH_PRICE = /^€\d+(\.\d{2})?$/;

test('issue 21: the gallery in the browser’s language, then in the visitor’s choice', { timeout: 300_000 }, async (t) => {
  if (!GALLERY_BIN) {
    t.skip('GALLERY_BIN is not set: build the server (make build-go) and set GALLERY_BIN to the absolute path of the binary');
    return;
  }
  const demo = await startDemo(t, 'languages');
  const { base } = demo;
  let browser;
  demo.closeFirst(() => browser?.close());
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const pageErrors = [];
  const openHome = async (locale) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
    const page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.goto(`${base}/gala-2026`);
    await page.locator('#photos').waitFor({ state: 'visible', timeout: 30_000 });
    return page;
  };
  const htmlLang = (page) => page.evaluate(() => document.documentElement.lang);

  await t.test('a Belgian Dutch browser gets Dutch, prices « 12,50 € », and can switch to English for good', async () => {
    const page = await openHome('nl-BE');
    assert.equal(await htmlLang(page), 'nl');
    await page.getByRole('navigation', { name: 'Navigatie van de galerij' }).waitFor({ state: 'visible' });
    const dutchPrice = page.getByText(DUTCH_PRICE).first();
    await dutchPrice.waitFor({ state: 'attached', timeout: 20_000 });

    const graphqlLanguages = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/graphql') graphqlLanguages.push(request.headers()['accept-language']);
    });

    await page.getByRole('button', { name: 'Menu' }).click();
    const languages = page.getByRole('group', { name: 'Taal' });
    assert.equal(await languages.getByRole('button', { name: 'Nederlands' }).getAttribute('aria-pressed'), 'true');
    await languages.getByRole('button', { name: 'English' }).click();
    await page.getByRole('navigation', { name: 'Gallery navigation' }).waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal(await htmlLang(page), 'en');
    await page.getByText(ENGLISH_PRICE).first().waitFor({ state: 'attached', timeout: 20_000 });

    // The next visit keeps the choice, and tells the server.
    await page.reload();
    await page.locator('#photos').waitFor({ state: 'visible', timeout: 30_000 });
    await page.getByRole('navigation', { name: 'Gallery navigation' }).waitFor({ state: 'visible' });
    assert.equal(await htmlLang(page), 'en');
    assert.ok(graphqlLanguages.length > 0, 'the reload asked the server');
    assert.ok(graphqlLanguages.every((l) => l === 'en'), `Accept-Language of the GraphQL requests: ${graphqlLanguages.join(', ')}`);
    await page.getByRole('button', { name: 'Menu' }).click();
    assert.equal(await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'English' }).getAttribute('aria-pressed'), 'true');
    await page.context().close();
  });

  await t.test('a browser speaking none of the languages gets French', async () => {
    const page = await openHome('de-DE');
    assert.equal(await htmlLang(page), 'fr');
    await page.getByRole('navigation', { name: 'Navigation de la galerie' }).waitFor({ state: 'visible' });
    await page.context().close();
  });

  assert.deepEqual(pageErrors, []);
});
