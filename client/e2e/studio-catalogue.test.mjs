// The studio's catalogue (issue 24, « Catalogue and offers »), in Debian's
// Chromium against the real binary: the photographer signs in to the studio,
// opens /studio/catalogue, types a new format and its price, sees the sample
// cart priced with the draft (« Aperçu », priced by the server's engine),
// saves, and a guest finds that format at that price in the gallery's shop
// and cart. An existing format's typed price is previewed without saving; a
// pack's content (prints, photos, files) and price are edited, previewed and
// saved, then its description and gift flag, which a guest reads on the
// pack's page; the studio's pickup address is changed on the same screen. The screen is checked for horizontal overflow and photographed at
// 390 and 1440 px into e2e/output/. A new gallery starts with a copy of the
// gala's catalogue (the new-gallery screen's choice), and another, created
// empty, gets it from the catalogue screen's « Copier le catalogue d'une
// autre galerie ».
// Run with `make build && cd client && GALLERY_BIN=$PWD/../bin/gallery node --test e2e/studio-catalogue.test.mjs`.
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

/** studioCode waits for the studio's sign-in code in the outbox. */
async function studioCode(outbox) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    for (const name of (await readdir(outbox).catch(() => [])).filter((n) => n.endsWith('.eml'))) {
      const raw = (await readFile(join(outbox, name), 'utf8')).replace(/=\r?\n/g, '');
      const m = /studio\s*:\s*(\d{6})/.exec(raw);
      if (m) return m[1];
    }
    if (Date.now() > deadline) throw new Error('no studio code');
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function gql(base, query) {
  const res = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query }) });
  return (await res.json()).data;
}

