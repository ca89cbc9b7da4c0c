// A guest's whole visit through the test cluster (cluster.mjs: nginx with
// deploy/nginx.conf in front of two replicas on one PostgreSQL database and
// one private S3 bucket of SeaweedFS, weed.mjs),
// while each replica in turn is killed (SIGKILL) and started again: the
// guest signs in, favourites photos, fills a cart, pays on the test page and
// gets the download-ready notice. Nothing is lost (the favourites, the
// cart), nothing is done twice (one order, one payment in the database),
// the websocket reconnects. On the way, the bucket is what the replicas
// share: a photo uploaded (tus) through replica 1 and finished through
// replica 2 is served by both, originals and archives go out as presigned
// S3 addresses. Skipped when PostgreSQL, nginx or bin/weed is missing (CI
// has them all: make test-e2e builds bin/weed).
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { mailFiles, nginxInstalled, postgresReachable, startCluster, waitForCode } from './cluster.mjs';
import { GALLERY_BIN } from './server.mjs';
import { startWeed, weedBinary } from './weed.mjs';

const OUTPUT = join(dirname(fileURLToPath(import.meta.url)), 'output');

test('issue 25: a guest buys through nginx while the replicas are killed and restarted', { timeout: 600_000 }, async (t) => {
  if (!GALLERY_BIN) {
    t.skip('GALLERY_BIN is not set: build the server (make build) and set GALLERY_BIN to the absolute path of the binary');
    return;
  }
  if (!(await postgresReachable())) {
    t.skip('PostgreSQL is not reachable (TEST_POSTGRES_URL, psql): the cluster shares one database');
    return;
  }
  if (!(await nginxInstalled())) {
    t.skip('nginx is missing (apt-get install nginx-light)');
    return;
  }
  if (!weedBinary()) {
    t.skip('bin/weed is missing (make tools builds it): the replicas share an S3 bucket');
    return;
  }
  const started = Date.now();
  const s3 = await startWeed(t);
  const prefix = `cluster-${process.pid}-${Date.now()}/`;
  t.diagnostic(`S3 up in ${Date.now() - started} ms: ${s3.endpoint}`);
  const cluster = await startCluster(t, { name: 'cluster', blobUrl: s3.blobUrl(prefix), blobEnv: s3.env, seedArgs: ['--photos', '6'] });
  const { base, replicas } = cluster;
  const [one, two] = replicas;
  let browser;
  cluster.closeFirst(() => browser?.close());
  t.diagnostic(`cluster up in ${Date.now() - started} ms: nginx ${base}, replicas ${replicas.map((r) => r.port).join(', ')}`);

  const graphql = async (query, variables, headers = {}) => {
    const res = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) });
    const body = await res.json();
    assert.equal(body.errors, undefined, `${query}: ${JSON.stringify(body.errors)}`);
    return body.data;
  };
  // The gala sells its HD files (the demo gives them away).
  const token = /^glt_\S+$/m.exec(await cluster.cli(['photographer', 'token', '--email', 'studio@example.com', '--name', 'cluster e2e']))?.[0];
  assert.ok(token, 'a photographer token');
  const { gallery: gala } = await graphql(`{ gallery(url: "gala-2026") { id photos(first: 6) { edges { node { id } } } } }`);
  const { updateGallery } = await graphql(
    'mutation($input: UpdateGalleryInput!) { updateGallery(input: $input) { userErrors { code message } } }',
    { input: { galleryId: gala.id, settings: { downloadInformation: { freeDownload: false } } } },
    { Authorization: `Bearer ${token}` },
  );
  assert.deepEqual(updateGallery.userErrors, []);
  const photoIds = gala.photos.edges.map((e) => e.node.id);
  const studio = { Authorization: `Bearer ${token}` };

  await t.test('one bucket for both replicas: an upload begun on replica 1 ends on replica 2, both serve it; originals by presigned S3 address', async () => {
    const direct = (n) => `http://127.0.0.1:${n.port}`;
    const { node: first } = await graphql(`query($id: ID!) { node(id: $id) { ... on Photo { urls { original } } } }`, { id: photoIds[0] }, studio);
    // The original: the app checks access, then sends the photographer to S3.
    const redirect = await fetch(`${base}${first.urls.original}`, { headers: studio, redirect: 'manual' });
    assert.equal(redirect.status, 303, 'the original by redirect');
    const signedUrl = redirect.headers.get('location');
    assert.ok(signedUrl.startsWith(`${s3.endpoint}/${s3.bucket}/${prefix}`) && /X-Amz-Signature=/.test(signedUrl), signedUrl);
    const original = Buffer.from(await (await fetch(signedUrl)).arrayBuffer());
    assert.equal(original.subarray(0, 2).toString('hex'), 'ffd8', 'a JPEG from S3');
    assert.equal((await fetch(signedUrl.replace(/X-Amz-Signature=[0-9a-f]+/, 'X-Amz-Signature=' + '0'.repeat(64)))).status, 403, 'a forged signature is refused by S3');
    assert.equal((await fetch(signedUrl.split('?')[0])).status, 403, 'the bucket is private');
    // Another photo: the same JPEG with a comment segment (another hash).
    const comment = Buffer.from('cluster e2e');
    const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
    const jpeg = Buffer.concat([original.subarray(0, 2), com, original.subarray(2)]);
    const b64 = (v) => Buffer.from(v).toString('base64');
    const created = await fetch(`${direct(one)}/api/uploads/`, {
      method: 'POST',
      headers: { ...studio, 'Tus-Resumable': '1.0.0', 'Upload-Length': String(jpeg.length), 'Upload-Metadata': `galleryId ${b64(gala.id)},filename ${b64('CLUSTER_1.jpg')},filetype ${b64('image/jpeg')}` },
    });
    assert.equal(created.status, 201, await created.text());
    const path = new URL(created.headers.get('location'), direct(one)).pathname;
    const patch = (n, offset, bytes) =>
      fetch(`${direct(n)}${path}`, { method: 'PATCH', headers: { ...studio, 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, body: bytes });
    const half = Math.floor(jpeg.length / 2);
    assert.equal((await patch(one, 0, jpeg.subarray(0, half))).status, 204, 'the first half on replica 1');
    const head = await fetch(`${direct(two)}${path}`, { method: 'HEAD', headers: { ...studio, 'Tus-Resumable': '1.0.0' } });
    assert.equal(head.headers.get('upload-offset'), String(half), 'replica 2 knows the first half');
    const last = await patch(two, half, jpeg.subarray(half));
    assert.equal(last.status, 204, await last.text());
    const id = last.headers.get('galerie-photo-id');
    assert.ok(id, 'the photo made');
    let photo;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      ({ node: photo } = await graphql(`query($id: ID!) { node(id: $id) { ... on Photo { status urls { thumbnail } } } }`, { id }, studio));
      if (photo.status === 'ready') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    assert.equal(photo.status, 'ready', 'the derivatives made by whichever replica works the job');
    for (const n of replicas) {
      const res = await fetch(`${direct(n)}${photo.urls.thumbnail}`, { headers: studio });
      assert.equal(res.status, 200, `${n.name} serves the thumbnail`);
      assert.match(res.headers.get('content-type'), /^image\//);
    }
    const keys = await s3.keys(prefix);
    assert.ok(keys.some((k) => k.includes(id)), `the new photo's blobs are in the bucket: ${keys.length} keys`);
    assert.deepEqual(keys.filter((k) => k.startsWith(`${prefix}uploads/`)), [], 'no upload left in progress');
  });

  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR' });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  // Every websocket the page opens, and when it closes.
  const sockets = [];
  page.on('websocket', (ws) => {
    const s = { url: ws.url(), opened: Date.now(), closed: 0 };
    sockets.push(s);
    ws.on('close', () => (s.closed = Date.now()));
  });
  const openSockets = () => sockets.filter((s) => !s.closed).length;
  // What went wrong for the page (answers of 400 and more, GraphQL errors,
  // requests that never got an answer), told with a failed step's error.
  const troubles = [];
  page.on('response', async (res) => {
    const where = `${res.request().method()} ${new URL(res.url()).pathname}`;
    if (res.status() >= 400) troubles.push(`${res.status()} ${where}`);
    else if (where === 'POST /graphql') {
      const body = await res.json().catch(() => null);
      if (body?.errors) troubles.push(`${where}: ${JSON.stringify(body.errors).slice(0, 300)}`);
    }
  });
  page.on('requestfailed', (req) => troubles.push(`failed ${req.method()} ${new URL(req.url()).pathname}: ${req.failure()?.errorText}`));
  const explain = async () => {
    const text = await page.locator('body').innerText({ timeout: 2_000 }).catch(() => '');
    const nginxErrors = await readFile(join(cluster.root, 'nginx', 'error.log'), 'utf8').catch(() => '');
    const replicaErrors = cluster
      .logs()
      .split('\n')
      .filter((l) => /level=(ERROR|WARN)|^---/.test(l));
    return [
      `page: ${page.url()}`,
      `text: ${text.replace(/\s+/g, ' ').slice(0, 1_500)}`,
      `the page's troubles: ${troubles.slice(-20).join('; ') || 'none'}`,
      `nginx errors:\n${nginxErrors.split('\n').slice(-12).join('\n')}`,
      `replica errors:\n${replicaErrors.slice(-20).join('\n')}`,
    ].join('\n');
  };
  /** stage is a step of the journey whose failure tells where the page was. */
  const stage = (name, fn) =>
    t.test(name, async () => {
      try {
        await fn();
      } catch (err) {
        err.message += `\n--- where the page was\n${await explain()}`;
        throw err;
      }
    });
  // Where each step left the page (client/e2e/output/cluster-N.png), to see a failure.
  await mkdir(OUTPUT, { recursive: true });
  let step = 0;
  t.afterEach(async () => {
    step += 1;
    await page.screenshot({ path: join(OUTPUT, `cluster-${step}.png`), fullPage: true }).catch(() => undefined);
  });

  const email = 'invite.cluster@example.com';
  const gridHeart = (n) => page.locator('#photos ul > li').nth(n).getByRole('button', { name: 'Favori' });
  const pressed = (n) => page.waitForFunction((i) => document.querySelector(`#photos ul > li:nth-child(${i + 1}) button[aria-pressed="true"]`), n, { timeout: 30_000 });
  const dismissWelcome = async () => {
    const welcome = page.getByRole('dialog', { name: 'Bienvenue' });
    if (await welcome.isVisible().catch(() => false)) {
      await page.keyboard.press('Escape');
      await welcome.waitFor({ state: 'detached' });
    }
  };

  await stage('the guest signs in by hearting a photo, and favourites another', async () => {
    await page.goto(`${base}/gala-2026`);
    await page.locator('#photos').scrollIntoViewIfNeeded();
    await gridHeart(0).waitFor({ state: 'visible', timeout: 30_000 });
    const before = await mailFiles(cluster.outboxes());
    await gridHeart(0).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmez votre adresse email' });
    await dialog.waitFor({ state: 'visible', timeout: 20_000 });
    await dialog.getByRole('textbox', { name: 'Adresse email' }).fill(email);
    await dialog.getByRole('button', { name: 'Recevoir un code' }).click();
    const codeField = dialog.getByRole('textbox', { name: 'Code de confirmation' });
    await codeField.waitFor({ state: 'visible' });
    await codeField.fill(await waitForCode(cluster.outboxes(), email, before));
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    await dismissWelcome();
    await pressed(0);
    await gridHeart(1).click();
    await pressed(1);
  });

  await stage('on the same page, replica 1 is killed, a third favourite, replica 1 back, replica 2 killed: the websocket reconnects without a reload', async () => {
    const navigations = [];
    const onNavigate = (frame) => frame === page.mainFrame() && navigations.push(frame.url());
    page.on('framenavigated', onNavigate);
    const since = Date.now();
    await one.kill();
    await gridHeart(2).click();
    await pressed(2);
    await one.start();
    await two.kill();
    // The page's websocket was on one of the two: it was cut by a kill,
    // and the client opened a new one, on the page as it is.
    const deadline = Date.now() + 30_000;
    const cut = () => sockets.filter((s) => s.closed >= since);
    const reopened = () => cut().length > 0 && sockets.some((s) => !s.closed && s.opened > Math.min(...cut().map((c) => c.closed)));
    while (!reopened() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    page.off('framenavigated', onNavigate);
    assert.ok(reopened(), `a websocket cut by a killed replica, then a new one open: ${JSON.stringify(sockets)}`);
    assert.deepEqual(navigations, [], 'no reload nor navigation');
    const favourites = await cluster.sql(
      `SELECT count(*) FROM selection_photos sp JOIN selections s ON s.id = sp.selection_id WHERE s.gallery_selections = '${gala.id}' AND s.is_favorites`,
    );
    assert.equal(favourites[0][0], '3', 'the three favourites, one made while replica 1 was dead');
  });

  await stage('replica 2 still away: a photo file not made yet (503) does not take replica 1 out of nginx', async () => {
    // The last photo's derivatives are gone from the bucket: its thumbnail
    // answers 503 photo_unavailable (« retry shortly »). nginx must not count
    // that as a dead replica: with replica 2 away, every request would get
    // 502 for fail_timeout.
    const victim = photoIds[photoIds.length - 1];
    const { node } = await graphql(`query($id: ID!) { node(id: $id) { ... on Photo { urls { thumbnail } } } }`, { id: victim }, studio);
    const derivatives = (await s3.keys(prefix)).filter((k) => k.includes(victim) && !/original/.test(k));
    assert.ok(derivatives.length > 0, `the photo's derivatives in the bucket: ${derivatives.length}`);
    for (const key of derivatives) assert.equal((await s3.fetch('DELETE', `/${s3.bucket}/${key}`)).status, 204, `delete ${key}`);
    // Several of each: nginx's two workers keep their own failure counts.
    const missing = await Promise.all([0, 1, 2, 3, 4, 5].map(() => fetch(`${base}${node.urls.thumbnail}`, { headers: studio }).then((r) => r.status)));
    assert.ok(missing.every((s) => s === 503), `the missing thumbnail: ${missing}`);
    const after = await Promise.all([0, 1, 2, 3, 4, 5].map(() => fetch(`${base}/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"query":"{ __typename }"}' }).then((r) => r.status)));
    assert.deepEqual(after, [200, 200, 200, 200, 200, 200], 'replica 1 still serves right after');
  });

  await stage('replica 2 still away: the favourites are whole after a reload, and the guest fills the cart through replica 1', async () => {
    await page.reload();
    await page.locator('#photos').scrollIntoViewIfNeeded();
    for (const n of [0, 1, 2]) await pressed(n);
    for (const id of photoIds.slice(0, 2)) {
      await page.goto(`${base}/gala-2026/photos/${id}`);
      await page.getByRole('dialog', { name: 'Visionneuse de photos' }).locator('img[data-photo-id]').waitFor({ state: 'visible', timeout: 30_000 });
      await dismissWelcome();
      await page.getByRole('link', { name: 'Commander' }).click();
      await page.getByRole('button', { name: /^Fichier HD – 9(,00)?\s€$/ }).click();
      await page.getByText('Ajouté à votre panier.').first().waitFor({ state: 'visible', timeout: 20_000 });
    }
    await page.goto(`${base}/gala-2026/cart`);
    await page.getByRole('heading', { name: 'Mon panier' }).waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal(await page.getByText(/^Fichier HD/).count() >= 2, true, 'both HD files are in the cart');
  });

  await stage('the guest pays on the test page while replica 2 is away, then gets the download-ready notice with it back', async () => {
    await page.getByRole('link', { name: 'Valider mon panier' }).click();
    // The billing address (digital files only: no delivery); the e-mail is already confirmed.
    await page.getByRole('heading', { name: 'Adresse et livraison' }).waitFor({ state: 'visible', timeout: 20_000 });
    await page.getByRole('textbox', { name: 'Prénom' }).fill('Camille');
    await page.getByRole('textbox', { name: 'Nom ou société' }).fill('Martin');
    await page.getByRole('textbox', { name: 'Adresse', exact: true }).fill('Rue de la Loi 16');
    await page.getByRole('textbox', { name: 'Code postal' }).fill('1000');
    await page.getByRole('textbox', { name: 'Ville' }).fill('Bruxelles');
    await page.getByRole('textbox', { name: 'Téléphone' }).fill('0470 12 34 56');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.waitForURL((url) => url.pathname === '/gala-2026/cart/validation', { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Validation de ma commande' }).waitFor({ state: 'visible', timeout: 20_000 });
    for (const box of await page.getByRole('checkbox').all()) await box.check();
    const card = page.getByRole('radio', { name: /Carte bancaire/ });
    if (await card.count()) await card.check();
    await page.getByRole('button', { name: /^Payer/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/pay/test/'), { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Paiement de test' }).waitFor({ state: 'visible' });
    await two.start();
    await page.getByRole('button', { name: 'Payer (paiement accepté)' }).click();
    await page.waitForURL((url) => url.pathname === '/gala-2026/paymentReturn', { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Commande confirmée' }).waitFor({ state: 'visible', timeout: 30_000 });
    // The archive's own link (« Télécharger », or « (partie 1) » of a split one), not the invoice's nor the gallery's.
    const download = page.getByRole('link', { name: /^Télécharger( \(partie 1\))?$/ }).first();
    await download.waitFor({ state: 'visible', timeout: 90_000 });
    // The archive: the app checks the link, then sends the browser to S3.
    const href = new URL(await download.getAttribute('href'), base).toString();
    const res = await page.request.get(href, { maxRedirects: 0 });
    assert.equal(res.status(), 303, `the archive by redirect: ${href} ${JSON.stringify(res.headers())}`);
    const signedUrl = res.headers().location;
    assert.ok(signedUrl.startsWith(`${s3.endpoint}/${s3.bucket}/${prefix}`) && /X-Amz-Signature=/.test(signedUrl), signedUrl);
    const zip = Buffer.from(await (await fetch(signedUrl)).arrayBuffer());
    assert.equal(zip.subarray(0, 2).toString(), 'PK', 'a ZIP from S3');
  });

  await stage('nothing lost, nothing doubled: one order of two files, one payment', async () => {
    const orders = await cluster.sql(`SELECT id, status FROM orders WHERE email = '${email}'`);
    assert.equal(orders.length, 1, `one order: ${JSON.stringify(orders)}`);
    const payments = await cluster.sql(`SELECT status FROM payments WHERE order_payments = '${orders[0][0]}'`);
    assert.equal(payments.length, 1, `one payment: ${JSON.stringify(payments)}`);
    const lines = await cluster.sql(`SELECT count(*) FROM order_lines WHERE order_lines = '${orders[0][0]}'`);
    assert.equal(lines[0][0], '2', 'the two HD files');
    t.diagnostic(`websockets: ${sockets.length} opened, ${openSockets()} open at the end`);
  });

  assert.deepEqual(pageErrors, [], 'no uncaught errors in the page');
  t.diagnostic(`journey done in ${Date.now() - started} ms`);
});
