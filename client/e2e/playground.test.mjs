// The photographer's GraphQL playground works offline (issue 23): GraphiQL,
// its styles and fonts come from the binary, and the browser asks nothing
// of any other host. Every request to another origin is aborted and fails
// the test; so does any breach of the page's Content-Security-Policy. The
// photographer opens /playground?token=… once (as docs/api.md says), types
// a query in GraphiQL's editor, runs it and reads the answer; the gallery
// home, meanwhile, loads none of GraphiQL. A screenshot goes to e2e/output/.
// Run with `GALLERY_BIN=/abs/path/to/gallery npm run e2e`.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { GALLERY_BIN, freePort, run, seedDemo, stop, waitForHealth } from './server.mjs';

const OUTPUT = join(dirname(fileURLToPath(import.meta.url)), 'output');

test('issue 23: the playground works offline, for the photographer only', { timeout: 300_000 }, async (t) => {
  if (!GALLERY_BIN) {
    t.skip('GALLERY_BIN is not set: build the server (make build) and set GALLERY_BIN to the absolute path of the binary');
    return;
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'gallery-e2e-playground-'));
  let server;
  let browser;
  t.after(async () => {
    await browser?.close().catch(() => undefined);
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
  });

  await seedDemo(dataDir);
  const tokenCmd = run(['photographer', 'token', '--email', 'studio@example.com', '--name', 'e2e playground'], { DATA_DIR: dataDir });
  assert.equal((await tokenCmd.exited).code, 0, `photographer token failed:\n${tokenCmd.output}`);
  const token = /^glt_\S+$/m.exec(tokenCmd.stdoutText)?.[0];
  assert.ok(token, `the token is printed on stdout:\n${tokenCmd.stdoutText}`);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = run(['serve'], { DATA_DIR: dataDir, ADDR: `127.0.0.1:${port}`, PUBLIC_URL: base });
  await waitForHealth(base, server);
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });

  // onPage runs body on a new page whose context blocks and records what
  // would leave the server's origin, and which records its script errors and
  // the breaches of its Content-Security-Policy; whatever body does, they are
  // checked at the end, and they explain a failure first.
  const onPage = async (body) => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
    const record = { elsewhere: [], errors: [], violations: [] };
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (new URL(url).origin === base) return route.continue();
      record.elsewhere.push(url);
      return route.abort('blockedbyclient');
    });
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(`CSP violation: ${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
      });
    });
    const page = await context.newPage();
    page.on('pageerror', (err) => record.errors.push(err.message));
    page.on('console', (msg) => {
      if (msg.text().startsWith('CSP violation')) record.violations.push(msg.text());
    });
    // Websockets escape context.route: they are checked here.
    page.on('websocket', (ws) => {
      if (new URL(ws.url()).host !== new URL(base).host) record.elsewhere.push(ws.url());
    });
    try {
      await body(page);
    } finally {
      await context.close();
      assert.deepEqual(record.elsewhere, [], 'no request leaves the server');
      assert.deepEqual(record.violations, [], 'the page keeps to its Content-Security-Policy');
      assert.deepEqual(record.errors, [], 'no script error');
    }
  };

  await t.test('a visitor gets the refusal page, not GraphiQL', async () => {
    await onPage(async (page) => {
      const res = await page.goto(`${base}/playground`);
      assert.equal(res.status(), 401);
      await page.getByRole('heading', { name: 'Accès réservé au photographe' }).waitFor();
      assert.equal(await page.locator('.graphiql-container').count(), 0);
    });
  });

  await t.test('the photographer opens it with a token once, runs a query in the editor and reads the answer', async (t) => {
    await onPage(async (page) => {
      const assets = [];
      page.on('response', (r) => {
        if (new URL(r.url()).pathname.startsWith('/assets/playground/')) assets.push(r);
      });
      const introspected = page.waitForResponse((r) => r.url() === `${base}/graphql` && (r.request().postData() ?? '').includes('IntrospectionQuery'));
      introspected.catch(() => undefined); // awaited below, unless the test fails before
      const res = await page.goto(`${base}/playground?token=${encodeURIComponent(token)}`);
      assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, '/playground', 'the token leaves the address bar');
      assert.equal(res.status(), 200);
      assert.match(res.headers()['content-security-policy'] ?? '', /script-src 'self';/);

      // The schema comes in: the photographer may introspect.
      const schema = await (await introspected).json();
      assert.equal(schema.errors, undefined, JSON.stringify(schema.errors));
      assert.ok(schema.data.__schema.queryType, 'the schema is introspected');

      // Typed as a person would, in GraphiQL's query editor (CodeMirror closes
      // the braces it opens and types over them).
      const editor = page.locator('.graphiql-query-editor .CodeMirror');
      await editor.waitFor({ state: 'visible', timeout: 30_000 });
      await editor.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Delete');
      await page.keyboard.type('{ me { isPhotographer } }', { delay: 10 });
      await page.keyboard.press('Escape'); // the autocompletion hint, if open
      assert.equal(await page.evaluate(() => document.querySelector('.graphiql-query-editor .CodeMirror').CodeMirror.getValue()), '{ me { isPhotographer } }');
      // GraphiQL reads the document 100 ms after the last key (a debounce): until
      // then it would still send the default query's operation name (Moi).
      await page.waitForFunction(() => {
        const cm = document.querySelector('.graphiql-query-editor .CodeMirror').CodeMirror;
        return cm.operations?.length === 1 && cm.operationName == null;
      });

      const answered = page.waitForResponse((r) => r.url() === `${base}/graphql` && (r.request().postData() ?? '').includes('isPhotographer'));
      await page.locator('.graphiql-execute-button').click();
      const request = (await answered).request();
      assert.equal(request.headers()['x-requested-with'], 'GraphiQL', 'the header that lets the session cookie count');

      const result = page.locator('.graphiql-response .CodeMirror');
      await page.waitForFunction(() => document.querySelector('.graphiql-response .CodeMirror')?.CodeMirror.getValue().includes('isPhotographer'), null, { timeout: 20_000 });
      const answer = JSON.parse(await result.evaluate((el) => el.CodeMirror.getValue()));
      assert.deepEqual(answer, { data: { me: { isPhotographer: true } } });

      // The schema's documentation, and a dialog (GraphiQL's settings).
      await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
      await page.locator('.graphiql-doc-explorer').getByRole('link', { name: 'Query', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Open settings dialog' }).click();
      await page.getByRole('dialog').getByText('Settings', { exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // What the page cost, as the server sent it (gzipped where it compresses).
      let sent = 0;
      for (const r of assets) sent += (await r.request().sizes()).responseBodySize;
      t.diagnostic(`GraphiQL's page loaded ${assets.length} files from /assets/playground/: ${(sent / 1024).toFixed(1)} KB as sent`);

      await mkdir(OUTPUT, { recursive: true });
      const shot = join(OUTPUT, 'playground-1440.png');
      await page.screenshot({ path: shot });
      t.diagnostic(`screenshot: ${shot}`);
    });
  });

  await t.test('the gallery home loads none of GraphiQL', async () => {
    await onPage(async (page) => {
      const scripts = [];
      page.on('response', (r) => {
        if (r.url().endsWith('.js')) scripts.push(r);
      });
      await page.goto(`${base}/gala-2026`);
      await page.locator('#photos').waitFor({ state: 'visible', timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      assert.ok(scripts.length > 0);
      for (const r of scripts) {
        assert.ok(!new URL(r.url()).pathname.startsWith('/assets/playground/'), r.url());
        assert.doesNotMatch(await r.text(), /graphiql/i, `${r.url()} holds GraphiQL`);
      }
    });
  });
});
