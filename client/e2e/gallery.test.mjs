// End-to-end journey through the real server and the Debian Chromium.
// Run with `GALLERY_BIN=/abs/path/to/gallery npm run e2e` (make test-e2e does it).
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { GALLERY_BIN, freePort, run, stop, waitForHealth } from './server.mjs';


/** decodeQuotedPrintable undoes a quoted-printable body (soft line breaks, =XX bytes in UTF-8). */
function decodeQuotedPrintable(text) {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** decodeHeader undoes RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
function decodeHeader(value) {
  return value.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, charset, kind, data) =>
    kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

/**
 * readMail parses an .eml file into its headers (lower-cased names, unfolded,
 * decoded) and decoded text: of a multipart message (the server sends text
 * then HTML), its text/plain part; `html` is the text/html part, if any.
 */
function readMail(raw) {
  const { headers, body } = readPart(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] || '');
  if (!/^multipart\//i.test(headers['content-type'] || '') || !boundary) return { headers, body, html: '' };
  const parts = body.split(`--${boundary[1]}`).slice(1, -1).map((p) => readPart(p.replace(/^\r?\n/, '')));
  const text = parts.find((p) => /^text\/plain/i.test(p.headers['content-type'] || ''));
  const html = parts.find((p) => /^text\/html/i.test(p.headers['content-type'] || ''));
  return { headers, body: text ? text.body : '', html: html ? html.body : '' };
}

/** readPart splits a message or MIME part into its headers and its decoded body. */
function readPart(raw) {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  let body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeHeader(line.slice(colon + 1).trim());
  }
  const encoding = (headers['content-transfer-encoding'] || '').toLowerCase();
  if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body);
  else if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { headers, body };
}

/**
 * waitForOneTimeCode polls the server's outbox ($DATA_DIR/outbox/*.eml) for a
 * confirmation code sent to `to` in a file not in `skip`, and returns its six digits.
 */