test('issue 24: a format created in the studio, previewed then saved, is in a guest’s cart at its price', { timeout: 600_000 }, async (t) => {
  if (!GALLERY_BIN) {
    t.skip('GALLERY_BIN is not set: build the server (make build) and set GALLERY_BIN to the absolute path of the binary');
    return;
  }
  const demo = await startDemo(t, 'studio-catalogue');
  const { base, dataDir } = demo;
  await mkdir(OUTPUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  demo.closeFirst(() => browser.close());
  const studio = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' })).newPage();
  const guest = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR' })).newPage();
  const errors = [];
  studio.on('pageerror', (e) => errors.push(`studio: ${e.message}`));
  guest.on('pageerror', (e) => errors.push(`guest: ${e.message}`));

  // Sign in to the studio, asking for the catalogue.
  await studio.goto(`${base}/studio/catalogue`);
  await studio.getByRole('heading', { name: 'Connexion au studio' }).waitFor(WAIT);
  await studio.getByLabel('Adresse e-mail').fill('studio@example.com');
  await studio.getByRole('button', { name: 'Recevoir un code' }).click();
  await studio.getByLabel('Code reçu par e-mail').fill(await studioCode(join(dataDir, 'outbox')));
  await studio.getByRole('button', { name: 'Se connecter' }).click();
  await studio.getByRole('link', { name: 'Catalogue' }).click(WAIT);
  await studio.getByRole('heading', { name: 'Catalogue et offres' }).waitFor(WAIT);

  // The demo gallery.
  const { gallery } = await gql(base, '{ gallery(url: "gala-2026") { id } }');
  await studio.getByLabel('Galerie').selectOption(gallery.id);
  await studio.getByRole('heading', { name: 'Nouveau format' }).waitFor(WAIT);

  // A negative price is refused in French before anything is sent.
  const form = studio.locator('section').filter({ has: studio.getByRole('heading', { name: 'Nouveau format' }) });
  await form.getByLabel('Nom', { exact: true }).fill('Tirage 12 x 18 e2e');
  await form.getByLabel('Petit côté (cm)').fill('12');
  await form.getByLabel('Grand côté (cm)').fill('18');
  await form.getByLabel('Prix (€)').fill('-3');
  await form.getByText('Le prix ne peut pas être négatif.').first().waitFor(WAIT);

  // The preview prices the sample cart with the draft before saving.
  await form.getByLabel('Prix (€)').fill('13,70');
  const preview = studio.getByTestId('catalogue-preview');
  await preview.getByText('Tirage 12 x 18 e2e (brouillon)').waitFor(WAIT);
  const draftRow = preview.getByRole('row').filter({ hasText: 'Tirage 12 x 18 e2e (brouillon)' });
  assert.match((await draftRow.textContent()).replace(/[\s\u00a0\u202f]/g, ''), /13,70€/);
  await preview.getByTestId('preview-total').waitFor(WAIT);
  // Not saved yet: the shop does not know the format.
  const before = await gql(base, '{ gallery(url: "gala-2026") { prices { formats { name } } } }');
  assert.ok(!before.gallery.prices.formats.some((f) => f.name === 'Tirage 12 x 18 e2e'), 'the preview saved nothing');

  for (const width of [390, 1440]) {
    await studio.setViewportSize({ width, height: 900 });
    await studio.waitForTimeout(200);
    const overflow = await studio.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the catalogue at ${width} px is ${overflow} px wider than the screen`);
    const path = join(OUTPUT, `studio-catalogue-${width}.png`);
    await studio.screenshot({ path, fullPage: true });
    t.diagnostic(`screenshot: ${path}`);
  }
  await studio.setViewportSize({ width: 1440, height: 900 });

  // Saved: listed in the studio, sold in the shop.
  await form.getByRole('button', { name: 'Enregistrer le format' }).click();
  await form.getByText('Format enregistré.').waitFor(WAIT);
  await studio.locator('tr[data-format="Tirage 12 x 18 e2e"]').waitFor(WAIT);
  // The same size again is refused with its French message.
  await form.getByLabel('Nom', { exact: true }).fill('Doublon');
  await form.getByLabel('Petit côté (cm)').fill('12');
  await form.getByLabel('Grand côté (cm)').fill('18');
  await form.getByLabel('Prix (€)').fill('5');
  const familyOfNew = await form.getByLabel('Famille').inputValue();
  assert.ok(familyOfNew);
  await form.getByRole('button', { name: 'Enregistrer le format' }).click();
  await form.getByText('Un autre format de cette famille a déjà ces dimensions.').waitFor(WAIT);

  const norm = (s) => s.replace(/[\s\u00a0\u202f]/g, '');
  // An existing format's typed price is previewed, not saved.
  const formats = studio.locator('section').filter({ has: studio.getByRole('heading', { name: 'Formats et prix' }) });
  await formats.getByLabel('Prix de Tirage 12 x 18 e2e').fill('15');
  const editedRow = formats.getByTestId('catalogue-preview').getByRole('row').filter({ hasText: 'Tirage 12 x 18 e2e (brouillon)' });
  await editedRow.waitFor(WAIT);
  assert.match(norm(await editedRow.textContent()), /15(,00)?€$/);
  await formats.getByLabel('Prix de Tirage 12 x 18 e2e').fill('13,70');

  // A pack's content: shown, edited with its preview, saved.
  const packs = studio.locator('section').filter({ has: studio.getByRole('heading', { name: 'Packs', exact: true }) });
  const souvenir = packs.locator('li[data-pack="Pack Souvenir"]');
  await souvenir.getByText(/Contient : 10 × .+, 5 × Fichier HD/).waitFor(WAIT);
  await souvenir.getByRole('button', { name: 'Modifier le pack' }).click();
  const editor = souvenir.getByRole('form', { name: 'Modifier Pack Souvenir' });
  await editor.getByLabel('Nombre de tirages').fill('12');
  await editor.getByLabel('Nombre de photos différentes').fill('13');
  await editor.getByText('Le nombre de photos doit être compris entre 1 et le nombre de tirages.').waitFor(WAIT);
  await editor.getByLabel('Nombre de photos différentes').fill('6');
  await editor.getByLabel('Prix (€)').fill('44');
  const packRow = editor.getByTestId('catalogue-preview').getByRole('row').filter({ hasText: 'Pack Souvenir (brouillon)' });
  await packRow.filter({ hasText: /44(,00)?\s*€/ }).waitFor(WAIT);
  for (const width of [390, 1440]) {
    await studio.setViewportSize({ width, height: 900 });
    await studio.waitForTimeout(200);
    const overflow = await studio.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the pack editor at ${width} px is ${overflow} px wider than the screen`);
    const path = join(OUTPUT, `studio-catalogue-pack-${width}.png`);
    await editor.screenshot({ path });
    t.diagnostic(`screenshot: ${path}`);
  }
  const packInShop = async () => (await gql(base, '{ gallery(url: "gala-2026") { availablePacks { displayName unitPrice { amount } formats { quantity photos } digitalFiles { quantity } } } }')).gallery.availablePacks.find((p) => p.displayName === 'Pack Souvenir');
  assert.equal((await packInShop()).formats[0].quantity, 10, 'the preview saved nothing');
  await editor.getByRole('button', { name: 'Enregistrer le pack' }).click();
  await editor.getByText('Pack enregistré : les paniers ouverts sont mis à jour.').waitFor(WAIT);
  await souvenir.getByText(/Contient : 12 × .+, 5 × Fichier HD/).waitFor(WAIT);
  assert.match(norm(await souvenir.locator('strong').first().textContent()), /^44(,00)?€$/);
  const sold = await packInShop();
  assert.equal(sold.unitPrice.amount, '44.00');
  assert.deepEqual(sold.formats, [{ quantity: 12, photos: 6 }]);
  assert.deepEqual(sold.digitalFiles, [{ quantity: 5 }]);

  // The same pack's description and gift flag, then a guest reads them on its page.
  const description = 'Douze tirages et cinq fichiers HD, pour toute la famille (e2e).';
  await editor.getByLabel('Description').fill(description);
  await editor.getByText(`${description.length} / 4000 caractères`, { exact: false }).waitFor(WAIT);
  await editor.getByRole('checkbox', { name: 'Pack offert' }).check();
  await editor.getByRole('button', { name: 'Enregistrer le pack' }).click();
  const offerInShop = async () => (await gql(base, '{ gallery(url: "gala-2026") { availablePacks { id displayName description gift unitPrice { amount } } } }')).gallery.availablePacks.find((p) => p.displayName === 'Pack Souvenir');
  const deadline = Date.now() + 30_000;
  let given = await offerInShop();
  while (given.description !== description && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 300));
    given = await offerInShop();
  }
  assert.equal(given.description, description);
  assert.equal(given.gift, true);
  assert.equal(given.unitPrice.amount, '44.00', 'only the description and gift were sent');
  await guest.goto(`${base}/gala-2026/packs/${given.id}`);
  await guest.getByText(description).waitFor(WAIT);
  await guest.getByText('Cadeau', { exact: true }).first().waitFor(WAIT);
  await guest.setViewportSize({ width: 390, height: 844 });
  await guest.waitForTimeout(200);
  const guestOverflow = await guest.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(guestOverflow <= 0, `the guest's pack page at 390 px is ${guestOverflow} px wider than the screen`);
  await guest.setViewportSize({ width: 1280, height: 900 });

  // The pickup address, edited here.
  const delivery = studio.locator('section').filter({ has: studio.getByRole('heading', { name: 'Livraison et retrait' }) });
  await delivery.getByLabel('Rue et numéro').fill('Rue du Retrait 5');
  await delivery.getByLabel('Code postal').fill('1050');
  await delivery.getByLabel('Ville').fill('Ixelles');
  await delivery.getByRole('button', { name: 'Enregistrer l’adresse' }).click();
  await delivery.getByText('Adresse de retrait enregistrée : elle vaut pour toutes vos galeries.').waitFor(WAIT);
  await delivery.getByTestId('pickup-address').filter({ hasText: 'Rue du Retrait 5, 1050 Ixelles' }).waitFor(WAIT);

  const after = await gql(base, '{ gallery(url: "gala-2026") { prices { categories { id section } formats { id name unitPrice { amount } family { category { id } } } } photos(first: 10) { edges { node { id width height } } } } }');
  const made = after.gallery.prices.formats.find((f) => f.name === 'Tirage 12 x 18 e2e');
  assert.ok(made, 'the shop lists the new format');
  assert.equal(made.unitPrice.amount, '13.70');

  // A guest puts a photo in that format in the cart and sees its price.
  const photo = after.gallery.photos.edges.map((e) => e.node).find((p) => p.width > p.height);
  await guest.goto(`${base}/gala-2026/photos/${photo.id}/${made.family.category.id}?format=${made.id}`);
  await guest.getByRole('button', { name: 'Ajouter au panier' }).click();
  await guest.getByText('Ajouté à votre panier.').first().waitFor(WAIT);
  await guest.goto(`${base}/gala-2026/cart`);
  const line = guest.getByRole('listitem').filter({ hasText: 'Tirage 12 x 18 e2e' }).first();
  await line.waitFor(WAIT);
  assert.match((await line.textContent()).replace(/[\s\u00a0\u202f]/g, ''), /13,70€/);

  // A new gallery starts with a copy of the gala's catalogue (the most
  // recently created gallery with one), the format made above included.
  await studio.goto(`${base}/studio/galeries/nouvelle`);
  await studio.getByRole('heading', { name: 'Nouvelle galerie' }).waitFor(WAIT);
  const source = studio.getByLabel('Catalogue de la boutique');
  const galaOption = source.locator(`option[value="${gallery.id}"]`);
  await galaOption.waitFor({ state: 'attached', ...WAIT });
  assert.match(await galaOption.textContent(), /^Copier celui de Gala de l.École Saint-Luc 2026$/);
  assert.equal(await source.inputValue(), gallery.id);
  await studio.getByLabel('Titre de l’événement').fill('Kermesse e2e');
  await studio.getByRole('button', { name: 'Créer la galerie' }).click();
  await studio.getByRole('heading', { name: 'Kermesse e2e' }).waitFor(WAIT);
  const kermesse = /\/studio\/galeries\/(gal_[^/?#]+)/.exec(studio.url())[1];
  await studio.goto(`${base}/studio/catalogue`);
  await studio.getByLabel('Galerie').selectOption(kermesse);
  const copiedRow = studio.locator('tr[data-format="Tirage 12 x 18 e2e"]');
  await copiedRow.waitFor(WAIT);
  assert.equal(norm(await copiedRow.getByLabel('Prix de Tirage 12 x 18 e2e').inputValue()).replace('.', ','), '13,70');

  // A gallery created with an empty shop gets the copy from the catalogue screen.
  await studio.goto(`${base}/studio/galeries/nouvelle`);
  await studio.getByLabel('Titre de l’événement').fill('Brocante e2e');
  await studio.getByLabel('Catalogue de la boutique').selectOption('');
  await studio.getByRole('button', { name: 'Créer la galerie' }).click();
  await studio.getByRole('heading', { name: 'Brocante e2e' }).waitFor(WAIT);
  const brocante = /\/studio\/galeries\/(gal_[^/?#]+)/.exec(studio.url())[1];
  await studio.goto(`${base}/studio/catalogue`);
  await studio.locator('select[name="gallery"]').selectOption(brocante);
  await studio.getByText('La boutique de cette galerie est vide.').waitFor(WAIT);
  await studio.getByRole('button', { name: 'Copier le catalogue d’une autre galerie' }).click();
  await studio.getByLabel('Copier le catalogue de').selectOption(gallery.id);
  await studio.getByRole('button', { name: 'Copier', exact: true }).click();
  await studio.getByText('Catalogue copié.').waitFor(WAIT);
  await studio.locator('tr[data-format="Tirage 12 x 18 e2e"]').waitFor(WAIT);
  assert.deepEqual(errors, []);
});
