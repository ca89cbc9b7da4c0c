// The studio's gallery settings (issue 23, « Galleries »), in Debian's
// Chromium against the real binary: sign in with the e-mailed code, create a
// gallery with a client code, change a theme colour and see its derived tints
// follow live, save it, share the gallery (link, code, e-mail), open the
// guest preview, archive the gallery and see its guest page become « Cette
// galerie n’est plus en ligne » (answered 410), then put it back online.
// The settings page is checked for horizontal overflow at 390 and 1440 px and
// photographed at both widths into e2e/output/.
// Run with `make build && cd client && GALLERY_BIN=$PWD/../bin/gallery node --test e2e/studio-settings.test.mjs`.
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { GALLERY_BIN, startDemo } from './server.mjs';

const OUTPUT = join(dirname(fileURLToPath(import.meta.url)), 'output');
const WAIT = { timeout: 30_000 };

/** decodeQP undoes quoted-printable (the .eml's text part). */
function decodeQP(s) {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

/** studioCode waits for the first studio sign-in e-mail in the outbox and returns its code. */
async function studioCode(dataDir) {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    for (const name of (await readdir(outbox).catch(() => [])).filter((f) => f.endsWith('.eml')).sort()) {
      const m = /studio\s*:\s*(\d{6})/.exec(decodeQP(await readFile(join(outbox, name), 'utf8')));
      if (m) return m[1];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no studio code e-mail in ${outbox}`);
}

test('issue 23: gallery settings — tints previewed live, share, guest preview, archive and the guest page', { timeout: 600_000 }, async (t) => {
  if (!GALLERY_BIN) {
    t.skip('GALLERY_BIN is not set: build the server (make build) and set GALLERY_BIN to the absolute path of the binary');
    return;
  }
  const demo = await startDemo(t, 'studio-settings');
  const { base, dataDir } = demo;
  await mkdir(OUTPUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  demo.closeFirst(() => browser.close());
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));

  // shoot checks the screen for horizontal overflow and photographs it, at 1440 and 390 px.
  const shoot = async (name) => {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(150);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${name} at ${width} px is ${overflow} px wider than the screen`);
      await page.screenshot({ path: join(OUTPUT, `studio-${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  };

  // Sign in with the e-mailed code.
  await page.goto(`${base}/studio/connexion`);
  await page.getByLabel('Adresse e-mail').fill('studio@example.com');
  await page.getByRole('button', { name: 'Recevoir un code' }).click();
  await page.getByLabel('Code reçu par e-mail').fill(await studioCode(dataDir));
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('heading', { name: 'Vos galeries' }).waitFor(WAIT);

  // A new gallery with a client code.
  await page.getByRole('link', { name: 'Nouvelle galerie' }).click();
  await page.getByLabel('Titre de l’événement').fill('Baptême de Zoé');
  await page.getByLabel('Avec un code d’accès').check();
  await page.getByRole('button', { name: 'Créer la galerie' }).click();
  await page.getByRole('heading', { name: 'Baptême de Zoé' }).waitFor(WAIT);
  const url = await page.getByLabel('Adresse de la galerie').inputValue();
  assert.equal(url, 'bapteme-de-zoe');
  const codes = page.getByRole('region', { name: 'Codes d’accès' });
  await codes.getByRole('button', { name: 'Créer un code client' }).click();
  const clientCode = (await codes.locator('li code').first().textContent(WAIT)) ?? '';
  assert.match(clientCode, /^[A-Z0-9-]{3,}$/);

  // The colours: the derived tints follow the accent as it is typed, as the guest theme derives them.
  const look = page.getByRole('region', { name: 'Apparence' });
  const tint = (variable) => look.locator(`[data-variable="${variable}"] code`).textContent(WAIT);
  const before = await tint('--color-accent-50');
  await look.getByRole('textbox', { name: 'Accent', exact: true }).fill('#ff0000');
  assert.equal(await tint('--color-accent'), '#ff0000');
  assert.equal(await tint('--color-accent-50'), '#ff8080');
  assert.equal(await tint('--color-accent-10'), '#ffe6e6');
  assert.notEqual(before, '#ff8080');
  const swatchColour = await look.locator('[data-variable="--color-accent-50"] span').first().evaluate((el) => getComputedStyle(el).backgroundColor);
  assert.equal(swatchColour, 'rgb(255, 128, 128)');
  // A bad colour is refused by the server, in French, beside the field.
  await look.getByRole('textbox', { name: 'Principale', exact: true }).fill('bleu');
  await look.getByRole('button', { name: 'Enregistrer l’apparence' }).click();
  const colourError = look.getByRole('alert');
  await colourError.waitFor(WAIT);
  assert.match((await colourError.textContent()) ?? '', /couleur/i);
  await look.getByRole('textbox', { name: 'Principale', exact: true }).fill('#2f3e46');
  await look.getByRole('button', { name: 'Enregistrer l’apparence' }).click();
  await look.getByText('Modifications enregistrées.').waitFor(WAIT);
  await shoot('gallery-settings-full');

  // Share: the address, the client code and an e-mail carrying both.
  await page.getByRole('button', { name: 'Partager' }).click();
  const dialog = page.getByRole('dialog', { name: 'Partager la galerie' });
  await dialog.waitFor(WAIT);
  assert.equal(await dialog.getByLabel('Adresse de la galerie').inputValue(), `${base}/${url}`);
  await dialog.getByText(clientCode).waitFor(WAIT);
  const mailto = (await dialog.getByRole('link', { name: 'Envoyer par e-mail' }).getAttribute('href')) ?? '';
  assert.ok(mailto.startsWith('mailto:?subject='), mailto);
  const body = decodeURIComponent(mailto.split('&body=')[1] ?? '');
  assert.ok(body.includes(`${base}/${url}`) && body.includes(clientCode), body);
  await dialog.getByRole('button', { name: 'Fermer' }).first().click();
  await dialog.waitFor({ state: 'detached', ...WAIT });

  // « Voir comme un invité »: the preview opens without a code, in the saved accent.
  const [preview] = await Promise.all([context.waitForEvent('page', WAIT), page.getByRole('button', { name: 'Voir comme un invité' }).click()]);
  await preview.waitForURL(new RegExp(`/${url}/preview\\?previewHash=`), WAIT);
  await preview.getByText('Baptême de Zoé').first().waitFor(WAIT);
  const accent = await preview.evaluate(() => document.documentElement.style.getPropertyValue('--color-accent'));
  assert.equal(accent, '#ff0000');
  await preview.close();

  // A new gallery is a draft: guests find nothing there until it is published.
  const status = page.getByRole('region', { name: 'Statut et expiration' });
  await status.getByText('Brouillon').first().waitFor(WAIT);
  const guestContext = await browser.newContext({ viewport: { width: 390, height: 800 }, locale: 'fr-FR' });
  const guest = await guestContext.newPage();
  assert.equal((await guest.goto(`${base}/${url}`))?.status(), 404);
  await status.getByRole('button', { name: 'Publier' }).click();
  await status.getByText('Publiée', { exact: true }).waitFor(WAIT);

  // A guest (no cookie of the studio): the gallery asks for its code.
  const open = await guest.goto(`${base}/${url}`);
  assert.equal(open?.status(), 200);
  await guest.getByRole('heading', { name: 'Baptême de Zoé' }).or(guest.getByText('Baptême de Zoé')).first().waitFor(WAIT);

  // Archived: the guest's page is « Cette galerie n’est plus en ligne », answered 410.
  await status.getByRole('button', { name: 'Archiver (mettre hors ligne)' }).click();
  await status.getByText('Archivée', { exact: true }).waitFor(WAIT);
  const gone = await guest.goto(`${base}/${url}`);
  assert.equal(gone?.status(), 410);
  await guest.getByRole('heading', { name: 'Cette galerie n’est plus en ligne' }).waitFor(WAIT);
  await guest.screenshot({ path: join(OUTPUT, 'studio-settings-guest-offline-390.png'), fullPage: true });
  // The list shows it archived, with its visits.
  await page.getByRole('link', { name: 'Galeries' }).first().click();
  const row = page.locator('main li').filter({ hasText: 'Baptême de Zoé' });
  await row.getByText('Archivée', { exact: true }).waitFor(WAIT);
  await row.getByText('Visites', { exact: true }).waitFor(WAIT);
  await row.getByRole('link', { name: 'Baptême de Zoé' }).click();

  // Back online: the guest sees the gallery again.
  await page.getByRole('region', { name: 'Statut et expiration' }).getByRole('button', { name: 'Remettre en ligne' }).click();
  await page.getByRole('region', { name: 'Statut et expiration' }).getByText('Publiée', { exact: true }).waitFor(WAIT);
  const back = await guest.goto(`${base}/${url}`);
  assert.equal(back?.status(), 200);
  await guest.getByText('Baptême de Zoé').first().waitFor(WAIT);
  assert.equal(await guest.getByText('Cette galerie n’est plus en ligne').count(), 0);
  await guestContext.close();
  assert.deepEqual(errors, [], 'script errors on the studio pages');
});