async function waitForOneTimeCode(outbox, to, skip, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = (await readdir(outbox).catch(() => [])).filter((n) => n.endsWith('.eml') && !skip.has(n)).sort();
    for (const name of names.reverse()) {
      const { headers, body } = readMail(await readFile(join(outbox, name), 'utf8'));
      if (!(headers.to || '').toLowerCase().includes(to.toLowerCase())) continue;
      const subject = /^Votre code de confirmation\s*:\s*(\d{6})\s*$/.exec(headers.subject || '');
      const inText = /(?:^|\D)(\d{6})(?:\D|$)/.exec(body);
      assert.ok(inText, `the confirmation e-mail ${name} has the six digits in its text:\n${body}`);
      if (subject) assert.equal(subject[1], inText[1], 'subject and text carry the same code');
      return (subject ?? inText)[1];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no confirmation e-mail to ${to} in ${outbox} within ${timeoutMs} ms`);
}

async function outboxFiles(outbox) {
  return new Set(await readdir(outbox).catch(() => []));
}

test('visitor browses a public gallery, opens a photo, enters a protected one and meets an unknown gallery', { timeout: 420_000 }, async (t) => {
  if (!GALLERY_BIN) {
    t.skip('GALLERY_BIN is not set: build the server (make build-go) and set GALLERY_BIN to the absolute path of the binary');
    return;
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'gallery-e2e-data-'));
  const profileDir = await mkdtemp(join(tmpdir(), 'gallery-e2e-chromium-'));
  let server;
  let context;
  t.after(async () => {
    await context?.close().catch(() => undefined);
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
    await rm(profileDir, { recursive: true, force: true });
  });

  const seed = run(['seed-demo'], { DATA_DIR: dataDir });
  const seeded = await seed.exited;
  assert.equal(seeded.code, 0, `seed-demo failed:\n${seed.output}`);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = run(['serve'], { DATA_DIR: dataDir, ADDR: `127.0.0.1:${port}`, PUBLIC_URL: base });
  await waitForHealth(base, server);

  // The event name as the API gives it.
  const api = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: 'query { gallery(url: "gala-2026") { eventName } }' }),
  });
  const eventName = (await api.json()).data?.gallery?.eventName;
  assert.ok(eventName, 'the API names the gala-2026 gallery');

  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
    locale: 'fr-FR',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));

  await t.test('gallery home shows the event and its photos', async () => {
    await page.goto(`${base}/gala-2026`);
    await page.getByRole('heading', { level: 1, name: eventName }).waitFor({ state: 'visible', timeout: 20_000 });
    await page.locator('#photos').scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () => [...document.querySelectorAll('#photos ul img')].filter((img) => img.complete && img.naturalWidth > 0).length >= 10,
      null,
      { timeout: 30_000 },
    );
    const loaded = await page.$$eval('#photos ul img', (imgs) => imgs.filter((img) => img.naturalWidth > 0).length);
    assert.ok(loaded >= 10, `at least 10 thumbnails loaded, got ${loaded}`);
  });

  await t.test('a photo opens in the viewer and the arrow key moves on', async () => {
    const first = page.locator('#photos ul li a').first();
    const href = await first.getAttribute('href');
    assert.match(href, /^\/gala-2026\/photos\/.+/);
    await first.click();
    await page.waitForURL((url) => url.pathname === href);
    const viewer = page.getByRole('dialog');
    await viewer.waitFor({ state: 'visible' });
    const image = viewer.locator('img[data-photo-id]');
    await image.waitFor({ state: 'visible' });
    const firstId = await image.getAttribute('data-photo-id');
    assert.equal(`/gala-2026/photos/${firstId}`, href);

    await page.keyboard.press('ArrowRight');
    await page.waitForURL((url) => url.pathname.startsWith('/gala-2026/photos/') && url.pathname !== href);
    await page.waitForFunction((id) => {
      const img = document.querySelector('[role="dialog"] img[data-photo-id]');
      return img && img.getAttribute('data-photo-id') !== id && img.complete && img.naturalWidth > 0;
    }, firstId);

    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/gala-2026');
    await page.locator('#photos').waitFor({ state: 'visible' });
  });

  // The header's secondary actions are in its « Menu » (opened here if closed).
  const inMenu = async (name) => {
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
    return page.getByRole('button', { name, exact: true });
  };
  const photosLoaded = (min) =>
    page.waitForFunction((n) => [...document.querySelectorAll('#photos ul img')].filter((img) => img.complete && img.naturalWidth > 0).length >= n, min, {
      timeout: 30_000,
    });
  const accessScreen = async () => {
    await page.waitForURL((url) => url.pathname === '/julie-et-thomas/authentication/accessCode', { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Galerie protégée' }).waitFor({ state: 'visible' });
    assert.equal(await page.locator('#photos').count(), 0, 'no photo on the access screen');
  };

  // Error toasts (data-type="error") would mean a refetch failed along the way.
  const noErrorToast = async (when) => {
    await page.waitForTimeout(300);
    const toasts = await page.locator('[data-type="error"]').allTextContents();
    assert.deepEqual(toasts, [], `no error toast ${when}`);
  };

  await t.test('a protected gallery sends the visitor to its access screen and shows no photo', async () => {
    await page.goto(`${base}/julie-et-thomas`);
    await accessScreen();
    await page.getByRole('heading', { level: 1, name: 'Mariage de Julie & Thomas' }).waitFor({ state: 'visible' });
    const submit = page.getByRole('button', { name: 'Accéder à la galerie' });
    assert.equal(await submit.isDisabled(), true, 'no code, no submit');
    await page.getByRole('textbox', { name: 'Code d’accès' }).fill('AB');
    assert.equal(await submit.isDisabled(), true, 'an incomplete code cannot be sent');
  });

  await t.test('a wrong code is refused in French', async () => {
    await page.getByRole('textbox', { name: 'Code d’accès' }).fill('FAUX-0000');
    await page.getByRole('button', { name: 'Accéder à la galerie' }).click();
    await page.getByRole('alert').filter({ hasText: 'Le code saisi est incorrect.' }).waitFor({ state: 'visible' });
    assert.equal(new URL(page.url()).pathname, '/julie-et-thomas/authentication/accessCode');
  });

  const visitorEmail = 'invite.e2e@example.com';
  await t.test('the visitor code then a confirmed e-mail open the gallery', async () => {
    await page.getByRole('textbox', { name: 'Code d’accès' }).fill('INVITE-3M8P');
    await page.getByRole('button', { name: 'Accéder à la galerie' }).click();
    await page.waitForURL((url) => url.pathname === '/julie-et-thomas', { timeout: 20_000 });

    const dialog = page.getByRole('dialog', { name: 'Confirmez votre adresse email' });
    await dialog.waitFor({ state: 'visible' });
    assert.equal(await page.locator('#photos').count(), 0, 'no photo before the e-mail is confirmed');
    const outbox = join(dataDir, 'outbox');
    const before = await outboxFiles(outbox);
    await dialog.getByRole('textbox', { name: 'Adresse email' }).fill(visitorEmail);
    await dialog.getByRole('button', { name: 'Recevoir un code' }).click();
    const codeField = dialog.getByRole('textbox', { name: 'Code de confirmation' });
    await codeField.waitFor({ state: 'visible' });
    assert.equal(await codeField.getAttribute('inputmode'), 'numeric');
    assert.equal(await codeField.getAttribute('autocomplete'), 'one-time-code');

    const code = await waitForOneTimeCode(outbox, visitorEmail, before);
    await codeField.fill(code);
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });

    // The welcome popup of a gallery with clients, visitor message, first steps.
    const welcome = page.getByRole('dialog', { name: 'Bienvenue' });
    await welcome.waitFor({ state: 'visible', timeout: 20_000 });
    await welcome.getByText('Bienvenue dans la galerie du mariage de Julie et Thomas', { exact: false }).waitFor({ state: 'visible' });
    await welcome.getByRole('heading', { name: 'Premiers pas' }).waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await welcome.waitFor({ state: 'detached' });

    await page.locator('#photos').scrollIntoViewIfNeeded();
    await photosLoaded(5);
    await noErrorToast('once the gallery is open');
  });

  await t.test('the privileged-client dialog refuses a visitor code and accepts the client code', async () => {
    await (await inMenu('Vous êtes client ?')).click();
    const dialog = page.getByRole('dialog', { name: 'Accès client privilégié' });
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByRole('textbox', { name: 'Code client' }).fill('INVITE-3M8P');
    await dialog.getByRole('button', { name: 'Valider mon code client' }).click();
    await dialog.getByRole('alert').filter({ hasText: "Le code saisi n'est pas un code client privilégié" }).waitFor({ state: 'visible' });
    await dialog.getByRole('textbox', { name: 'Code client' }).fill('CLIENT-7K4Q');
    await dialog.getByRole('button', { name: 'Valider mon code client' }).click();
    const done = page.getByRole('dialog', { name: 'Bienvenue !' });
    await done.waitFor({ state: 'visible', timeout: 20_000 });
    await done.getByRole('button', { name: 'Continuer' }).click();
    await done.waitFor({ state: 'detached' });
    assert.equal(await (await inMenu('Vous êtes client ?')).count(), 0, 'a client is not offered the client dialog');
  });

  await t.test('a reload stays in, without the welcome popup again', async () => {
    await page.reload();
    await page.locator('#photos').waitFor({ state: 'visible', timeout: 20_000 });
    await page.locator('#photos').scrollIntoViewIfNeeded();
    await photosLoaded(5);
    assert.equal(new URL(page.url()).pathname, '/julie-et-thomas');
    assert.equal(await page.getByRole('dialog').count(), 0, 'the welcome popup is shown once');
  });

  await t.test('a client adds a photo to the album from the photo view, and the counter follows', async () => {
    await (await inMenu('Album (0 / 40)')).waitFor({ state: 'visible', timeout: 20_000 });
    await page.keyboard.press('Escape');
    await page.locator('#photos ul li a').first().click();
    const viewer = page.getByRole('dialog', { name: 'Visionneuse de photos' });
    await viewer.locator('img[data-photo-id]').waitFor({ state: 'visible' });
    const toggle = viewer.getByRole('button', { name: 'Ajouter à l’album' });
    await toggle.click();
    await page.waitForFunction(() => document.querySelector('[role="dialog"] button[aria-pressed="true"][title="Retirer de l’album"]'), null, { timeout: 20_000 });
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/julie-et-thomas');
    await (await inMenu('Album (1 / 40)')).click();
    const panel = page.getByRole('dialog', { name: 'Votre album' });
    await panel.getByText('1 / 40 photos').waitFor({ state: 'visible' });
    await panel.locator('li[data-photo-id] img').waitFor({ state: 'visible', timeout: 20_000 });
    await panel.getByRole('button', { name: 'Retirer de l’album' }).click();
    await panel.getByText('0 / 40 photos').waitFor({ state: 'visible', timeout: 20_000 });
    await panel.getByRole('button', { name: 'Fermer' }).click();
    await (await inMenu('Album (0 / 40)')).waitFor({ state: 'visible' });
    await noErrorToast('while building the album');
  });

  await t.test('logging out puts the visitor out again', async () => {
    await (await inMenu('Se déconnecter')).click();
    await accessScreen();
    await noErrorToast('after logging out');
    await page.goto(`${base}/julie-et-thomas`);
    await accessScreen();
  });

  // A preview link, as the photographer gets it: an API token from the binary, then createPreviewLink.
  const graphql = async (query, variables, headers = {}) => {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    });
    const body = await res.json();
    assert.equal(body.errors, undefined, `${query}: ${JSON.stringify(body.errors)}`);
    return body.data;
  };

  await t.test('a preview link opens the protected gallery without a code, with its own colours; a bad hash does not', async () => {
    const tokenCmd = run(['photographer', 'token', '--email', 'studio@example.com', '--name', 'e2e preview'], { DATA_DIR: dataDir });
    const made = await tokenCmd.exited;
    assert.equal(made.code, 0, `photographer token failed:\n${tokenCmd.output}`);
    const token = /^glt_\S+$/m.exec(tokenCmd.stdoutText)?.[0];
    assert.ok(token, `the token is printed on stdout:\n${tokenCmd.stdoutText}`);

    const { gallery } = await graphql('query { gallery(url: "julie-et-thomas") { id } }');
    const { createPreviewLink: link } = await graphql(
      'mutation Preview($input: CreatePreviewLinkInput!) { createPreviewLink(input: $input) { previewHash url userErrors { code message } } }',
      { input: { galleryId: gallery.id } },
      { Authorization: `Bearer ${token}` },
    );
    assert.deepEqual(link.userErrors, []);
    assert.ok(link.previewHash, 'createPreviewLink gives a hash');
    const address = new URL(link.url);
    assert.equal(address.pathname, '/julie-et-thomas/preview');
    assert.equal(address.searchParams.get('previewHash'), link.previewHash);

    // A browser of its own: no cookie, no cached thumbnail, no hash kept from before.
    const previewProfile = await mkdtemp(join(tmpdir(), 'gallery-e2e-preview-'));
    const previewContext = await chromium.launchPersistentContext(previewProfile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 900 },
      locale: 'fr-FR',
    });
    const preview = previewContext.pages()[0] ?? (await previewContext.newPage());
    preview.on('pageerror', (err) => pageErrors.push(err.message));
    try {
      const params = new URLSearchParams({ previewHash: link.previewHash, primary: '#123456', gap: 'abc', disposition: 'grid' });
      await preview.goto(`${base}/julie-et-thomas/preview?${params}`);
      await preview.getByRole('note').filter({ hasText: 'Aperçu' }).waitFor({ state: 'visible', timeout: 20_000 });
      await preview.getByRole('heading', { level: 1, name: 'Mariage de Julie & Thomas' }).waitFor({ state: 'visible' });
      assert.equal(new URL(preview.url()).pathname, '/julie-et-thomas/preview', 'no detour through the access screen');
      await preview.locator('#photos').scrollIntoViewIfNeeded();
      await preview.locator('#photos ul[data-layout="grid"] li img').nth(4).waitFor({ state: 'attached', timeout: 20_000 });
      const listed = await preview.locator('#photos ul li img[alt^="Photo "]').count();
      assert.ok(listed >= 5, `the preview lists the gallery's photos, got ${listed}`);
      assert.equal(await preview.getByRole('dialog').count(), 0, 'no e-mail step, no welcome popup in a preview');
      const style = await preview.evaluate(() => {
        const css = getComputedStyle(document.documentElement);
        return { primary: css.getPropertyValue('--color-primary').trim(), gap: css.getPropertyValue('--photos-gap').trim() };
      });
      assert.equal(style.primary, '#123456', 'the primary colour of the address');
      assert.equal(style.gap, '6px', "gap=abc is ignored: the gallery's own gap");

      // The images carry no hash: the server's preview cookie opens them.
      await preview.waitForFunction(() => [...document.querySelectorAll('#photos ul img')].some((img) => img.complete && img.naturalWidth > 0), null, {
        timeout: 20_000,
      });

      // A browser that never had a valid hash: a bad one opens nothing.
      await previewContext.clearCookies();
      await preview.goto(`${base}/julie-et-thomas/preview?previewHash=${encodeURIComponent(`${link.previewHash}x`)}&primary=%23123456`);
      await preview.waitForURL((url) => url.pathname === '/julie-et-thomas/authentication/accessCode', { timeout: 20_000 });
      await preview.getByRole('heading', { name: 'Galerie protégée' }).waitFor({ state: 'visible' });
      assert.equal(await preview.locator('#photos').count(), 0, 'a bad hash shows no photo');
    } finally {
      await previewContext.close().catch(() => undefined);
      await rm(previewProfile, { recursive: true, force: true });
    }
  });

  await t.test('an unknown gallery sends the browser to the root with notFound', async () => {
    await page.goto(`${base}/no-such-gallery`);
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('notFound') === '/no-such-gallery', { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Galerie introuvable' }).waitFor({ state: 'visible' });
  });

  // Logging out of julie-et-thomas dropped the confirmed e-mail: favourites ask for one again.
  const fanEmail = 'fan.e2e@example.com';
  const selectionName = 'Pour l’album';
  const gridHeart = (n) => page.locator('#photos ul > li').nth(n).getByRole('button', { name: 'Favori' });
  const pressedHearts = () => page.locator('#photos ul > li button[aria-pressed="true"]').count();

  await t.test('hearting a photo asks for an e-mail, then three photos go to the favourites', async () => {
    await page.goto(`${base}/gala-2026`);
    await page.locator('#photos').scrollIntoViewIfNeeded();
    await photosLoaded(10);
    assert.equal(await pressedHearts(), 0, 'no favourite yet');
    const outbox = join(dataDir, 'outbox');
    const before = await outboxFiles(outbox);
    await gridHeart(0).click();

    const dialog = page.getByRole('dialog', { name: 'Confirmez votre adresse email' });
    await dialog.waitFor({ state: 'visible', timeout: 20_000 });
    await dialog.getByRole('textbox', { name: 'Adresse email' }).fill(fanEmail);
    await dialog.getByRole('button', { name: 'Recevoir un code' }).click();
    const codeField = dialog.getByRole('textbox', { name: 'Code de confirmation' });
    await codeField.waitFor({ state: 'visible' });
    await codeField.fill(await waitForOneTimeCode(outbox, fanEmail, before));
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    const welcome = page.getByRole('dialog', { name: 'Bienvenue' });
    if (await welcome.isVisible().catch(() => false)) {
      await page.keyboard.press('Escape');
      await welcome.waitFor({ state: 'detached' });
    }

    await page.waitForFunction(() => document.querySelector('#photos ul > li:nth-child(1) button[aria-pressed="true"]'), null, { timeout: 20_000 });
    for (const n of [1, 2]) {
      await gridHeart(n).click();
      await page.waitForFunction((i) => document.querySelector(`#photos ul > li:nth-child(${i + 1}) button[aria-pressed="true"]`), n, { timeout: 20_000 });
    }
    await page.waitForTimeout(500);
    assert.equal(await pressedHearts(), 3, 'three favourites');
    await noErrorToast('after hearting three photos');
  });

  let selectionPath;
  await t.test('a new selection gets two photos from the photo view, then loses one', async () => {
    await (await inMenu('Mes sélections')).click();
    const mine = page.getByRole('dialog', { name: 'Mes sélections' });
    await mine.waitFor({ state: 'visible' });
    await mine.getByRole('link', { name: /Favoris\s*3 photos/ }).waitFor({ state: 'visible', timeout: 20_000 });
    const nameField = mine.getByRole('textbox', { name: 'Nom de la sélection' });
    await nameField.fill('x'.repeat(61));
    await mine.getByRole('button', { name: 'Créer' }).click();
    await mine.getByRole('alert').filter({ hasText: 'Le nom saisi est trop long' }).waitFor({ state: 'visible' });
    await nameField.fill(selectionName);
    await mine.getByRole('button', { name: 'Créer' }).click();
    await mine.getByRole('link', { name: new RegExp(`${selectionName}\\s*0 photo`) }).waitFor({ state: 'visible', timeout: 20_000 });
    await mine.getByRole('button', { name: 'Fermer' }).click();
    await mine.waitFor({ state: 'detached' });

    const addCurrentPhoto = async () => {
      const viewer = page.getByRole('dialog', { name: 'Visionneuse de photos' });
      await viewer.locator('img[data-photo-id]').waitFor({ state: 'visible' });
      await viewer.getByRole('button', { name: 'Ajouter à une sélection' }).click();
      const menu = page.getByRole('dialog', { name: 'Ajouter à une sélection' });
      await menu.getByRole('button', { name: new RegExp(selectionName) }).click();
      await menu.waitFor({ state: 'detached', timeout: 20_000 });
      return viewer.locator('img[data-photo-id]').getAttribute('data-photo-id');
    };
    await page.locator('#photos ul li a').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/gala-2026/photos/'));
    const first = await addCurrentPhoto();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((id) => {
      const img = document.querySelector('[role="dialog"] img[data-photo-id]');
      return img && img.getAttribute('data-photo-id') !== id;
    }, first);
    const second = await addCurrentPhoto();
    assert.notEqual(first, second);
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/gala-2026');

    await (await inMenu('Mes sélections')).click();
    await page.getByRole('dialog', { name: 'Mes sélections' }).getByRole('link', { name: new RegExp(`${selectionName}\\s*2 photos`) }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/gala-2026/selections/'));
    selectionPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 1, name: selectionName }).waitFor({ state: 'visible' });
    const cells = page.locator('li[data-photo-id]');
    await page.waitForFunction(() => document.querySelectorAll('li[data-photo-id]').length === 2, null, { timeout: 20_000 });
    await cells.filter({ has: page.locator(`a[href$="/${first}"]`) }).getByRole('button', { name: 'Retirer de la sélection' }).click();
    await page.waitForFunction(() => document.querySelectorAll('li[data-photo-id]').length === 1, null, { timeout: 20_000 });
    assert.equal(await cells.first().getAttribute('data-photo-id'), second);
    assert.equal(await page.locator('nav[aria-label="Navigation principale"]').count(), 0, 'no mobile footer on a selection');
    await noErrorToast('while building the selection');
  });

  await t.test('after a reload the favourites and the selection are the same', async () => {
    await page.reload();
    await page.getByRole('heading', { level: 1, name: selectionName }).waitFor({ state: 'visible', timeout: 20_000 });
    await page.waitForFunction(() => document.querySelectorAll('li[data-photo-id]').length === 1, null, { timeout: 20_000 });
    assert.equal(new URL(page.url()).pathname, selectionPath);

    await page.goto(`${base}/gala-2026/selections/favorites`);
    await page.getByRole('heading', { level: 1, name: 'Favoris' }).waitFor({ state: 'visible', timeout: 20_000 });
    await page.waitForFunction(() => document.querySelectorAll('li[data-photo-id]').length === 3, null, { timeout: 20_000 });

    await page.goto(`${base}/gala-2026`);
    await page.locator('#photos').scrollIntoViewIfNeeded();
    await photosLoaded(10);
    await page.waitForFunction(() => document.querySelectorAll('#photos ul > li button[aria-pressed="true"]').length === 3, null, { timeout: 20_000 });
    for (const n of [0, 1, 2]) assert.equal(await gridHeart(n).getAttribute('aria-pressed'), 'true', `photo ${n + 1} is a favourite`);

    await page.goto(`${base}/gala-2026/selections/sel_unknown`);
    await page.getByRole('heading', { name: 'Sélection introuvable' }).waitFor({ state: 'visible', timeout: 20_000 });
  });

  await t.test('sharing the gallery refuses a repeated address, then e-mails the link', async () => {
    await page.goto(`${base}/gala-2026`);
    await (await inMenu('Partager la galerie')).click();
    const dialog = page.getByRole('dialog', { name: 'Partager la galerie' });
    await dialog.getByRole('textbox', { name: 'Votre nom' }).fill('Camille');
    await dialog.getByRole('textbox', { name: 'Adresse email 1' }).fill('ami.e2e@example.com');
    await dialog.getByRole('button', { name: 'Ajouter une adresse' }).click();
    await dialog.getByRole('textbox', { name: 'Adresse email 2' }).fill('AMI.e2e@example.com');
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Cette adresse email est présente plusieurs fois' }).waitFor({ state: 'visible' });
    assert.equal(await dialog.getByRole('textbox', { name: 'Adresse email 2' }).getAttribute('aria-invalid'), 'true');

    await dialog.getByRole('button', { name: 'Retirer l’adresse 2' }).click();
    await dialog.getByRole('textbox', { name: 'Message (facultatif)' }).fill('Regarde les photos du gala !');
    const outbox = join(dataDir, 'outbox');
    const before = await outboxFiles(outbox);
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    await page.locator('[data-type="success"]').filter({ hasText: 'Le lien de la galerie a été envoyé à 1 adresse.' }).waitFor({ state: 'visible' });
    const deadline = Date.now() + 15_000;
    let mail;
    while (!mail && Date.now() < deadline) {
      for (const name of [...(await outboxFiles(outbox))].filter((n) => n.endsWith('.eml') && !before.has(n))) {
        const parsed = readMail(await readFile(join(outbox, name), 'utf8'));
        if ((parsed.headers.to || '').toLowerCase().includes('ami.e2e@example.com')) mail = parsed;
      }
      if (!mail) await new Promise((r) => setTimeout(r, 200));
    }
    assert.ok(mail, 'the link went to the address');
    assert.ok(mail.body.includes('Regarde les photos du gala !'), `the e-mail carries the message:\n${mail.body}`);
    assert.ok(mail.body.includes('/gala-2026'), `the e-mail carries the link:\n${mail.body}`);
  });

  await t.test('the contact form checks its fields, then sends the message to the photographer', async () => {
    await page.goto(`${base}/gala-2026/contact`);
    await page.getByRole('heading', { level: 1, name: 'Contacter le photographe' }).waitFor({ state: 'visible', timeout: 20_000 });
    const image = page.locator('img[data-captcha-id]');
    await image.waitFor({ state: 'visible', timeout: 20_000 });
    await page.waitForFunction(() => {
      const img = document.querySelector('img[data-captcha-id]');
      return img && img.complete && img.naturalWidth > 0;
    });
    assert.match(await page.getByRole('link', { name: 'Écouter le code (en anglais)' }).getAttribute('href'), /\/api\/captcha\/.+\.wav$/);

    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    for (const text of ['Merci de saisir votre nom', 'Merci de saisir votre adresse email', 'Merci de saisir votre message', 'Merci de recopier le code de l’image']) {
      await page.getByRole('alert').filter({ hasText: text }).waitFor({ state: 'visible' });
    }

    const firstId = await image.getAttribute('data-captcha-id');
    await page.getByRole('button', { name: 'Nouvelle image' }).click();
    await page.waitForFunction((id) => document.querySelector('img[data-captcha-id]')?.getAttribute('data-captcha-id') !== id, firstId);
    const captchaId = await image.getAttribute('data-captcha-id');

    const answerCmd = run(['captcha', 'answer', captchaId], { DATA_DIR: dataDir });
    const answered = await answerCmd.exited;
    assert.equal(answered.code, 0, `captcha answer failed:\n${answerCmd.output}`);
    const digits = /\d{6}/.exec(answerCmd.stdoutText)?.[0];
    assert.ok(digits, `the answer is printed:\n${answerCmd.stdoutText}`);

    const message = 'Bonjour, pourriez-vous m’envoyer le code de la galerie du gala ? Merci ! (e2e)';
    await page.getByRole('textbox', { name: 'Votre nom' }).fill('Camille Test');
    await page.getByRole('textbox', { name: 'Votre adresse email' }).fill('camille.e2e@example.com');
    await page.getByRole('textbox', { name: 'Votre message' }).fill(message);
    await page.getByRole('textbox', { name: 'Code de l’image' }).fill(digits);
    const outbox = join(dataDir, 'outbox');
    const before = await outboxFiles(outbox);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByRole('status').filter({ hasText: 'Votre message a bien été envoyé au photographe.' }).waitFor({ state: 'visible', timeout: 20_000 });

    const deadline = Date.now() + 15_000;
    let mail;
    while (!mail && Date.now() < deadline) {
      for (const name of [...(await outboxFiles(outbox))].filter((n) => n.endsWith('.eml') && !before.has(n))) {
        const parsed = readMail(await readFile(join(outbox, name), 'utf8'));
        if ((parsed.headers.to || '').toLowerCase().includes('studio@example.com')) mail = parsed;
      }
      if (!mail) await new Promise((r) => setTimeout(r, 200));
    }
    assert.ok(mail, 'an e-mail to the photographer is in the outbox');
    assert.ok(mail.body.includes(message), `the e-mail carries the message:\n${mail.body}`);
    assert.ok(mail.html.includes('<table') && mail.html.includes('Camille Test'), `the e-mail has its HTML part:\n${mail.html}`);
    assert.match(mail.headers['reply-to'] || '', /camille\.e2e@example\.com/);
    await noErrorToast('after sending the contact form');
  });

  await t.test('the shop: a mat print with a crop, a pack (its free HD files included), an HD file replaced by the whole gallery, the discount code and the total', async () => {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        query: `{ gallery(url: "gala-2026") { prices { categories { id section } formats { id name kind digitalQuality } }
          availablePacks { id pack } photos(first: 5) { edges { node { id width height } } } } }`,
      }),
    });
    const g = (await res.json()).data.gallery;
    const category = (section) => g.prices.categories.find((c) => c.section === section).id;
    const print10x15 = g.prices.formats.find((f) => f.kind === 'print' && f.name === '10 x 15');
    const souvenir = g.availablePacks.find((p) => p.pack === 'souvenir');
    const landscape = g.photos.edges.map((e) => e.node).filter((p) => p.width > p.height);
    assert.ok(print10x15 && souvenir && landscape.length >= 2, 'the demo shop is there');
    const added = () => page.getByText('Ajouté à votre panier.').first().waitFor({ state: 'visible', timeout: 20_000 });

    // A mat 10 x 15 print, cropped a little.
    await page.goto(`${base}/gala-2026/photos/${landscape[0].id}/${category('prints')}?format=${print10x15.id}`);
    await page.getByRole('radio', { name: 'Mat' }).check();
    await page.getByRole('checkbox', { name: 'Recadrer la photo' }).check();
    await page.getByRole('button', { name: 'Réduire le cadre' }).click();
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await added();

    // The Souvenir pack: ten prints of ten photos and five HD files.
    await page.goto(`${base}/gala-2026/packs/${souvenir.id}`);
    await page.getByRole('button', { name: 'Composer ce pack' }).click();
    await page.waitForURL((url) => url.pathname.includes('/configuration/'), { timeout: 20_000 });
    const configuration = page.url();
    const pick = async (slot, n, save) => {
      await page.getByRole('link', { name: new RegExp(`^Choisir les photos : ${slot}`) }).click();
      const picker = page.getByRole('list', { name: 'Choisir les photos' });
      await picker.locator('button[aria-pressed]').nth(n - 1).waitFor({ state: 'visible', timeout: 20_000 });
      for (let i = 0; i < n; i++) {
        await picker.locator('button[aria-pressed]').nth(i).click();
        await page.waitForFunction(
          ([i]) => document.querySelectorAll('[aria-label="Choisir les photos"] button[aria-pressed="true"]').length > i,
          [i],
        );
      }
      await page.getByRole('button', { name: save, exact: true }).click();
      await page.waitForURL((url) => url.href !== configuration || save === 'Enregistrer', { timeout: 20_000 });
      await page.waitForTimeout(300);
      await page.goto(configuration);
    };
    await pick('Tirages', 10, 'Enregistrer et personnaliser');
    // The gala gives its HD files away: the pack's five HD files are
    // « inclus », with nothing to choose (issue 20).
    const included = page.locator('li[data-included="true"]');
    await included.waitFor({ state: 'visible', timeout: 20_000 });
    assert.match(await included.innerText(), /inclus/i);
    assert.equal(await page.getByRole('link', { name: /^Choisir les photos : Fichier HD/ }).count(), 0, 'no HD files to choose');
    await page.getByRole('status').filter({ hasText: 'Votre pack est complet' }).waitFor({ state: 'visible', timeout: 20_000 });
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await page.getByText(/a été ajouté à votre panier/).first().waitFor({ state: 'visible', timeout: 20_000 });

    // The school gives the files away (issue 20): the shop sells none, its
    // free download takes their place. Five 20 x 30 prints instead.
    await page.goto(`${base}/gala-2026/products/downloads`);
    await page.getByRole('button', { name: 'Télécharger les photos' }).waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal(await page.getByRole('button', { name: /^Ajouter toute la galerie/ }).count(), 0, 'no whole-gallery download for sale');
    const print20x30 = g.prices.formats.find((f) => f.kind === 'print' && f.name === '20 x 30');
    await page.goto(`${base}/gala-2026/photos/${landscape[1].id}/${category('prints')}?format=${print20x30.id}`);
    const increase = page.getByRole('button', { name: 'Augmenter la quantité (20 x 30)' });
    for (let i = 1; i < 5; i++) await increase.click();
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await added();

    // The cart: the code is entered, the automatic 15 % is better and applies.
    await page.goto(`${base}/gala-2026/cart`);
    await page.getByRole('heading', { name: 'Mon panier' }).waitFor({ state: 'visible', timeout: 20_000 });
    await page.getByLabel('Code promo ou carte cadeau').fill('BIENVENUE10');
    await page.getByRole('button', { name: 'Appliquer' }).click();
    const emailDialog = page.getByRole('dialog', { name: 'Confirmez votre adresse email' });
    if (await emailDialog.isVisible({ timeout: 3000 }).catch(() => false)) throw new Error('the buyer confirmed an e-mail earlier in this journey');
    await page.getByText('La remise automatique de votre panier est plus avantageuse').waitFor({ state: 'visible', timeout: 20_000 });
    // No address yet: the delivery is priced at the next step, the total leaves it out (issue 20).
    const total = async () =>
      page.evaluate(() => {
        const rows = [...document.querySelectorAll('dl div')].filter((d) => d.querySelector('dt')?.textContent?.trim() === 'Total hors livraison');
        return rows[0]?.querySelector('dd')?.textContent?.replace(/\s/g, ' ');
      });
    // 2.50 (print) + 39.00 (pack) + 5 x 12.00 (20 x 30) = 101.50; automatic 15 %, rounded
    // per line: 0.38 + 5.85 + 9.00 = 15.23: 86.27 before the delivery, which comes with the address.
    await page.waitForFunction(() => [...document.querySelectorAll('dl div dd')].some((d) => d.textContent.replace(/\s/g, ' ') === '86,27 €'), null, { timeout: 20_000 });
    assert.equal(await total(), '86,27 €');
    await page.getByText('Calculée à l’étape suivante').waitFor({ state: 'visible' });
    await noErrorToast('in the cart');
  });

  await t.test('the free download: HD and chosen collections, the preparation followed live, then the ZIP', async () => {
    await page.goto(`${base}/gala-2026`);
    await page.getByRole('heading', { level: 1, name: eventName }).waitFor({ state: 'visible', timeout: 20_000 });
    const open = page.getByRole('button', { name: 'Télécharger les photos' });
    await open.waitFor({ state: 'visible', timeout: 20_000 });
    await open.scrollIntoViewIfNeeded();
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Télécharger les photos' });
    await dialog.waitFor({ state: 'visible' });

    // Every collection comes checked: keep the first two.
    const boxes = dialog.getByRole('checkbox');
    const count = await boxes.count();
    assert.ok(count >= 2, `the gala has collections to choose from (${count})`);
    for (let i = 2; i < count; i++) await boxes.nth(i).uncheck();
    for (let i = 0; i < 2; i++) assert.equal(await boxes.nth(i).isChecked(), true);
    await dialog.getByRole('radio', { name: 'Haute définition' }).check();
    await dialog.getByRole('textbox', { name: 'Adresse email' }).fill('famille.e2e@example.com');

    // The preparation may be quick: remember whether its progress bar or status ever showed,
    // and mark the page to prove it is not reloaded.
    await page.evaluate(() => {
      window.__downloadSeen = { progressbar: false, status: false };
      const look = () => {
        const d = document.querySelector('dialog[open]');
        if (!d) return;
        if (d.querySelector('[role="progressbar"]')) window.__downloadSeen.progressbar = true;
        if (/Préparation en cours|Demande enregistrée/.test(d.textContent ?? '')) window.__downloadSeen.status = true;
      };
      window.__downloadObserver = new MutationObserver(look);
      window.__downloadObserver.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await dialog.getByRole('button', { name: 'Préparer le téléchargement' }).click();

    const link = dialog.getByRole('link', { name: /^Télécharger( \(partie 1\))?$/ });
    await link.waitFor({ state: 'visible', timeout: 60_000 });
    const seen = await page.evaluate(() => {
      window.__downloadObserver.disconnect();
      return window.__downloadSeen;
    });
    assert.ok(seen, 'the page was not reloaded');
    assert.ok(seen.progressbar || seen.status, `the preparation showed before the archive was ready: ${JSON.stringify(seen)}`);
    await dialog.getByText('Le lien de téléchargement vous a aussi été envoyé par email à famille.e2e@example.com.').waitFor({ state: 'visible' });

    const href = await link.getAttribute('href');
    assert.match(href, /^\/media\/downloads\/.+\.zip$/);
    const zip = await page.request.get(`${base}${href}`);
    assert.equal(zip.status(), 200);
    assert.equal(zip.headers()['content-type'], 'application/zip');
    assert.equal((await zip.body()).subarray(0, 2).toString('latin1'), 'PK', 'the archive is a ZIP');

    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await noErrorToast('after the download');
  });

  await t.test('checkout: two prints delivered at home, paid with the test provider, confirmed with its number and mailed', async () => {
    // A new buyer: another session, another e-mail.
    await context.clearCookies();
    const buyerEmail = 'acheteur.e2e@example.com';
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        query: `{ gallery(url: "gala-2026") { prices { categories { id section } formats { id name kind } } photos(first: 6) { edges { node { id width height } } } } }`,
      }),
    });
    const g = (await res.json()).data.gallery;
    const category = (section) => g.prices.categories.find((c) => c.section === section).id;
    const print10x15 = g.prices.formats.find((f) => f.kind === 'print' && f.name === '10 x 15');
    const landscape = g.photos.edges.map((e) => e.node).filter((p) => p.width > p.height);
    const added = () => page.getByText('Ajouté à votre panier.').first().waitFor({ state: 'visible', timeout: 20_000 });

    await page.goto(`${base}/gala-2026/photos/${landscape[0].id}/${category('prints')}?format=${print10x15.id}`);
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await added();
    // The gala gives its files away (issue 20): a second print rather than an HD file.
    await page.goto(`${base}/gala-2026/photos/${landscape[1].id}/${category('prints')}?format=${print10x15.id}`);
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await added();

    // From the cart to the address step; saving it needs a confirmed e-mail.
    await page.goto(`${base}/gala-2026/cart`);
    await page.getByRole('heading', { name: 'Mon panier' }).waitFor({ state: 'visible', timeout: 20_000 });
    await page.getByRole('link', { name: 'Valider mon panier' }).click();
    await page.waitForURL((url) => url.pathname === '/gala-2026/cart/address', { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Adresse et livraison' }).waitFor({ state: 'visible', timeout: 20_000 });
    await page.getByRole('radio', { name: 'Madame' }).check();
    await page.getByRole('textbox', { name: 'Prénom' }).fill('Claire');
    await page.getByRole('textbox', { name: 'Nom ou société' }).fill('Dubois');
    await page.getByRole('textbox', { name: 'Adresse', exact: true }).fill('Rue de la Loi 16');
    await page.getByRole('textbox', { name: 'Code postal' }).fill('1000');
    await page.getByRole('textbox', { name: 'Ville' }).fill('Bruxelles');
    await page.getByRole('combobox', { name: 'Pays' }).selectOption('BE');
    await page.getByRole('textbox', { name: 'Téléphone' }).fill('0470 12 34 56');
    const home = page.getByRole('radio', { name: /Livraison à domicile/ });
    if (await home.count()) await home.check();
    const outbox = join(dataDir, 'outbox');
    const before = await outboxFiles(outbox);
    await page.getByRole('button', { name: 'Continuer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmez votre adresse email' });
    await dialog.waitFor({ state: 'visible', timeout: 20_000 });
    await dialog.getByRole('textbox', { name: 'Adresse email' }).fill(buyerEmail);
    await dialog.getByRole('button', { name: 'Recevoir un code' }).click();
    const codeField = dialog.getByRole('textbox', { name: 'Code de confirmation' });
    await codeField.waitFor({ state: 'visible' });
    await codeField.fill(await waitForOneTimeCode(outbox, buyerEmail, before));
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });

    // The review: both boxes, the card, then the test provider's page.
    await page.waitForURL((url) => url.pathname === '/gala-2026/cart/validation', { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Validation de ma commande' }).waitFor({ state: 'visible', timeout: 20_000 });
    await page.getByRole('checkbox', { name: 'J’accepte les conditions générales de vente' }).check();
    await page.getByRole('checkbox', { name: 'Je comprends que le photographe peut retoucher les photos avant impression' }).check();
    await page.getByRole('radio', { name: /Carte bancaire/ }).check();
    await page.getByRole('button', { name: 'Payer' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/pay/test/'), { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Paiement de test' }).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Payer (paiement accepté)' }).click();

    // Back in the gallery: the confirmed page with the order number.
    await page.waitForURL((url) => url.pathname === '/gala-2026/paymentReturn', { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Commande confirmée' }).waitFor({ state: 'visible', timeout: 30_000 });
    const confirmed = await page.getByText(/Votre commande n° \d+ est confirmée\./).textContent();
    const number = confirmed.match(/n° (\d+)/)[1];

    // The outbox holds the confirmation and, once the HD file is prepared, its download e-mail.
    const mails = async () => {
      const out = [];
      for (const name of [...(await outboxFiles(outbox))].filter((n) => n.endsWith('.eml') && !before.has(n))) {
        out.push(readMail(await readFile(join(outbox, name), 'utf8')));
      }
      return out;
    };
    const deadline = Date.now() + 90_000;
    let subjects;
    for (;;) {
      subjects = (await mails()).filter((m) => (m.headers.to ?? '').includes(buyerEmail)).map((m) => m.headers.subject ?? '');
      if (subjects.some((s) => s.includes(`Confirmation de votre commande n° ${number}`))) break;
      if (Date.now() > deadline) throw new Error(`missing order e-mails, got: ${JSON.stringify(subjects)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    await noErrorToast('after the order');
  });

  assert.deepEqual(pageErrors, [], 'no uncaught errors in the page');
});
