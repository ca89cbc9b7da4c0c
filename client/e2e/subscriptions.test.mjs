// Live updates over websocket against the real server: download requests and
// carts, in graphql-transport-ws (the `graphql-ws` npm client, as the app
// uses it) and in the legacy graphql-ws protocol (subscriptions-transport-ws
// messages), authenticated by the cookies of the browser session that made
// the changes over HTTP.
// Run with `GALLERY_BIN=/abs/path/to/gallery npm run e2e` (make test-e2e does it).
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { GALLERY_BIN, freePort, run, seedDemo, stop, waitForHealth } from './server.mjs';

const EVENT_TIMEOUT_MS = 60_000;

/**
 * Browser is one browser session seen from Node: the cookies the server sets
 * (the session and XSRF-TOKEN, from the first GET /version) and, like the
 * app, the X-XSRF-TOKEN header taken from the XSRF-TOKEN cookie on every
 * GraphQL call.
 */
class Browser {
  constructor(base) {
    this.base = base;
    this.cookies = new Map();
  }

  keep(res) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async fetch(path, init = {}) {
    const res = await fetch(`${this.base}${path}`, { ...init, headers: { ...init.headers, Cookie: this.cookieHeader() } });
    this.keep(res);
    return res;
  }

  async start() {
    const res = await this.fetch('/version');
    assert.equal(res.status, 200);
    assert.ok(this.cookies.get('XSRF-TOKEN'), 'GET /version sets XSRF-TOKEN');
    return this;
  }

  /** graphql runs an operation over HTTP and returns its data, failing on errors. */
  async graphql(query, variables = {}) {
    const res = await this.fetch('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '') },
      body: JSON.stringify({ query, variables }),
    });
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.deepEqual(body.errors ?? [], [], `no GraphQL errors: ${query}`);
    return body.data;
  }
}

/** Inbox queues events as they come, and hands them out one by one. */
class Inbox {
  constructor() {
    this.items = [];
    this.waiters = [];
  }

  push(item) {
    const waiter = this.waiters.shift();
    if (waiter) waiter(item);
    else this.items.push(item);
  }

