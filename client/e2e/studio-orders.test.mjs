// The studio's orders (issue 24, « Orders »), in Debian's Chromium against the
// real binary: the photographer has the orders list open when a guest, in
// another browser, orders two prints and pays with the test provider; the
// order appears in the list without a reload, with its notice. The
// photographer opens it, puts it in production (another studio tab and the
// guest's page see it), marks it sent with a tracking number (the guest's
// shipping e-mail lands in the outbox with the number), refunds half of it
// after a confirmation, and the order page shows the refund done. The list
// and the order page are checked for horizontal overflow and photographed at
// 1440 and 390 px into e2e/output/.
// Run with `make build && cd client && GALLERY_BIN=$PWD/../bin/gallery node --test e2e/studio-orders.test.mjs`.
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

/** decodeQP undoes quoted-printable. */
function decodeQP(s) {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

/** decodeHeader undoes RFC 2047 encoded words (=?UTF-8?q?…?= and =?UTF-8?b?…?=). */
function decodeHeader(value) {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, enc, text) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(decodeQP(text.replace(/_/g, ' ')), 'latin1').toString('utf8'),
  );
}

/** mails reads the outbox's messages: to, subject and the whole decoded text. */
async function mails(outbox) {
  const out = [];
  for (const name of (await readdir(outbox).catch(() => [])).filter((n) => n.endsWith('.eml')).sort()) {
    const raw = await readFile(join(outbox, name), 'utf8');
    const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
    const header = (k) => decodeHeader((new RegExp(`^${k}:\\s*(.*)$`, 'im').exec(head) ?? [])[1] ?? '');
    const parts = raw.split(/\r?\n--/).map((p) => {
      const body = p.slice(Math.max(0, p.search(/\r?\n\r?\n/)));
      if (/content-transfer-encoding:\s*base64/i.test(p.slice(0, 400))) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      return Buffer.from(decodeQP(p), 'latin1').toString('utf8');
    });
    out.push({ name, to: header('To'), subject: header('Subject'), text: parts.join('\n') });
  }
  return out;
}

/** waitForMail polls the outbox for a message that matches. */
async function waitForMail(outbox, match, what) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const found = (await mails(outbox)).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} in ${outbox}: ${JSON.stringify((await mails(outbox)).map((m) => m.subject))}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** zipEntries lists a ZIP's stored (uncompressed) files by its central directory: name and bytes. */
function zipEntries(buf) {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(eocd >= 0, 'a ZIP');
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const out = [];
  for (let i = 0; i < count; i++) {
    assert.equal(buf.readUInt32LE(at), 0x02014b50, 'a central directory entry');
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.subarray(at + 46, at + 46 + nameLen).toString('utf8');
    assert.equal(method, 0, `${name} is stored`);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    out.push({ name, data: buf.subarray(start, start + size) });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

/** jpegInfo reads a JPEG's pixel size (its SOF segment) and its JFIF density in dpi. */
function jpegInfo(b) {
  assert.ok(b[0] === 0xff && b[1] === 0xd8, 'a JPEG');
  let dpi = 0;
  for (let i = 2; i < b.length; ) {
    const marker = b[i + 1];
    const len = b.readUInt16BE(i + 2);
    if (marker === 0xe0 && b.subarray(i + 4, i + 9).toString('latin1') === 'JFIF\0' && b[i + 11] === 1) dpi = b.readUInt16BE(i + 12);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7), dpi };
    i += 2 + len;
  }
  throw new Error('no SOF in the JPEG');
}

/** cents reads « 12,40 € » as 1240. */
function cents(text) {
  const m = /(\d+)(?:,(\d{2}))?/.exec(text.replace(/[\s\u00a0\u202f]/g, ''));
  assert.ok(m, `an amount in ${text}`);
  return Number(m[1]) * 100 + Number(m[2] ?? 0);
}

