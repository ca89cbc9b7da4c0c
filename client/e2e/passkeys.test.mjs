// Passkeys and API tokens in the studio (issue 23, sign-in part), in Debian's
// Chromium with its virtual authenticator (CDP WebAuthn domain: ctap2,
// internal transport, resident keys, user verification) against the real
// binary: sign in with the code e-mailed to the outbox, register a passkey in
// « Réglages du compte », sign out, sign in with the passkey (bound to the
// browser by its passkey_login cookie, cleared afterwards); create an API
// token (shown once), use it with fetch on /graphql, revoke it and see it
// refused. The account page is photographed at 1440 and 390 px into
// e2e/output/.
// The server's PUBLIC_URL is http://localhost:PORT: a relying party ID must
// be a host name, never an IP address.
// Run with `make build && cd client && GALLERY_BIN=$PWD/../bin/gallery node --test e2e/passkeys.test.mjs`.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { GALLERY_BIN, freePort, run, seedDemo, stop, waitForHealth } from './server.mjs';

const OUTPUT = join(dirname(fileURLToPath(import.meta.url)), 'output');
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

/** startOnLocalhost seeds the demo into a fresh DATA_DIR and serves it with PUBLIC_URL http://localhost:PORT. */
async function startOnLocalhost(t) {
  const dataDir = await mkdtemp(join(tmpdir(), 'gallery-e2e-passkeys-'));
  const closers = [];
  let server;
  t.after(async () => {
    for (const close of closers.reverse()) await Promise.resolve().then(close).catch(() => undefined);
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
  });
  await seedDemo(dataDir);
  const port = await freePort();
  const base = `http://localhost:${port}`;
  server = run(['serve'], { DATA_DIR: dataDir, ADDR: `127.0.0.1:${port}`, PUBLIC_URL: base });
  await waitForHealth(`http://127.0.0.1:${port}`, server);
  return { base, dataDir, closeFirst: (close) => closers.push(close) };
}