  next(timeoutMs = EVENT_TIMEOUT_MS, what = 'an event') {
    if (this.items.length > 0) return Promise.resolve(this.items.shift());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== done);
        reject(new Error(`no ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      const done = (item) => {
        clearTimeout(timer);
        resolve(item);
      };
      this.waiters.push(done);
    });
  }

  /** quiet resolves true when nothing arrives for ms. */
  async quiet(ms) {
    try {
      const item = await this.next(ms);
      this.items.unshift(item);
      return false;
    } catch {
      return true;
    }
  }
}

/** transportClient is a graphql-transport-ws client (the `graphql-ws` package) with the browser's cookies in its handshake, or none. */
function transportClient(base, browser) {
  const headers = browser ? { Cookie: browser.cookieHeader() } : {};
  class CookieWebSocket extends WebSocket {
    constructor(url, protocols) {
      super(url, protocols, { headers });
    }
  }
  return createClient({ url: `${base.replace(/^http/, 'ws')}/graphql`, webSocketImpl: CookieWebSocket, lazy: false, retryAttempts: 0, onNonLazyError: () => undefined });
}

/** subscribe runs a subscription on a graphql-ws client; its results, errors and end go to an inbox. */
function subscribe(client, query, variables) {
  const inbox = new Inbox();
  const stop = client.subscribe(
    { query, variables },
    {
      next: (value) => inbox.push({ type: 'next', value }),
      error: (error) => inbox.push({ type: 'error', error }),
      complete: () => inbox.push({ type: 'complete' }),
    },
  );
  return { inbox, stop };
}

/** legacySocket speaks the legacy graphql-ws protocol (subscriptions-transport-ws) with the ws package; keep-alives are left out. */
async function legacySocket(base, browser) {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/graphql`, 'graphql-ws', { headers: { Cookie: browser.cookieHeader() } });
  const inbox = new Inbox();
  ws.on('message', (raw) => {
    const message = JSON.parse(String(raw));
    if (message.type !== 'ka') inbox.push(message);
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  assert.equal(ws.protocol, 'graphql-ws');
  ws.send(JSON.stringify({ type: 'connection_init', payload: {} }));
  assert.equal((await inbox.next(10_000, 'connection_ack')).type, 'connection_ack');
  return { ws, inbox, send: (message) => ws.send(JSON.stringify(message)) };
}

const DOWNLOAD_FIELDS = 'id status quality filesDone filesTotal links expiresAt mailedAt';
const REQUEST_DOWNLOAD = `mutation($input: RequestDownloadInput!) {
  requestDownload(input: $input) { request { ${DOWNLOAD_FIELDS} } userErrors { code message field } }
}`;
const DOWNLOAD_UPDATED = `subscription($id: ID!) { downloadRequestUpdated(id: $id) { ${DOWNLOAD_FIELDS} } }`;

/**
 * followUntilReady reads downloadRequestUpdated results (from `read`, which
 * returns the next request or throws) until the request is ready, checking
 * that each is the request asked about, that the status only moves forward,
 * and that the progress stays within its total. It returns the statuses seen
 * and the ready request.
 */
async function followUntilReady(id, read) {
  const order = ['submitted', 'preparing', 'ready'];
  const seen = [];
  for (;;) {
    const request = await read();
    assert.equal(request.id, id);
    assert.ok(order.includes(request.status), `status ${request.status} (seen ${seen})`);
    if (seen.length > 0) assert.ok(order.indexOf(request.status) >= order.indexOf(seen.at(-1)), `statuses go forward: ${[...seen, request.status]}`);
    if (request.status === 'preparing') {
      assert.ok(request.filesTotal > 0 && request.filesDone <= request.filesTotal, `progress ${request.filesDone} / ${request.filesTotal}`);
      assert.deepEqual(request.links, []);
    }
    seen.push(request.status);
    if (request.status === 'ready') return { seen, ready: request };
  }
}

test('live updates over websocket: download requests and carts', { timeout: 240_000 }, async (t) => {
  if (!GALLERY_BIN) {
    t.skip('GALLERY_BIN is not set: build the server (make build-go) and set GALLERY_BIN to the absolute path of the binary');
    return;
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'gallery-e2e-ws-data-'));
  let server;
  const clients = [];
  const sockets = [];
  t.after(async () => {
    for (const c of clients) await c.dispose();
    for (const s of sockets) s.terminate();
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
  });

  await seedDemo(dataDir);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = run(['serve'], { DATA_DIR: dataDir, ADDR: `127.0.0.1:${port}` });
  await waitForHealth(base, server);

  const browser = await new Browser(base).start();
  const { gallery } = await browser.graphql(`{ gallery(url: "gala-2026") {
    id collectionNames downloadInformation { freeDownload qualities }
    prices { formats { id kind digitalQuality onlyInPack } }
    photos(first: 3) { edges { node { id } } } } }`);
  assert.ok(gallery.downloadInformation.freeDownload && gallery.downloadInformation.qualities.includes('hd'), 'gala-2026 offers free HD downloads');
  assert.ok(gallery.collectionNames.length > 0, 'gala-2026 has collections');

  const requestDownload = async (collections, quality) => {
    const { requestDownload: answer } = await browser.graphql(REQUEST_DOWNLOAD, {
      input: { galleryId: gallery.id, email: 'famille.e2e@example.com', collections, quality, emailConfirmed: false },
    });
    assert.deepEqual(answer.userErrors, []);
    assert.equal(answer.request.status, 'submitted');
    return answer.request;
  };

  let readyRequest;
  await t.test('graphql-transport-ws: the requester follows the preparation, then downloads a ZIP', async () => {
    // Connected first, so that the subscription starts as soon as the request exists.
    const client = transportClient(base, browser);
    clients.push(client);
    await new Promise((resolve, reject) => {
      const off = client.on('connected', () => (off(), resolve()));
      client.on('closed', (event) => reject(new Error(`websocket closed: ${event?.code} ${event?.reason}`)));
    });

    const request = await requestDownload(gallery.collectionNames, 'hd');
    const { inbox, stop: unsubscribe } = subscribe(client, DOWNLOAD_UPDATED, { id: request.id });
    const { seen, ready } = await followUntilReady(request.id, async () => {
      const event = await inbox.next(EVENT_TIMEOUT_MS, 'downloadRequestUpdated');
      assert.equal(event.type, 'next', JSON.stringify(event));
      assert.deepEqual(event.value.errors ?? [], []);
      return event.value.data.downloadRequestUpdated;
    });
    unsubscribe();
    assert.ok(seen.includes('preparing'), `preparing was seen before ready: ${seen}`);
    assert.equal(ready.quality, 'hd');
    assert.ok(ready.links.length >= 1 && ready.expiresAt, `ready with links: ${JSON.stringify(ready)}`);
    assert.match(ready.links[0], /^\/media\/downloads\/.+\.zip$/);
    readyRequest = ready;

    const res = await browser.fetch(ready.links[0]);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/zip');
    const reader = res.body.getReader();
    const { value } = await reader.read();
    await reader.cancel();
    assert.equal(Buffer.from(value.subarray(0, 2)).toString('latin1'), 'PK', 'the archive is a ZIP');
  });

  await t.test('legacy graphql-ws: start, data until ready, stop', async () => {
    const socket = await legacySocket(base, browser);
    sockets.push(socket.ws);
    const request = await requestDownload([gallery.collectionNames[0]], 'web');
    socket.send({ id: '1', type: 'start', payload: { query: DOWNLOAD_UPDATED, variables: { id: request.id } } });
    const { seen, ready } = await followUntilReady(request.id, async () => {
      const message = await socket.inbox.next(EVENT_TIMEOUT_MS, 'data');
      assert.equal(message.type, 'data', JSON.stringify(message));
      assert.equal(message.id, '1');
      assert.deepEqual(message.payload.errors ?? [], []);
      return message.payload.data.downloadRequestUpdated;
    });
    assert.ok(seen.includes('preparing'), `preparing was seen before ready: ${seen}`);
    assert.equal(ready.quality, 'web');
    assert.ok(ready.links.length >= 1, 'ready with links');

    socket.send({ id: '1', type: 'stop' });
    for (;;) {
      const message = await socket.inbox.next(10_000, 'complete');
      if (message.type === 'complete') {
        assert.equal(message.id, '1');
        break;
      }
      // An update already on its way (the e-mail being sent) may come first.
      assert.equal(message.type, 'data', JSON.stringify(message));
    }
    socket.ws.close();
  });

  await t.test('without the requester’s cookies, a request cannot be followed', async () => {
    assert.ok(readyRequest, 'the first step made a request');
    const stranger = transportClient(base, null);
    clients.push(stranger);
    const { inbox } = subscribe(stranger, DOWNLOAD_UPDATED, { id: readyRequest.id });
    const codes = [];
    for (;;) {
      const event = await inbox.next(15_000, 'an answer to the stranger');
      if (event.type === 'complete') break;
      if (event.type === 'error') {
        const errors = Array.isArray(event.error) ? event.error : [event.error];
        codes.push(...errors.map((e) => e?.extensions?.code ?? e?.message));
        break; // an error ends the subscription
      }
      assert.equal(event.value.data?.downloadRequestUpdated ?? null, null, `no data for a stranger: ${JSON.stringify(event.value)}`);
      codes.push(...(event.value.errors ?? []).map((e) => e.extensions?.code));
    }
    assert.ok(codes.includes('download_not_found'), `the stranger is told download_not_found: ${codes}`);
    assert.ok(await inbox.quiet(1000), 'and nothing follows');
  });

  await t.test('cartUpdated: a change made over HTTP reaches the same browser’s subscriber', async () => {
    // The gala gives its files away (the downloads above), and the shop does
    // not sell what is free: its photographer stops giving them away.
    const cmd = run(['photographer', 'token', '--email', 'studio@example.com', '--name', 'e2e ws'], { DATA_DIR: dataDir });
    assert.equal((await cmd.exited).code, 0, `photographer token failed:\n${cmd.output}`);
    const token = /^glt_\S+$/m.exec(cmd.stdoutText)?.[0];
    assert.ok(token, `no token printed:\n${cmd.output}`);
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        query: 'mutation($input: UpdateGalleryInput!) { updateGallery(input: $input) { userErrors { code message } } }',
        variables: { input: { galleryId: gallery.id, settings: { downloadInformation: { freeDownload: false } } } },
      }),
    });
    const answer = await res.json();
    assert.deepEqual(answer.errors ?? [], []);
    assert.deepEqual(answer.data.updateGallery.userErrors, []);

    const client = transportClient(base, browser);
    clients.push(client);
    const { inbox, stop: unsubscribe } = subscribe(client, `subscription($g: ID!) { cartUpdated(galleryId: $g) { id version itemCount } }`, { g: gallery.id });
    // The server registers the subscription once the socket is acknowledged; give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const web = gallery.prices.formats.find((f) => f.kind === 'digital' && f.digitalQuality === 'web' && !f.onlyInPack);
    assert.ok(web, 'gala-2026 sells web files');
    const photoId = gallery.photos.edges[0].node.id;
    const { addDigitalFile } = await browser.graphql(
      `mutation($input: DigitalFileInput!) { addDigitalFile(input: $input) { cart { id version itemCount } userErrors { code message } } }`,
      { input: { galleryId: gallery.id, photoId, formatId: web.id } },
    );
    assert.deepEqual(addDigitalFile.userErrors, []);

    // The first change this subscriber hears of is that one (or a later state of the same cart).
    const event = await inbox.next(15_000, 'cartUpdated');
    assert.equal(event.type, 'next', JSON.stringify(event));
    assert.deepEqual(event.value.errors ?? [], []);
    const cart = event.value.data.cartUpdated;
    assert.equal(cart.id, addDigitalFile.cart.id);
    assert.equal(cart.itemCount, addDigitalFile.cart.itemCount);
    assert.ok(cart.itemCount >= 1);
    unsubscribe();
  });
});