test('issue 24: an order appears live in the studio, is put in production, sent with tracking and refunded by half', { timeout: 900_000 }, async (t) => {
  if (!GALLERY_BIN) {
    t.skip('GALLERY_BIN is not set: build the server (make build) and set GALLERY_BIN to the absolute path of the binary');
    return;
  }
  const demo = await startDemo(t, 'studio-orders');
  const { base, dataDir } = demo;
  const outbox = join(dataDir, 'outbox');
  await mkdir(OUTPUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  demo.closeFirst(() => browser.close());
  const studio = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' })).newPage();
  const guest = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR' })).newPage();
  const errors = [];
  studio.on('pageerror', (e) => errors.push(`studio: ${e.message}`));
  guest.on('pageerror', (e) => errors.push(`guest: ${e.message}`));

  // shoot checks the studio's screen for horizontal overflow and photographs it at 1440 and 390 px.
  const shoot = async (name) => {
    for (const width of [390, 768, 1440]) {
      await studio.setViewportSize({ width, height: 900 });
      await studio.waitForTimeout(150);
      const overflow = await studio.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${name} at ${width} px is ${overflow} px wider than the screen`);
      if (width !== 768) {
        const path = join(OUTPUT, `studio-orders-${name}-${width}.png`);
        await studio.screenshot({ path, fullPage: true });
        t.diagnostic(`screenshot: ${path}`);
      }
    }
    await studio.setViewportSize({ width: 1440, height: 900 });
  };

  // The photographer signs in by the code e-mailed, and opens the orders.
  await studio.goto(`${base}/studio/commandes`);
  await studio.getByRole('heading', { name: 'Connexion au studio' }).waitFor(WAIT);
  await studio.getByLabel('Adresse e-mail').fill('studio@example.com');
  await studio.getByRole('button', { name: 'Recevoir un code' }).click();
  const codeMail = await waitForMail(outbox, (m) => /studio\s*:\s*\d{6}/.test(m.text), 'studio code');
  await studio.getByLabel('Code reçu par e-mail').fill(/studio\s*:\s*(\d{6})/.exec(codeMail.text)[1]);
  await studio.getByRole('button', { name: 'Se connecter' }).click();
  // Signed in, the studio goes back to the screen asked for; the header's link leads there too.
  await studio.getByRole('link', { name: 'Commandes' }).click(WAIT);
  await studio.getByRole('heading', { name: 'Commandes', exact: true }).waitFor(WAIT);
  await studio.getByText(/^\d+ commandes? · payé/).waitFor(WAIT);
  const countBefore = Number(/^(\d+)/.exec(await studio.getByText(/^\d+ commandes? · payé/).textContent())[1]);

  // A guest orders two prints delivered at home (the steps of gallery.test.mjs's checkout).
  const buyerEmail = 'commande.studio.e2e@example.com';
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      query: `{ gallery(url: "gala-2026") { prices { categories { id section } formats { id name kind } } photos(first: 6) { edges { node { id width height } } } } }`,
    }),
  });
  const g = (await res.json()).data.gallery;
  const prints = g.prices.categories.find((c) => c.section === 'prints').id;
  const print10x15 = g.prices.formats.find((f) => f.kind === 'print' && f.name === '10 x 15');
  const landscape = g.photos.edges.map((e) => e.node).filter((p) => p.width > p.height);
  for (const photo of landscape.slice(0, 2)) {
    await guest.goto(`${base}/gala-2026/photos/${photo.id}/${prints}?format=${print10x15.id}`);
    await guest.getByRole('button', { name: 'Ajouter au panier' }).click();
    await guest.getByText('Ajouté à votre panier.').first().waitFor(WAIT);
  }
  await guest.goto(`${base}/gala-2026/cart`);
  await guest.getByRole('link', { name: 'Valider mon panier' }).click();
  await guest.getByRole('heading', { name: 'Adresse et livraison' }).waitFor(WAIT);
  await guest.getByRole('radio', { name: 'Madame' }).check();
  await guest.getByRole('textbox', { name: 'Prénom' }).fill('Claire');
  await guest.getByRole('textbox', { name: 'Nom ou société' }).fill('Dubois');
  await guest.getByRole('textbox', { name: 'Adresse', exact: true }).fill('Rue de la Loi 16');
  await guest.getByRole('textbox', { name: 'Code postal' }).fill('1000');
  await guest.getByRole('textbox', { name: 'Ville' }).fill('Bruxelles');
  await guest.getByRole('combobox', { name: 'Pays' }).selectOption('BE');
  await guest.getByRole('textbox', { name: 'Téléphone' }).fill('0470 12 34 56');
  const home = guest.getByRole('radio', { name: /Livraison à domicile/ });
  if (await home.count()) await home.check();
  const seen = new Set((await mails(outbox)).map((m) => m.name));
  await guest.getByRole('button', { name: 'Continuer' }).click();
  const dialog = guest.getByRole('dialog', { name: 'Confirmez votre adresse email' });
  await dialog.waitFor(WAIT);
  await dialog.getByRole('textbox', { name: 'Adresse email' }).fill(buyerEmail);
  await dialog.getByRole('button', { name: 'Recevoir un code' }).click();
  const otp = await waitForMail(outbox, (m) => !seen.has(m.name) && m.to.includes(buyerEmail) && /\d{6}/.test(m.subject + m.text), 'confirmation code');
  await dialog.getByRole('textbox', { name: 'Code de confirmation' }).fill((/(?:^|\D)(\d{6})(?:\D|$)/.exec(otp.subject) ?? /(?:^|\D)(\d{6})(?:\D|$)/.exec(otp.text))[1]);
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await dialog.waitFor({ state: 'detached', ...WAIT });
  await guest.getByRole('heading', { name: 'Validation de ma commande' }).waitFor(WAIT);
  await guest.getByRole('checkbox', { name: 'J’accepte les conditions générales de vente' }).check();
  await guest.getByRole('checkbox', { name: 'Je comprends que le photographe peut retoucher les photos avant impression' }).check();
  await guest.getByRole('radio', { name: /Carte bancaire/ }).check();
  await guest.getByRole('button', { name: 'Payer' }).click();
  await guest.waitForURL((url) => url.pathname.startsWith('/pay/test/'), WAIT);

  // Placed: the studio's open list shows it with its notice, without a reload.
  const notice = studio.getByText(/Nouvelle commande n° \d+/).first();
  await notice.waitFor(WAIT);
  const number = /n° (\d+)/.exec(await notice.textContent())[1];
  const row = studio.getByRole('listitem').filter({ has: studio.getByRole('link', { name: `Commande n° ${number}` }) });
  await row.waitFor(WAIT);
  await row.getByText('En attente de paiement').waitFor(WAIT);

  // Paid at the test provider: the row turns paid, still without a reload.
  await guest.getByRole('button', { name: 'Payer (paiement accepté)' }).click();
  await guest.getByRole('heading', { name: 'Commande confirmée' }).waitFor(WAIT);
  assert.match(await guest.getByText(/Votre commande n° \d+ est confirmée\./).textContent(), new RegExp(`n° ${number} `));
  await row.getByText('Payée').waitFor(WAIT);
  await studio.getByText(new RegExp(`^${countBefore + 1} commandes? · payé`)).waitFor(WAIT);
  // The search finds it by the buyer's name.
  await studio.getByLabel('Rechercher (n°, nom, e-mail)').fill('dubois');
  await studio.getByText('1 commande · payé', { exact: false }).waitFor(WAIT);
  await shoot('list');

  // The order's page: its lines with the photos, the address, the money.
  await row.getByRole('link', { name: `Commande n° ${number}` }).click();
  await studio.getByRole('heading', { name: `Commande n° ${number}` }).waitFor(WAIT);
  await studio.getByText('Rue de la Loi 16').first().waitFor(WAIT);
  assert.equal(await studio.locator('main ul li img').count(), 2, 'a thumbnail per print line');
  const totalText = await studio.locator('dl div').filter({ has: studio.getByText('Total payé', { exact: true }) }).locator('dd').textContent();
  const total = cents(totalText);

  // In production (issue 24): a double click moves it once; another tab of
  // the studio on the order sees it live, and the history dates the step.
  const watcher = await studio.context().newPage();
  await watcher.goto(studio.url());
  await watcher.getByTestId('order-status').filter({ hasText: 'Payée' }).waitFor(WAIT);
  await studio.getByRole('button', { name: 'Mettre en production' }).dblclick();
  await studio.getByTestId('order-status').filter({ hasText: 'En production' }).waitFor(WAIT);
  await watcher.getByTestId('order-status').filter({ hasText: 'En production' }).waitFor(WAIT);
  await watcher.getByText(/— Mise en production$/).waitFor(WAIT);
  assert.equal(await studio.getByText(/— Mise en production$/).count(), 1, 'one dated step');
  assert.equal(await studio.getByRole('button', { name: 'Mettre en production' }).count(), 0, 'hidden once done');
  assert.equal(await studio.getByRole('alert').count(), 0, 'no error from the second click');
  await watcher.close();
  await guest.reload();
  await guest.getByText('En production : vos tirages sont en cours de fabrication.').waitFor(WAIT);

  // Sent with a tracking number: the guest's shipping e-mail carries it.
  await studio.getByLabel('Numéro de suivi (facultatif)').fill('BE123456789FR');
  await studio.getByRole('button', { name: 'Marquer comme expédiée' }).click();
  await studio.getByTestId('order-status').filter({ hasText: 'Expédiée' }).waitFor(WAIT);
  await studio.getByText('Expédiée (suivi BE123456789FR)').waitFor(WAIT);
  const shipped = await waitForMail(outbox, (m) => m.to.includes(buyerEmail) && m.subject.includes(`Votre commande n° ${number} a été expédiée`), 'shipping e-mail');
  assert.match(shipped.text, /Numéro de suivi : BE123456789FR/);

  // Half refunded, after a confirmation; a bad amount is refused in French first.
  await studio.getByLabel('Montant à rembourser (vide : tout ce qui reste)').fill('douze');
  await studio.getByRole('button', { name: 'Rembourser' }).click();
  await studio.getByText('Saisissez un montant en euros, par exemple 12,50.').waitFor(WAIT);
  const half = Math.floor(total / 2);
  const halfText = `${Math.floor(half / 100)},${String(half % 100).padStart(2, '0')}`;
  await studio.getByLabel('Montant à rembourser (vide : tout ce qui reste)').fill(halfText);
  await studio.getByRole('button', { name: 'Rembourser' }).click();
  const confirm = studio.getByRole('dialog');
  await confirm.getByText(/Rembourser .* au client par son moyen de paiement/).waitFor(WAIT);
  // A double click on the confirmation refunds once.
  await confirm.getByRole('button', { name: 'Confirmer' }).dblclick();
  const refund = studio.getByTestId('refund');
  await refund.filter({ hasText: 'effectué' }).waitFor({ timeout: 60_000 });
  assert.equal(await refund.count(), 1, 'one refund');
  assert.equal(cents(await refund.textContent()), half);
  const refunded = await studio.locator('dl div').filter({ has: studio.getByText('Remboursé', { exact: true }) }).locator('dd').textContent();
  assert.equal(cents(refunded), half);
  await studio.getByTestId('order-status').filter({ hasText: 'Expédiée' }).waitFor(WAIT);
  await waitForMail(outbox, (m) => m.to.includes(buyerEmail) && m.subject.includes(`Remboursement de votre commande n° ${number}`), 'refund e-mail');

  // The print lab's sheet: prepared in the background with its progress, then a ZIP of
  // the two 10 x 15 prints at 300 dpi (1772 x 1181 pixels) and the packing list.
  // Its progress comes over the order's subscription, not by asking again and again.
  let asked = 0;
  const count = (req) => {
    if (new URL(req.url()).pathname === '/graphql') asked++;
  };
  studio.on('request', count);
  await studio.getByRole('button', { name: 'Préparer la planche du labo' }).click();
  const sheetLink = studio.getByRole('link', { name: /Télécharger le ZIP \(2 fichier\(s\)/ });
  await sheetLink.waitFor({ timeout: 120_000 });
  studio.off('request', count);
  assert.ok(asked <= 2, `${asked} GraphQL requests while the sheet was prepared (the mutation and one refetch)`);
  const href = await sheetLink.getAttribute('href');
  assert.match(href, /^\/media\/printsheets\/prs_[0-9a-z]+\/[^/]+\.zip$/);
  const zipRes = await studio.request.get(`${base}${href}`);
  assert.equal(zipRes.status(), 200);
  assert.equal(zipRes.headers()['content-type'], 'application/zip');
  const entries = zipEntries(await zipRes.body());
  assert.deepEqual(
    entries.map((e) => e.name),
    [`${number}_L01_10x15_x1.jpg`, `${number}_L02_10x15_x1.jpg`, 'packing-list.csv'],
  );
  for (const e of entries.slice(0, 2)) assert.deepEqual(jpegInfo(e.data), { width: 1772, height: 1181, dpi: 300 }, e.name);
  const list = entries[2].data.toString('utf8');
  assert.ok(list.startsWith('\uFEFFFichier;Commande;Ligne;Format;'), list);
  assert.match(list, new RegExp(`${number}_L01_10x15_x1\\.jpg;${number};1;10 x 15;`));
  // Nobody else gets it: not the guest, not without the studio's session.
  assert.notEqual((await guest.request.get(`${base}${href}`)).status(), 200, 'the guest is refused');
  assert.notEqual((await fetch(`${base}${href}`, { redirect: 'manual' })).status, 200, 'a stranger is refused');

  // The e-mails sent about the order, on its page, as they leave (no reload).
  const sentMails = studio.getByTestId('order-emails');
  await sentMails.getByText('Expédition', { exact: true }).waitFor(WAIT);
  await sentMails.getByText('Remboursement', { exact: true }).waitFor(WAIT);
  await sentMails.getByText('Confirmation', { exact: true }).waitFor(WAIT);
  await shoot('order');

  assert.deepEqual(errors, [], 'no uncaught errors in the pages');
});
