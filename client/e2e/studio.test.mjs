// The photographer's studio (issue 23, part 1), in Debian's Chromium against
// the real binary: sign in with the code e-mailed to the outbox, see the
// galleries, create one with a client code, edit its settings (a French error
// beside its field, then saved), open the guest preview, sign out everywhere.
// Every studio screen is checked for horizontal overflow at 320, 390, 768,
// 1024 and 1440 px and photographed at 1440 and 390 px into e2e/output/.
// The guests' home loads none of the studio's code.
// Run with `make build && cd client && GALLERY_BIN=$PWD/../bin/gallery node --test e2e/studio.test.mjs`.
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { GALLERY_BIN, startDemo } from './server.mjs';

const OUTPUT = join(dirname(fileURLToPath(import.meta.url)), 'output');
const WIDTHS = [320, 390, 768, 1024, 1440];
const WAIT = { timeout: 30_000 };

/** decodeQP undoes quoted-printable (the .eml's text part). */
function decodeQP(s) {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

/** studioCode waits for the n-th studio sign-in e-mail in the outbox and returns its code. */
async function studioCode(dataDir, n) {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const names = await readdir(outbox).catch(() => []);
    const codes = [];
    for (const name of names.filter((f) => f.endsWith('.eml')).sort()) {
      const text = decodeQP(await readFile(join(outbox, name), 'utf8'));
      const m = /studio\s*:\s*(\d{6})/.exec(text);
      if (m) codes.push(m[1]);
    }
    if (codes.length >= n) return codes[n - 1];
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no studio code e-mail #${n} in ${outbox}`);
}

test('issue 23: the studio — sign in by code, galleries, a new gallery with a client code, settings, guest preview', { timeout: 600_000 }, async (t) => {
  if (!GALLERY_BIN) {
    t.skip('GALLERY_BIN is not set: build the server (make build) and set GALLERY_BIN to the absolute path of the binary');
    return;
  }
  const demo = await startDemo(t, 'studio');
  const { base, dataDir } = demo;
  await mkdir(OUTPUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  demo.closeFirst(() => browser.close());
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));

  // shoot checks the screen at every width (no horizontal overflow) and photographs it at 1440 and 390 px.
  const shoot = async (name) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(100);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${name} at ${width} px is ${overflow} px wider than the screen`);
      if (width === 390 || width === 1440) await page.screenshot({ path: join(OUTPUT, `studio-${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  };

  // Signed out, the studio sends to its sign-in screen.
  await page.goto(`${base}/studio/galeries`);
  await page.getByRole('heading', { name: 'Connexion au studio' }).waitFor(WAIT);
  assert.match(page.url(), /\/studio\/connexion$/);
  await shoot('sign-in');
  await page.getByLabel('Adresse e-mail').fill('studio@example.com');
  await page.getByRole('button', { name: 'Recevoir un code' }).click();
  await page.getByText('un code à six chiffres vient d’y être envoyé').waitFor(WAIT);
  await shoot('sign-in-code');
  await page.getByLabel('Code reçu par e-mail').fill('000000');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByText('Code incorrect', { exact: false }).or(page.getByRole('alert')).first().waitFor(WAIT);
  const code = await studioCode(dataDir, 1);
  await page.getByLabel('Code reçu par e-mail').fill(code);
  await page.getByRole('button', { name: 'Se connecter' }).click();

  // The galleries, with their figures; search.
  await page.getByRole('heading', { name: 'Vos galeries' }).waitFor(WAIT);
  await page.getByRole('link', { name: 'Mariage de Julie & Thomas' }).or(page.locator('li h2 a').first()).first().waitFor(WAIT);
  const rows = await page.locator('main li h2').count();
  assert.ok(rows >= 2, `${rows} galleries listed`);
  await shoot('galleries');
  await page.getByLabel('Rechercher une galerie').fill('gala');
  await page.waitForFunction(() => document.querySelectorAll('main li h2').length === 1, null, WAIT);
  await page.getByLabel('Rechercher une galerie').fill('');

  // A new gallery with a client code.
  await page.getByRole('link', { name: 'Nouvelle galerie' }).click();
  await page.getByRole('heading', { name: 'Nouvelle galerie' }).waitFor(WAIT);
  await page.getByLabel('Titre de l’événement').fill('Mariage Léa et Hugo');
  assert.equal(await page.getByLabel('Adresse de la galerie').inputValue(), 'mariage-lea-et-hugo');
  await page.getByLabel('Date de l’événement').fill('2026-06-20');
  await page.getByLabel('Avec un code d’accès').check();
  await shoot('new-gallery');
  await page.getByRole('button', { name: 'Créer la galerie' }).click();
  await page.getByRole('heading', { name: 'Mariage Léa et Hugo' }).waitFor(WAIT);
  assert.match(page.url(), /\/studio\/galeries\/gal_/);
  await page.getByRole('button', { name: 'Créer un code client' }).click();
  const clientCode = await page.getByRole('region', { name: 'Codes d’accès' }).locator('li code').first().textContent(WAIT);
  assert.match(clientCode ?? '', /^[A-Z0-9-]{3,}$/, `client code ${clientCode}`);
  assert.ok(await page.getByRole('link', { name: 'Photos' }).getAttribute('href'), 'a Photos link');

  // Settings: a bad address is refused in French beside its field, then saved.
  await page.getByLabel('Adresse de la galerie').fill('Pas Une Adresse!');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).first().click();
  const urlError = page.locator('p[role="alert"]').first();
  await urlError.waitFor(WAIT);
  assert.match((await urlError.textContent()) ?? '', /[a-zà-ü]/, 'a French message beside the address');
  await page.getByLabel('Adresse de la galerie').fill('lea-et-hugo');
  await page.getByLabel('Titre de l’événement').fill('Mariage de Léa et Hugo');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).first().click();
  await page.getByText('Modifications enregistrées.').first().waitFor(WAIT);
  await shoot('gallery-settings');

  // « Voir comme un invité » opens the preview, without a code, read-only.
  const [preview] = await Promise.all([context.waitForEvent('page', WAIT), page.getByRole('button', { name: 'Voir comme un invité' }).click()]);
  await preview.waitForURL(/\/lea-et-hugo\/preview\?previewHash=/, WAIT);
  await preview.getByText('Mariage de Léa et Hugo').first().waitFor(WAIT);
  await preview.close();

  // The account settings; signing out everywhere ends the session.
  await page.getByRole('link', { name: 'Réglages du compte' }).click();
  await page.getByRole('heading', { name: 'Réglages du compte' }).waitFor(WAIT);
  await shoot('account');
  await page.getByRole('button', { name: 'Se déconnecter partout' }).click();
  await page.getByRole('heading', { name: 'Connexion au studio' }).waitFor(WAIT);
  await page.goto(`${base}/studio/galeries`);
  await page.getByRole('heading', { name: 'Connexion au studio' }).waitFor(WAIT);

  // The guests' home loads none of the studio's code.
  const loaded = [];
  const guest = await context.newPage();
  guest.on('request', (r) => loaded.push(r.url()));
  await guest.goto(`${base}/gala-2026`);
  await guest.waitForLoadState('networkidle');
  assert.deepEqual(loaded.filter((u) => /studio-app/.test(u)), [], 'the home loads the studio chunk');
  assert.deepEqual(errors, [], 'script errors on the studio pages');
});
