// What the clients picked (issue 23), in Debian's Chromium against the real
// binary: a client of julie-et-thomas (code CLIENT-7K4Q, e-mail confirmed)
// hearts two photos, puts them in the album and sends it; the photographer
// signs in to the studio with the code from the outbox, opens the gallery's
// « Sélections des clients », sees the album with its photos and the
// favourites, copies the Lightroom string, and reopens the album; the client
// can change it again. The screen is checked for horizontal overflow at 320,
// 390, 768, 1024 and 1440 px and photographed at 1440 and 390 px into e2e/output/.
// Run with `make build && cd client && GALLERY_BIN=$PWD/../bin/gallery node --test e2e/studio-picks.test.mjs`.
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

/** mailCode waits for an e-mail in the outbox, not among skip, whose text matches re, and returns its first group. */
async function mailCode(dataDir, re, skip = new Set()) {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const names = (await readdir(outbox).catch(() => [])).filter((f) => f.endsWith('.eml') && !skip.has(f)).sort();
    for (const name of names) {
      const m = re.exec(decodeQP(await readFile(join(outbox, name), 'utf8')));
      if (m) return m[1];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail matching ${re} in ${outbox}`);
}

const outboxFiles = async (dataDir) => new Set(await readdir(join(dataDir, 'outbox')).catch(() => []));

test('issue 23: what the clients picked — a sent album seen, exported and reopened in the studio', { timeout: 600_000 }, async (t) => {
  if (!GALLERY_BIN) {
    t.skip('GALLERY_BIN is not set: build the server (make build) and set GALLERY_BIN to the absolute path of the binary');
    return;
  }
  const demo = await startDemo(t, 'studio-picks');
  const { base, dataDir } = demo;
  await mkdir(OUTPUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  demo.closeFirst(() => browser.close());
  const errors = [];

  // The client, in their own browser context.
  const guestContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
  const guest = await guestContext.newPage();
  guest.on('pageerror', (e) => errors.push(e.message));
  const inMenu = async (name) => {
    const menu = guest.getByRole('button', { name: 'Menu', exact: true });
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
    return guest.getByRole('button', { name, exact: true });
  };
  const dismissWelcome = async () => {
    const welcome = guest.getByRole('dialog', { name: /Bienvenue/ });
    if (await welcome.isVisible().catch(() => false)) {
      await guest.keyboard.press('Escape');
      await welcome.waitFor({ state: 'detached' });
    }
  };

  await guest.goto(`${base}/julie-et-thomas`);
  await guest.getByRole('heading', { name: 'Galerie protégée' }).waitFor(WAIT);
  await guest.getByRole('textbox', { name: 'Code d’accès' }).fill('CLIENT-7K4Q');
  await guest.getByRole('button', { name: 'Accéder à la galerie' }).click();
  await guest.waitForURL((url) => url.pathname === '/julie-et-thomas', WAIT);
  const clientEmail = 'mariee.e2e@example.com';
  const confirm = guest.getByRole('dialog', { name: 'Confirmez votre adresse email' });
  await confirm.waitFor(WAIT);
  const before = await outboxFiles(dataDir);
  await confirm.getByRole('textbox', { name: 'Adresse email' }).fill(clientEmail);
  await confirm.getByRole('button', { name: 'Recevoir un code' }).click();
  const codeField = confirm.getByRole('textbox', { name: 'Code de confirmation' });
  await codeField.waitFor(WAIT);
  await codeField.fill(await mailCode(dataDir, /(?:^|\D)(\d{6})(?:\D|$)/, before));
  await confirm.getByRole('button', { name: 'Confirmer' }).click();
  await confirm.waitFor({ state: 'detached', ...WAIT });
  await guest.getByRole('dialog', { name: /Bienvenue/ }).waitFor({ state: 'visible', timeout: 10_000 }).catch(() => undefined);
  await dismissWelcome();
  await guest.locator('#photos').scrollIntoViewIfNeeded();
  await guest.waitForFunction(() => [...document.querySelectorAll('#photos ul img')].filter((img) => img.complete && img.naturalWidth > 0).length >= 3, null, WAIT);

  // Two favourites from the grid.
  for (const n of [0, 1]) {
    await guest.locator('#photos ul > li').nth(n).getByRole('button', { name: 'Favori' }).click();
    await guest.waitForFunction((i) => document.querySelector(`#photos ul > li:nth-child(${i + 1}) button[aria-pressed="true"]`), n, WAIT);
  }

  // The same two photos go to the album from the photo view (the album e2e's steps), then it is sent.
  const albumIds = [];
  for (const n of [0, 1]) {
    await guest.locator('#photos ul li a').nth(n).click();
    const viewer = guest.getByRole('dialog', { name: 'Visionneuse de photos' });
    const image = viewer.locator('img[data-photo-id]');
    await image.waitFor(WAIT);
    albumIds.push(await image.getAttribute('data-photo-id'));
    await viewer.getByRole('button', { name: 'Ajouter à l’album' }).click();
    await guest.waitForFunction(() => document.querySelector('[role="dialog"] button[aria-pressed="true"][title="Retirer de l’album"]'), null, WAIT);
    await guest.keyboard.press('Escape');
    await guest.waitForURL((url) => url.pathname === '/julie-et-thomas', WAIT);
  }
  await (await inMenu('Album (2 / 40)')).click();
  let panel = guest.getByRole('dialog', { name: 'Votre album' });
  await panel.getByText('2 / 40 photos').waitFor(WAIT);
  await panel.getByRole('button', { name: 'Envoyer l’album au photographe' }).click();
  await panel.getByRole('status').filter({ hasText: 'Album envoyé le' }).waitFor(WAIT);
  assert.equal(await panel.getByRole('button', { name: 'Retirer de l’album' }).count(), 0, 'a sent album cannot be changed');
  await panel.getByRole('button', { name: 'Fermer' }).click();

  // The photographer signs in to the studio with the code from the outbox.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  const beforeStudio = await outboxFiles(dataDir);
  await page.goto(`${base}/studio/galeries`);
  await page.getByRole('heading', { name: 'Connexion au studio' }).waitFor(WAIT);
  await page.getByLabel('Adresse e-mail').fill('studio@example.com');
  await page.getByRole('button', { name: 'Recevoir un code' }).click();
  await page.getByText('un code à six chiffres vient d’y être envoyé').waitFor(WAIT);
  await page.getByLabel('Code reçu par e-mail').fill(await mailCode(dataDir, /studio\s*:\s*(\d{6})/, beforeStudio));
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('heading', { name: 'Vos galeries' }).waitFor(WAIT);
  await page.getByRole('link', { name: 'Mariage de Julie & Thomas' }).first().click();
  await page.getByRole('heading', { name: 'Mariage de Julie & Thomas' }).waitFor(WAIT);
  await page.getByRole('link', { name: 'Sélections des clients' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sélections des clients' }).waitFor(WAIT);
  assert.match(page.url(), /\/studio\/galeries\/gal_[^/]+\/selections$/);

  // The sent album: who, how many, its photos.
  const album = page.locator('section[aria-labelledby="picks-album"]');
  await album.getByText('Envoyé', { exact: true }).waitFor(WAIT);
  await album.getByText(`Envoyé par ${clientEmail}`, { exact: false }).waitFor(WAIT);
  await album.getByText(': 2 photos.', { exact: false }).waitFor(WAIT);
  const thumbs = album.locator('ul[aria-label="Photos de l’album"] li');
  assert.deepEqual(await thumbs.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-photo-id'))), albumIds);
  await page.waitForFunction(() => [...document.querySelectorAll('ul[aria-label="Photos de l’album"] img')].every((img) => img.complete && img.naturalWidth > 0), null, WAIT);
  const files = await thumbs.locator('span').allTextContents();
  assert.equal(files.length, 2);

  // The Lightroom string: the file names without extension, « a, b »; copied to the clipboard.
  const expected = files.map((f) => f.replace(/\.[^.]+$/, '')).join(', ');
  assert.equal(await album.getByLabel('Recherche Lightroom', { exact: true }).inputValue(), expected);
  assert.equal(await album.getByLabel('Liste séparée par des virgules', { exact: true }).inputValue(), files.join(', '));
  await album.getByRole('button', { name: 'Copier : Recherche Lightroom' }).click();
  await album.getByRole('button', { name: 'Copier : Recherche Lightroom' }).filter({ hasText: 'Copié !' }).waitFor(WAIT);
  assert.equal(await page.evaluate(() => window.navigator.clipboard.readText()), expected);
  const [csv] = await Promise.all([page.waitForEvent('download', WAIT), album.getByRole('button', { name: 'Télécharger (.csv)' }).click()]);
  assert.equal(csv.suggestedFilename(), 'julie-et-thomas-album.csv');
  assert.equal(await readFile(await csv.path(), 'utf8'), `fichier\r\n${files.join('\r\n')}\r\n`);

  // The favourites: each of the two photos once, and the client's picks under their e-mail.
  const photos = page.locator('section[aria-labelledby="picks-photos"]');
  for (const id of albumIds) {
    const cells = await photos.locator(`tr[data-photo-id="${id}"] td`).allTextContents();
    assert.deepEqual(cells.slice(2), ['1', '0', 'Oui'], `counts of ${id}`);
  }
  await page.locator('section[aria-labelledby="picks-guests"]').getByRole('heading', { name: clientEmail }).waitFor(WAIT);

  // The screen at every width; photographed at 1440 and 390 px.
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(100);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    const wide = overflow <= 0 ? [] : await page.evaluate(() =>
      [...document.querySelectorAll('main *')].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 5).map((el) => `${el.tagName}.${el.className}`),
    );
    assert.ok(overflow <= 0, `the picks screen at ${width} px is ${overflow} px wider than the screen: ${wide.join(' ')}`);
    if (width === 390 || width === 1440) await page.screenshot({ path: join(OUTPUT, `studio-picks-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // « Rouvrir »: the album is open again.
  await album.getByRole('button', { name: 'Rouvrir' }).click();
  await album.getByText('En cours', { exact: true }).waitFor(WAIT);
  assert.equal(await album.getByRole('button', { name: 'Rouvrir' }).count(), 0);

  // The client can change it again.
  await guest.reload();
  await guest.locator('#photos').waitFor(WAIT);
  await dismissWelcome();
  await (await inMenu('Album (2 / 40)')).click();
  panel = guest.getByRole('dialog', { name: 'Votre album' });
  await panel.getByText('2 / 40 photos').waitFor(WAIT);
  assert.equal(await panel.getByRole('status').filter({ hasText: 'Album envoyé le' }).count(), 0, 'no longer sent');
  await panel.getByRole('button', { name: 'Retirer de l’album' }).first().click();
  await panel.getByText('1 / 40 photos').waitFor(WAIT);
  assert.equal(await panel.getByRole('button', { name: 'Envoyer l’album au photographe' }).isEnabled(), true);

  assert.deepEqual(errors, [], 'no page error');
});
