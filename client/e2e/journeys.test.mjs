// End-to-end journeys of issue 9 through the real server and the Debian
// Chromium: every screen reached the way a visitor reaches it (links and
// buttons, not typed addresses, except the gallery link itself), the preview
// overrides, the new-version banner, the photo viewer on the keyboard and by
// swipe, an axe-core accessibility check, and screenshots of the home on a
// phone and a desktop (written to e2e/output/, paths printed as diagnostics).
// Run with `GALLERY_BIN=/abs/path/to/gallery npm run e2e`.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { GALLERY_BIN, startDemo } from './server.mjs';

const OUTPUT = join(dirname(fileURLToPath(import.meta.url)), 'output');
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** tintOf mixes a #rrggbb colour with white, `percent`% of the colour (lib/tint.ts). */
function tintOf(hex, percent) {
  const share = percent / 100;
  return (
    '#' +
    [1, 3, 5]
      .map((i) => Math.round(parseInt(hex.slice(i, i + 2), 16) * share + 255 * (1 - share)))
      .map((c) => c.toString(16).padStart(2, '0'))
      .join('')
  );
}

test('issue 9: routes by the visitor’s path, preview, version banner, viewer keyboard, accessibility, screenshots', { timeout: 600_000 }, async (t) => {
  if (!GALLERY_BIN) {
    t.skip('GALLERY_BIN is not set: build the server (make build-go) and set GALLERY_BIN to the absolute path of the binary');
    return;
  }
  const demo = await startDemo(t, 'journeys');
  const { base } = demo;
  let browser;
  demo.closeFirst(() => browser?.close());

  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const pageErrors = [];
  const newPage = async (viewport = DESKTOP) => {
    const context = await browser.newContext({ viewport, locale: 'fr-FR' });
    const page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    return page;
  };
  const path = (page) => new URL(page.url()).pathname;
  const header = (page) => page.locator('header').filter({ has: page.getByRole('navigation', { name: 'Navigation de la galerie' }) });
  // In the document (hidden by CSS on wide screens) or not at all.
  const mobileFooter = (page) => page.locator('nav[aria-label="Navigation principale"]');
  const gridLinks = (page) => page.locator('#photos ul[data-layout] > li a');
  const thumbnailsLoaded = (page, min) =>
    page.waitForFunction((n) => [...document.querySelectorAll('#photos ul img')].filter((img) => img.complete && img.naturalWidth > 0).length >= n, min, {
      timeout: 30_000,
    });
  const openHome = async (page, url = '/gala-2026') => {
    await page.goto(`${base}${url}`);
    await page.locator('#photos').waitFor({ state: 'visible', timeout: 30_000 });
  };

  await t.test('the server renders the gallery’s share tags into /{galleryId}', async () => {
    const html = await (await fetch(`${base}/gala-2026`)).text();
    assert.match(html, /<meta property="og:title" content="Gala de l&#39;École Saint-Luc 2026"/);
    assert.match(html, /<meta property="og:url" content="[^"]*\/gala-2026"/);
    assert.match(html, /<meta property="og:image" content="[^"]+"/);
    assert.match(html, /<div id="root">/, 'the client is served with them');
  });

  await t.test('every screen reached by links and buttons, with the layout its route asks for', async (t) => {
    const page = await newPage();
    await openHome(page);
    t.diagnostic('galleryHome');
    assert.equal(await header(page).count(), 1, 'the home has the common header');
    assert.equal(await mobileFooter(page).count(), 1, 'the home has the mobile footer');

    // Home → photo → « Commander » → products → product → customization.
    await page.locator('#photos').scrollIntoViewIfNeeded();
    await thumbnailsLoaded(page, 4);
    await gridLinks(page).first().click();
    await page.waitForURL((url) => /^\/gala-2026\/photos\/[^/]+$/.test(url.pathname));
    const photoId = path(page).split('/').pop();
    await page.getByRole('dialog', { name: 'Visionneuse de photos' }).locator('img[data-photo-id]').waitFor({ state: 'visible' });
    t.diagnostic('photo');
    await page.getByRole('link', { name: 'Commander' }).click();
    await page.waitForURL((url) => url.pathname === '/gala-2026/products' && url.searchParams.get('photoId') === photoId);
    t.diagnostic('galleryProducts');
    // From a photo the product opens its formats for that photo (issue 20):
    // the product detail, which asks for a photo, is for the shop without one.
    await page.getByRole('link', { name: 'Choisir : Papier photo' }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`/gala-2026/photos/${photoId}/`) && !url.pathname.includes('/edit/'));
    await page.getByRole('button', { name: 'Ajouter au panier' }).waitFor({ state: 'visible', timeout: 20_000 });
    t.diagnostic('photoCustomization');
    assert.equal(await header(page).count(), 0, 'no common header on the customization');

    // Customization → cart → edit the line → back → address.
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await page.getByText('Ajouté à votre panier.').first().waitFor({ state: 'visible', timeout: 20_000 });
    await page.getByRole('link', { name: /^Panier/ }).first().click();
    await page.waitForURL((url) => url.pathname === '/gala-2026/cart');
    await page.getByRole('heading', { name: 'Mon panier' }).waitFor({ state: 'visible', timeout: 20_000 });
    t.diagnostic('cartContent');
    assert.equal(await mobileFooter(page).count(), 0, 'no mobile footer on the cart');
    await page.getByRole('link', { name: /^Modifier / }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith(`/gala-2026/photos/${photoId}/edit/`));
    await page.getByRole('button', { name: /Enregistrer|Mettre à jour|Ajouter au panier/ }).first().waitFor({ state: 'visible', timeout: 20_000 });
    t.diagnostic('photoEditCustomization');
    assert.equal(await header(page).count(), 0, 'no common header when editing a cart line');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/gala-2026/cart');
    await page.getByRole('link', { name: 'Valider mon panier' }).click();
    await page.waitForURL((url) => url.pathname === '/gala-2026/cart/address');
    await page.getByRole('heading', { name: 'Adresse et livraison' }).waitFor({ state: 'visible', timeout: 20_000 });
    t.diagnostic('cartAddress (cartValidation and paymentReturn follow by clicks in gallery.test.mjs, which needs a confirmed e-mail)');

    // Header → home → packs → pack → configuration → photos of a format → their customization.
    await header(page).getByRole('link', { name: /Gala de l'École Saint-Luc 2026/ }).click();
    await page.waitForURL((url) => url.pathname === '/gala-2026');
    await page.getByRole('link', { name: 'Voir les packs' }).click();
    await page.waitForURL((url) => url.pathname === '/gala-2026/packs');
    t.diagnostic('galleryPacks');
    await page.getByRole('link', { name: 'Découvrir le Pack Souvenir' }).click();
    await page.waitForURL((url) => /^\/gala-2026\/packs\/[^/]+$/.test(url.pathname));
    await page.getByRole('button', { name: 'Composer ce pack' }).waitFor({ state: 'visible', timeout: 20_000 });
    t.diagnostic('packDetail');
    assert.equal(await mobileFooter(page).count(), 0, 'no mobile footer on a pack');
    await page.getByRole('button', { name: 'Composer ce pack' }).click();
    await page.waitForURL((url) => /\/configuration\/[^/]+$/.test(url.pathname), { timeout: 20_000 });
    // The URL changes first; the screen follows once its code is loaded.
    await page.getByRole('link', { name: /^Choisir les photos : Tirages/ }).waitFor({ state: 'visible', timeout: 20_000 });
    t.diagnostic('packConfiguration');
    assert.equal(await header(page).count(), 0, 'no common header on a pack configuration');
    await page.getByRole('link', { name: /^Choisir les photos : Tirages/ }).click();
    await page.waitForURL((url) => /\/configuration\/[^/]+\/[^/]+$/.test(url.pathname));
    t.diagnostic('packFormatPhotosSelection');
    const picker = page.getByRole('list', { name: 'Choisir les photos' });
    await picker.locator('button[aria-pressed]').nth(9).waitFor({ state: 'visible', timeout: 20_000 });
    for (let i = 0; i < 10; i++) {
      await picker.locator('button[aria-pressed]').nth(i).click();
      await page.waitForFunction((n) => document.querySelectorAll('[aria-label="Choisir les photos"] button[aria-pressed="true"]').length > n, i);
    }
    await page.getByRole('button', { name: 'Enregistrer et personnaliser', exact: true }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/customization'), { timeout: 20_000 });
    t.diagnostic('packFormatPhotosCustomization');

    // Header → downloads shop, contact.
    await header(page).getByRole('link', { name: /Gala de l'École Saint-Luc 2026/ }).click();
    await page.waitForURL((url) => url.pathname === '/gala-2026');
    await page.getByRole('link', { name: 'Acheter des fichiers numériques' }).click();
    await page.waitForURL((url) => url.pathname === '/gala-2026/products/downloads');
    t.diagnostic('galleryDownloads');
    await header(page).getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL((url) => url.pathname === '/gala-2026/contact');
    await page.getByRole('heading', { level: 1, name: 'Contacter le photographe' }).waitFor({ state: 'visible' });
    t.diagnostic('contactPhotographer');

    // A wrong address inside the gallery: the 404 page, and its way back.
    await page.goto(`${base}/gala-2026/nothing/here`);
    await page.getByRole('link', { name: 'Revenir à la galerie' }).click();
    await page.waitForURL((url) => url.pathname === '/gala-2026');
    t.diagnostic('404 → galleryHome');

    // A protected gallery's link: its access screen; the short address redirects there too.
    await page.goto(`${base}/julie-et-thomas`);
    await page.waitForURL((url) => url.pathname === '/julie-et-thomas/authentication/accessCode', { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Galerie protégée' }).waitFor({ state: 'visible' });
    t.diagnostic('galleryAccess');
    await page.goto(`${base}/julie-et-thomas/authentication`);
    await page.waitForURL((url) => url.pathname === '/julie-et-thomas/authentication/accessCode', { timeout: 20_000 });
    await page.context().close();
  });

  await t.test('the photo viewer: keyboard in, arrows, Tab kept inside, swipe, Escape back to the same place and photo', async () => {
    const page = await newPage();
    await openHome(page);
    await page.locator('#photos').scrollIntoViewIfNeeded();
    await thumbnailsLoaded(page, 8);
    await page.evaluate(() => window.scrollBy(0, 200));
    await page.waitForTimeout(300);

    // Tab into the grid: from the fourth thumbnail's link, one Tab goes to its heart, the next to the fifth photo.
    const fourth = gridLinks(page).nth(3);
    await fourth.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const focusedHref = await page.evaluate(() => document.activeElement?.getAttribute('href'));
    assert.equal(focusedHref, await gridLinks(page).nth(4).getAttribute('href'), 'Tab walks the grid in order');
    const focusRing = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.notEqual(focusRing, 'none', 'the focused thumbnail shows a focus ring');
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === focusedHref);
    const viewer = page.getByRole('dialog', { name: 'Visionneuse de photos' });
    await viewer.locator('img[data-photo-id]').waitFor({ state: 'visible' });
    assert.equal(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')), true, 'the focus moves into the viewer');

    const shown = () => viewer.locator('img[data-photo-id]').getAttribute('data-photo-id');
    const first = await shown();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((id) => document.querySelector('[role="dialog"] img[data-photo-id]')?.getAttribute('data-photo-id') !== id, first);
    const second = await shown();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((id) => document.querySelector('[role="dialog"] img[data-photo-id]')?.getAttribute('data-photo-id') !== id, second);
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction((id) => document.querySelector('[role="dialog"] img[data-photo-id]')?.getAttribute('data-photo-id') === id, second);
    assert.equal(path(page), `/gala-2026/photos/${second}`);

    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')), true, `Tab ${i + 1} stays in the viewer`);
    }
    await page.evaluate(() => document.activeElement?.blur());

    // A swipe to the left shows the next photo (touch pointer events on the stage).
    const stage = viewer.locator('img[data-photo-id]');
    await stage.dispatchEvent('pointerdown', { pointerType: 'touch', clientX: 300, clientY: 400, bubbles: true });
    await stage.dispatchEvent('pointerup', { pointerType: 'touch', clientX: 120, clientY: 400, bubbles: true });
    await page.waitForFunction((id) => document.querySelector('[role="dialog"] img[data-photo-id]')?.getAttribute('data-photo-id') !== id, second);
    const third = await shown();
    await stage.dispatchEvent('pointerdown', { pointerType: 'touch', clientX: 120, clientY: 400, bubbles: true });
    await stage.dispatchEvent('pointerup', { pointerType: 'touch', clientX: 300, clientY: 400, bubbles: true });
    await page.waitForFunction((id) => document.querySelector('[role="dialog"] img[data-photo-id]')?.getAttribute('data-photo-id') === id, second);
    assert.notEqual(third, second);

    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/gala-2026');
    await page.waitForFunction((id) => document.activeElement?.closest('li')?.getAttribute('data-photo-id') === id, second, { timeout: 10_000 });
    const back = await page.evaluate(() => window.scrollY);
    assert.ok(Math.abs(back - scrolled) <= 2, `the home keeps its scroll position (${scrolled} → ${back})`);
    await page.context().close();
  });

  await t.test('preview: the address’s theme, variant, layout, gap, colours and tints and home flags apply; invalid values are ignored', async () => {
    const page = await newPage();
    const colours = { primary: '#112233', secondary: '#445566', accent: '#e63946', light: '#fafafa' };
    const params = new URLSearchParams({ theme: 'minimal', variant: 'light', disposition: 'masonry', gap: '20', ...colours, hideSaleEmphasis: 'true', lightenHomepage: 'true' });
    let versionCalls = 0;
    await page.route('**/version', (route) => {
      versionCalls++;
      return route.continue();
    });
    await page.goto(`${base}/gala-2026/preview?${params}`);
    await page.getByRole('note').filter({ hasText: 'Aperçu' }).waitFor({ state: 'visible', timeout: 20_000 });
    // The grid is windowed: its photos are in the document once the visitor is near them.
    await page.locator('#photos ul[data-layout="masonry"]').waitFor({ state: 'attached', timeout: 20_000 });
    await page.locator('#photos').scrollIntoViewIfNeeded();
    await page.locator('#photos ul[data-layout="masonry"] li img').first().waitFor({ state: 'attached', timeout: 20_000 });
    const css = await page.evaluate(() => {
      const s = getComputedStyle(document.documentElement);
      const names = ['primary', 'primary-10', 'primary-25', 'secondary', 'secondary-10', 'accent', 'accent-10', 'accent-17', 'accent-30', 'accent-50', 'accent-70', 'light', 'light-50'];
      const shell = document.querySelector('[data-theme]');
      return {
        ...Object.fromEntries(names.map((n) => [n, s.getPropertyValue(`--color-${n}`).trim()])),
        gap: s.getPropertyValue('--photos-gap').trim(),
        theme: shell?.getAttribute('data-theme'),
        variant: shell?.getAttribute('data-variant'),
      };
    });
    assert.equal(css.theme, 'minimal');
    assert.equal(css.variant, 'light');
    assert.equal(css.gap, '20px');
    for (const [name, hex] of Object.entries(colours)) assert.equal(css[name], hex, name);
    for (const [name, steps] of Object.entries({ primary: [10, 25], secondary: [10], accent: [10, 17, 30, 50, 70], light: [50] })) {
      for (const step of steps) assert.equal(css[`${name}-${step}`], tintOf(colours[name], step), `${name} ${step}`);
    }
    const packs = page.locator('#packs');
    await packs.waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal(await packs.getByText('Des formules complètes').count(), 0, 'lightenHomepage=true drops the section intros');
    assert.doesNotMatch(await packs.innerText(), /€/, 'hideSaleEmphasis=true hides the prices');

    // The same gallery with the flags off, a dark variant, and invalid values beside them.
    await page.goto(`${base}/gala-2026/preview?theme=baroque&variant=dark&disposition=carousel&gap=abc&primary=red&accent=%23e63946&hideSaleEmphasis=false&lightenHomepage=false`);
    await page.locator('#packs').waitFor({ state: 'visible', timeout: 20_000 });
    const dark = await page.evaluate(() => {
      const s = getComputedStyle(document.documentElement);
      const shell = document.querySelector('[data-theme]');
      return { theme: shell?.getAttribute('data-theme'), variant: shell?.getAttribute('data-variant'), gap: s.getPropertyValue('--photos-gap').trim(), accent: s.getPropertyValue('--color-accent').trim(), body: getComputedStyle(document.body).backgroundColor, layout: document.querySelector('#photos ul[data-layout]')?.getAttribute('data-layout') };
    });
    assert.equal(dark.variant, 'dark');
    assert.notEqual(dark.theme, 'baroque', 'an unknown theme keeps the gallery’s');
    assert.notEqual(dark.layout, 'carousel', 'an unknown layout keeps the gallery’s');
    assert.match(dark.gap, /^\d+px$/, 'gap=abc keeps the gallery’s gap');
    assert.equal(dark.accent, '#e63946');
    const [r, g, b] = dark.body.match(/\d+/g).map(Number);
    assert.ok(r + g + b < 150, `the dark variant darkens the page (${dark.body})`);
    await page.locator('#packs').getByText('Des formules complètes').waitFor({ state: 'visible' });
    assert.match(await page.locator('#packs').innerText(), /€/, 'hideSaleEmphasis=false shows the prices');
    assert.equal(versionCalls, 0, 'the preview route does not check the version');
    await page.context().close();
  });

  await t.test('a new build id shows the reload banner above the routed view', async () => {
    const page = await newPage();
    await page.clock.install();
    let build = 'build-1';
    await page.route('**/version', (route) => route.fulfill({ status: 200, contentType: 'application/json', headers: { 'Cache-Control': 'no-store' }, body: JSON.stringify({ version: build }) }));
    await openHome(page);
    const banner = page.getByRole('status').filter({ hasText: 'Une nouvelle version de la galerie est disponible.' });
    await page.clock.runFor(61_000);
    assert.equal(await banner.count(), 0, 'no banner while the build is the same');
    build = 'build-2';
    await page.clock.runFor(61_000);
    await banner.waitFor({ state: 'visible', timeout: 10_000 });
    const above = await page.evaluate(() => {
      const status = [...document.querySelectorAll('[role="status"]')].find((e) => e.textContent?.includes('nouvelle version'));
      const main = document.getElementById('main');
      return !!status && !!main && !!(status.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    assert.ok(above, 'the banner comes before the routed view');
    await banner.getByRole('button', { name: 'Recharger la page' }).click();
    await page.waitForLoadState('load');
    await page.locator('#photos').waitFor({ state: 'visible', timeout: 30_000 });
    await page.clock.runFor(61_000);
    assert.equal(await banner.count(), 0, 'after the reload the new build is the current one');
    await page.context().close();
  });

  await t.test('axe-core finds no serious violation on the home, photo, cart and access screens', async (t) => {
    const page = await newPage();
    const check = async (name) => {
      await page.addScriptTag({ path: AXE });
      const violations = await page.evaluate(async () => {
        const result = await window.axe.run(document, { resultTypes: ['violations'] });
        return result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
      });
      t.diagnostic(`${name}: ${violations.length} serious or critical violation(s)`);
      assert.deepEqual(violations, [], `${name}: axe violations`);
    };
    await openHome(page);
    await page.locator('#photos').scrollIntoViewIfNeeded();
    await thumbnailsLoaded(page, 4);
    await check('home');
    await gridLinks(page).first().click();
    await page.getByRole('dialog', { name: 'Visionneuse de photos' }).locator('img[data-photo-id]').waitFor({ state: 'visible' });
    await check('photo');
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/gala-2026');
    await header(page).getByRole('link', { name: /^Panier/ }).click();
    await page.waitForURL((url) => url.pathname === '/gala-2026/cart');
    await page.locator('main h1').waitFor({ state: 'visible', timeout: 20_000 });
    await check('cart');
    await page.goto(`${base}/julie-et-thomas`);
    await page.getByRole('heading', { name: 'Galerie protégée' }).waitFor({ state: 'visible', timeout: 20_000 });
    await check('access');
    await page.context().close();
  });

  await t.test('screenshots of the home on a phone and a desktop', async (t) => {
    await mkdir(OUTPUT, { recursive: true });
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ]) {
      const page = await newPage(viewport);
      await openHome(page);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      const top = join(OUTPUT, `home-${name}.png`);
      await page.screenshot({ path: top });
      await page.locator('#photos').scrollIntoViewIfNeeded();
      await thumbnailsLoaded(page, 4);
      const grid = join(OUTPUT, `home-${name}-photos.png`);
      await page.screenshot({ path: grid });
      if (name === 'phone') assert.equal(await mobileFooter(page).isVisible(), true, 'the phone shows the mobile footer');
      t.diagnostic(`screenshot ${name}: ${top}`);
      t.diagnostic(`screenshot ${name}: ${grid}`);
      await page.context().close();
    }
  });

  assert.deepEqual(pageErrors, [], 'no uncaught errors in the page');
});