/** viewerWith asks /graphql who the bearer of token is: the HTTP status and the answer. */
async function viewerWith(base, token) {
  const res = await fetch(`${base.replace('localhost', '127.0.0.1')}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ viewerPhotographer { email } }' }),
  });
  return { status: res.status, body: await res.json() };
}

test('issue 23: passkeys and API tokens in the studio — register, sign in with the passkey, a token used then revoked', { timeout: 600_000 }, async (t) => {
  if (!GALLERY_BIN) {
    t.skip('GALLERY_BIN is not set: build the server (make build) and set GALLERY_BIN to the absolute path of the binary');
    return;
  }
  const { base, dataDir, closeFirst } = await startOnLocalhost(t);
  await mkdir(OUTPUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  closeFirst(() => browser.close());
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => void d.accept());

  // Chromium's virtual authenticator: a platform authenticator that keeps
  // discoverable credentials and verifies the user without asking.
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  // Sign in by the e-mailed code.
  await page.goto(`${base}/studio/connexion`);
  await page.getByRole('heading', { name: 'Connexion au studio' }).waitFor(WAIT);
  await page.getByRole('button', { name: 'Se connecter avec une clé d’accès' }).waitFor(WAIT);
  await page.getByLabel('Adresse e-mail').fill('studio@example.com');
  await page.getByRole('button', { name: 'Recevoir un code' }).click();
  await page.getByLabel('Code reçu par e-mail').waitFor(WAIT);
  await page.getByLabel('Code reçu par e-mail').fill(await studioCode(dataDir, 1));
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await page.getByRole('heading', { name: 'Vos galeries' }).waitFor(WAIT);

  // « Réglages du compte »: a passkey, refused without a name, then registered.
  await page.goto(`${base}/studio/compte`);
  await page.getByRole('heading', { name: 'Clés d’accès' }).waitFor(WAIT);
  await page.getByText('Aucune clé d’accès enregistrée.').waitFor(WAIT);
  await page.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
  await page.getByText('Donnez un nom à cette clé d’accès.').waitFor(WAIT);
  await page.getByLabel('Nom de la clé d’accès').fill('Chromium de test');
  await page.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
  await page.getByText('La clé d’accès « Chromium de test » est enregistrée.').waitFor(WAIT);
  const row = page.locator('li[data-passkey="Chromium de test"]');
  await row.waitFor(WAIT);
  assert.match((await row.textContent()) ?? '', /dernière utilisation : jamais/);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  assert.equal(credentials.length, 1, 'one credential in the authenticator');
  assert.equal(credentials[0].isResidentCredential, true, 'a discoverable credential');
  assert.equal(credentials[0].rpId, 'localhost');

  // An API token: shown once, listed by its prefix only.
  await page.getByLabel('Nom du jeton').fill('Script de sauvegarde');
  await page.getByRole('button', { name: 'Créer un jeton' }).click();
  const secret = (await page.getByTestId('new-token').textContent(WAIT))?.trim() ?? '';
  assert.match(secret, /^glt_[a-z0-9]{40}$/i, `token ${secret}`);
  const tokenRow = page.locator('li[data-token="Script de sauvegarde"]');
  await tokenRow.waitFor(WAIT);
  const listed = (await tokenRow.textContent()) ?? '';
  assert.ok(listed.includes(`${secret.slice(0, 12)}…`), `prefix listed: ${listed}`);
  assert.ok(!listed.includes(secret), 'the whole token is not in the list');
  await page.getByRole('button', { name: 'Copier' }).waitFor(WAIT);

  // Screenshots of the account page.
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(100);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the account page at ${width} px is ${overflow} px wider than the screen`);
    await page.screenshot({ path: join(OUTPUT, `studio-account-security-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // The token works on /graphql, as the photographer.
  let answer = await viewerWith(base, secret);
  assert.equal(answer.status, 200);
  assert.equal(answer.body.data?.viewerPhotographer?.email, 'studio@example.com');

  // Sign out, then sign in with the passkey. The authenticator holds its
  // answer (no user presence) until the button is pressed: the sign-in page's
  // autofill request (conditional mediation) waits meanwhile.
  await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: false });
  await page.getByRole('button', { name: 'Se déconnecter', exact: true }).click();
  await page.getByRole('heading', { name: 'Connexion au studio' }).waitFor(WAIT);
  await page.waitForTimeout(500);
  assert.match(page.url(), /\/studio\/connexion$/, 'signed out');
  // The waiting sign-in is bound to this browser: an HttpOnly, strict
  // passkey_login cookie sent to /graphql only.
  const loginCookie = async () => (await context.cookies(`${base}/graphql`)).find((c) => c.name === 'passkey_login');
  for (let i = 0; i < 100 && !(await loginCookie()); i++) await page.waitForTimeout(100);
  const pending = await loginCookie();
  assert.ok(pending?.httpOnly && pending.sameSite === 'Strict' && pending.path === '/graphql', `passkey_login: ${JSON.stringify(pending)}`);
  await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: true });
  await page.getByRole('button', { name: 'Se connecter avec une clé d’accès' }).click();
  await page.getByRole('heading', { name: 'Vos galeries' }).waitFor(WAIT);
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  assert.ok(after.credentials[0].signCount > credentials[0].signCount, 'the passkey signed');
  assert.equal(await loginCookie(), undefined, 'passkey_login cleared once the sign-in is finished');

  // The passkey was used; the account page shows it.
  await page.goto(`${base}/studio/compte`);
  await row.waitFor(WAIT);
  assert.doesNotMatch((await row.textContent()) ?? '', /dernière utilisation : jamais/);

  // Revoke the token: /graphql refuses it.
  await tokenRow.getByRole('button', { name: 'Révoquer' }).click();
  await tokenRow.getByText('révoqué le', { exact: false }).waitFor(WAIT);
  answer = await viewerWith(base, secret);
  assert.equal(answer.status, 401);
  assert.equal(answer.body.code, 'revoked_token');

  // Removing the passkey.
  await row.getByRole('button', { name: 'Supprimer' }).click();
  await page.getByText('Aucune clé d’accès enregistrée.').waitFor(WAIT);

  assert.deepEqual(errors, []);
});
