// Issue 20, the guest on a phone: buying from the photo viewer, through the
// real server and the Debian Chromium at 390x844 with touch. Every step is a
// tap counted by `tap`: a print with its default options reaches the cart in
// 4 taps from the viewer, a digital file in 2. The demo photos are 1200 x 800
// pixels: 20 x 30 makes 101 dpi (a warning), 30 x 45 67 dpi (not offered).
// The gala gives its files away (« Offert par l'école »): its shop sells
// none. The review's pay button says the total, the terms of sale are a link
// away. Screenshots go to e2e/output/.
// Run with `GALLERY_BIN=/abs/path/to/gallery node --test e2e/buy-from-viewer.test.mjs`.
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { GALLERY_BIN, startDemo } from './server.mjs';

const OUTPUT = join(dirname(fileURLToPath(import.meta.url)), 'output');
const PHONE = { width: 390, height: 844 };
/** The most taps from the viewer to the cart: a print with its default options, a digital file. */
const PRINT_TAPS = 4;
const FILE_TAPS = 2;

/** oneTimeCode polls the outbox for the six-digit code last sent to `to`. */
async function oneTimeCode(outbox, to, skip) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const names = (await readdir(outbox).catch(() => [])).filter((n) => n.endsWith('.eml') && !skip.has(n)).sort();
    for (const name of names.reverse()) {
      const raw = await readFile(join(outbox, name), 'utf8');
      if (!raw.toLowerCase().includes(to.toLowerCase())) continue;
      const code = /Votre code de confirmation\s*:\s*(\d{6})/.exec(raw) ?? /(?:^|\D)(\d{6})(?:\D|$)/.exec(raw.slice(raw.search(/\r?\n\r?\n/)));
      if (code) return code[1];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no confirmation code to ${to}`);
}

test('issue 20: buying from the viewer on a phone, the print quality warning, free files not sold, the pay button', { timeout: 600_000 }, async (t) => {
  if (!GALLERY_BIN) {
    t.skip('GALLERY_BIN is not set: build the server (make build) and set GALLERY_BIN to the absolute path of the binary');
    return;
  }
  const demo = await startDemo(t, 'buy');
  const { base, dataDir } = demo;
  let browser;
  demo.closeFirst(() => browser?.close());
  await mkdir(OUTPUT, { recursive: true });

  const graphql = async (query, variables, headers = {}) => {
    const res = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) });
    const body = await res.json();
    assert.equal(body.errors, undefined, `${query}: ${JSON.stringify(body.errors)}`);
    return body.data;
  };
  const { gallery: gala } = await graphql(`{ gallery(url: "gala-2026") { id photos(first: 6) { edges { node { id width height } } } } }`);
  const landscape = gala.photos.edges.map((e) => e.node).filter((p) => p.width === 1200 && p.height === 800);
  assert.ok(landscape.length >= 2, 'the demo has 1200 x 800 photos');

  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'fr-FR' });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));

  let taps = 0;
  /** tap taps a visible control as a finger does, and counts it. */
  const tap = async (locator) => {
    await locator.waitFor({ state: 'visible', timeout: 20_000 });
    await locator.tap();
    taps += 1;
  };
  const openViewer = async (photoId) => {
    await page.goto(`${base}/gala-2026/photos/${photoId}`);
    await page.getByRole('dialog', { name: 'Visionneuse de photos' }).locator('img[data-photo-id]').waitFor({ state: 'visible', timeout: 30_000 });
    // The gala's welcome popup, if it shows over the viewer, is not part of buying.
    const welcome = page.getByRole('dialog', { name: 'Bienvenue' });
    if (await welcome.isVisible().catch(() => false)) await page.keyboard.press('Escape');
    taps = 0;
  };
  /** inView tells whether a control is whole on the screen and no bar covers its centre. */
  const inView = (locator) =>
    locator.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return r.top >= 0 && r.bottom <= window.innerHeight && (hit === el || el.contains(hit));
    });

  await t.test(`a print with its default options: viewer → cart in ${PRINT_TAPS} taps, « Ajouter au panier » on the first screen`, async () => {
    await openViewer(landscape[0].id);
    await tap(page.getByRole('link', { name: 'Commander' }));
    await tap(page.getByRole('link', { name: 'Choisir : Papier photo' }));
    await page.waitForURL((url) => url.pathname.startsWith(`/gala-2026/photos/${landscape[0].id}/`), { timeout: 20_000 });
    // The photo is not asked for again; the format comes first.
    const format = page.getByRole('radio', { name: /^13 x 18/ });
    await format.waitFor({ state: 'visible', timeout: 20_000 });
    const add = page.getByRole('button', { name: 'Ajouter au panier' });
    assert.ok(await inView(add), '« Ajouter au panier » is on the screen without scrolling, under no bar');
    const formatsTop = await page.getByRole('group', { name: 'Format' }).evaluate((el) => el.getBoundingClientRect().top);
    const previewTop = await page.locator('img[alt^="Photo"]').first().evaluate((el) => el.getBoundingClientRect().top);
    assert.ok(formatsTop < previewTop, 'on a phone the format choice comes before the preview');
    await page.screenshot({ path: join(OUTPUT, 'buy-customization-390.png') });
    t.diagnostic(`screenshot: ${join(OUTPUT, 'buy-customization-390.png')}`);
    await tap(format);
    assert.ok(await inView(add), 'still on the screen once the format is chosen');
    await tap(add);
    await page.getByText('Ajouté à votre panier.').first().waitFor({ state: 'visible', timeout: 20_000 });
    assert.ok(taps <= PRINT_TAPS, `${taps} taps for a print, at most ${PRINT_TAPS}`);
    t.diagnostic(`print: ${taps} taps from the viewer`);
  });

  await t.test('the print quality: a warning under 150 dpi, no size under 100 dpi', async () => {
    // Still on the customization of the 1200 x 800 photo.
    await page.getByRole('radio', { name: /^20 x 30/ }).first().tap();
    const warning = page.getByTestId('print-quality');
    await warning.waitFor({ state: 'visible' });
    assert.match(await warning.textContent(), /^Résolution faible pour ce format \(101\sdpi\)/);
    const tooBig = page.getByRole('radio', { name: /^30 x 45/ }).first();
    assert.equal(await tooBig.isDisabled(), true, '30 x 45 (67 dpi) is not offered');
    const reason = await tooBig.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby'))?.textContent);
    assert.match(reason ?? '', /^Résolution trop faible \(67\sdpi\)$/);
    await page.getByRole('radio', { name: /^13 x 18/ }).tap();
    assert.equal(await warning.count(), 0, '156 dpi: no warning');
    // The server refuses it too, with the dpi in French (the page's own session and anti-forgery token).
    const answer = await page.evaluate(
      async ({ galleryId, photoId, formatId }) => {
        const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
        const res = await fetch('/graphql', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf, 'X-Gallery-Id': galleryId },
          body: JSON.stringify({
            query: 'mutation($i: PrintInput!) { setPrint(input: $i) { userErrors { code message } } }',
            variables: { i: { galleryId, photoId, formatId, quantity: 1 } },
          }),
        });
        return res.json();
      },
      { galleryId: gala.id, photoId: landscape[0].id, formatId: await tooBig.getAttribute('value') },
    );
    assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
    const refused = answer.data.setPrint.userErrors[0];
    assert.equal(refused.code, 'format_incompatible');
    assert.match(refused.message, /67\sdpi/);
  });

  await t.test('a gallery that gives its files away sells none: the free download is one tap from the shop', async () => {
    await openViewer(landscape[1].id);
    await tap(page.getByRole('link', { name: 'Commander' }));
    const quick = page.getByRole('region', { name: 'Cette photo en fichier numérique' });
    await quick.waitFor({ state: 'visible', timeout: 20_000 });
    await quick.getByRole('button', { name: 'Télécharger les photos' }).waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal(await quick.getByRole('button', { name: /^Fichier (HD|web) –/ }).count(), 0, 'no file for sale');
    assert.equal(await page.getByRole('link', { name: /^Choisir : Fichiers/ }).count(), 0, 'no digital product');
    await page.goto(`${base}/gala-2026/products/downloads`);
    await page.getByRole('button', { name: 'Télécharger les photos' }).waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal(await page.getByRole('button', { name: /^Ajouter toute la galerie/ }).count(), 0, 'no whole gallery for sale');
    assert.equal(await page.getByText('Par photo :').count(), 0, 'no file for sale');
    await page.getByRole('button', { name: 'Télécharger les photos' }).tap();
    await page.getByRole('dialog', { name: 'Télécharger les photos' }).waitFor({ state: 'visible' });
  });

  await t.test(`a digital file in ${FILE_TAPS} taps from the viewer, once the gallery sells them`, async () => {
    // The photographer stops giving the files away.
    const token = await demo.token('e2e buy');
    const { updateGallery } = await graphql(
      'mutation($input: UpdateGalleryInput!) { updateGallery(input: $input) { userErrors { code message } } }',
      { input: { galleryId: gala.id, settings: { downloadInformation: { freeDownload: false } } } },
      { Authorization: `Bearer ${token}` },
    );
    assert.deepEqual(updateGallery.userErrors, []);

    await openViewer(landscape[1].id);
    await tap(page.getByRole('link', { name: 'Commander' }));
    await tap(page.getByRole('button', { name: /^Fichier HD – 9(,00)?\s€$/ }));
    await page.getByText('Ajouté à votre panier.').first().waitFor({ state: 'visible', timeout: 20_000 });
    assert.ok(taps <= FILE_TAPS, `${taps} taps for a file, at most ${FILE_TAPS}`);
    t.diagnostic(`file: ${taps} taps from the viewer`);
    await page.getByText(/^Fichier HD\s:\sdans votre panier$/).waitFor({ state: 'visible' });
  });

  await t.test('the cart shows no delivery price before an address; the review says « Payer … € » with the terms a link away', async () => {
    await page.goto(`${base}/gala-2026/cart`);
    await page.getByRole('heading', { name: 'Mon panier' }).waitFor({ state: 'visible', timeout: 20_000 });
    await page.getByText('Calculée à l’étape suivante').waitFor({ state: 'visible' });
    await page.getByText('Total hors livraison').waitFor({ state: 'visible' });
    await page.screenshot({ path: join(OUTPUT, 'buy-cart-390.png'), fullPage: true });
    t.diagnostic(`screenshot: ${join(OUTPUT, 'buy-cart-390.png')}`);
    await page.getByRole('link', { name: 'Valider mon panier' }).tap();
    await page.getByRole('heading', { name: 'Adresse et livraison' }).waitFor({ state: 'visible', timeout: 20_000 });
    // The civilité is optional: « Non précisé » is chosen, and left so.
    assert.equal(await page.getByRole('radio', { name: 'Non précisé' }).first().isChecked(), true);
    await page.getByRole('textbox', { name: 'Prénom' }).first().fill('Claire');
    await page.getByRole('textbox', { name: 'Nom ou société' }).first().fill('Dubois');
    await page.getByRole('textbox', { name: 'Adresse', exact: true }).first().fill('Rue de la Loi 16');
    await page.getByRole('textbox', { name: 'Code postal' }).first().fill('1000');
    await page.getByRole('textbox', { name: 'Ville' }).first().fill('Bruxelles');
    await page.getByRole('combobox', { name: 'Pays' }).first().selectOption('BE');
    await page.getByRole('textbox', { name: 'Téléphone' }).first().fill('0470 12 34 56');
    const home = page.getByRole('radio', { name: /Livraison à domicile/ });
    if (await home.count()) await home.check();
    const outbox = join(dataDir, 'outbox');
    const before = new Set(await readdir(outbox).catch(() => []));
    await page.getByRole('button', { name: 'Continuer' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Confirmez votre adresse email' });
    await dialog.waitFor({ state: 'visible', timeout: 20_000 });
    const email = 'telephone.e2e@example.com';
    await dialog.getByRole('textbox', { name: 'Adresse email' }).fill(email);
    await dialog.getByRole('button', { name: 'Recevoir un code' }).tap();
    const codeField = dialog.getByRole('textbox', { name: 'Code de confirmation' });
    await codeField.waitFor({ state: 'visible' });
    await codeField.fill(await oneTimeCode(outbox, email, before));
    await dialog.getByRole('button', { name: 'Confirmer' }).tap();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });

    await page.waitForURL((url) => url.pathname === '/gala-2026/cart/validation', { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Validation de ma commande' }).waitFor({ state: 'visible', timeout: 20_000 });
    const pay = page.getByRole('button', { name: /^Payer \d/ });
    await pay.waitFor({ state: 'visible', timeout: 20_000 });
    const totalText = await page.evaluate(() => {
      const row = [...document.querySelectorAll('dl div')].find((d) => d.querySelector('dt')?.textContent?.trim() === 'Total');
      return row?.querySelector('dd')?.textContent ?? '';
    });
    assert.match(totalText, /^\d+,\d{2}\s€$/, `the total ${totalText}`);
    assert.equal((await pay.textContent()).replace(/\s/g, ' '), `Payer ${totalText.replace(/\s/g, ' ')}`);
    // The terms of sale, next to their checkbox, open in a dialog that names the seller.
    await page.getByRole('button', { name: 'Lire les conditions générales de vente' }).tap();
    const terms = page.getByRole('dialog', { name: 'Conditions générales de vente' });
    await terms.waitFor({ state: 'visible' });
    await terms.getByRole('heading', { name: 'Droit de rétractation' }).waitFor({ state: 'visible' });
    await terms.getByTestId('terms-seller').waitFor({ state: 'visible', timeout: 20_000 });
    await page.screenshot({ path: join(OUTPUT, 'buy-terms-390.png') });
    await page.keyboard.press('Escape');
    await terms.waitFor({ state: 'detached' });
    await page.screenshot({ path: join(OUTPUT, 'buy-review-390.png'), fullPage: true });
    t.diagnostic(`screenshot: ${join(OUTPUT, 'buy-review-390.png')}`);
  });

  assert.deepEqual(pageErrors, [], 'no uncaught errors in the page');
});
