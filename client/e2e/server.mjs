// The gallery server as the end-to-end tests start it: a free port, the
// binary named by $GALLERY_BIN, a wait for /healthz, a clean stop.

export const GALLERY_BIN = process.env.GALLERY_BIN;
const HEALTH_TIMEOUT_MS = 60_000;

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** freePort asks the system for a port nobody listens on. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** run starts a command of the gallery binary (GALLERY_BIN unless bin is given) and keeps its output for failure messages. */
export function run(args, env, bin = GALLERY_BIN) {
  const child = spawn(bin, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.output = '';
  child.stdoutText = '';
  child.stdout.on('data', (d) => {
    child.output += d;
    child.stdoutText += d;
  });
  child.stderr.on('data', (d) => (child.output += d));
  child.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return child;
}

/** waitForHealth waits until the server answers GET /healthz with 200, or fails with its output. */
export async function waitForHealth(base, server) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let exited = null;
  server.exited.then((r) => (exited = r));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited (${JSON.stringify(exited)}) before /healthz answered:\n${server.output}`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`GET /healthz did not answer 200 within ${HEALTH_TIMEOUT_MS} ms:\n${server.output}`);
}

/** stop asks the server to stop (SIGTERM), then kills it after 5 s. */
export async function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await child.exited;
  clearTimeout(timer);
}

/**
 * seedDemo fills dataDir with the demo (`seed-demo` with seedArgs). The
 * demo is seeded once per binary and arguments into a folder of the
 * system's temporary directory, and copied from there: seeding makes every
 * derivative of every photo, which 20-odd journeys would otherwise each
 * pay for. The folder is named by the binary's size and time and the
 * arguments, filled under another name and renamed when complete, so a
 * journey never copies half a seed (two started together may both seed;
 * one rename wins). gallery.test.mjs runs `seed-demo` itself: that is
 * `make run`'s path.
 */
export async function seedDemo(dataDir, seedArgs = []) {
  const bin = await stat(GALLERY_BIN);
  const key = createHash('sha256')
    .update(JSON.stringify([GALLERY_BIN, bin.size, bin.mtimeMs, seedArgs]))
    .digest('hex')
    .slice(0, 16);
  const ready = join(tmpdir(), `gallery-e2e-seed-${key}`);
  if (!existsSync(ready)) {
    const filling = await mkdtemp(`${ready}-filling-`);
    const seed = run(['seed-demo', ...seedArgs], { DATA_DIR: filling });
    const seeded = await seed.exited;
    if (seeded.code !== 0) {
      await rm(filling, { recursive: true, force: true });
      throw new Error(`seed-demo failed:\n${seed.output}`);
    }
    await rename(filling, ready).catch(() => rm(filling, { recursive: true, force: true }));
    await sweepSeeds();
  }
  await cp(ready, dataDir, { recursive: true });
}

/** sweepSeeds removes the seeds of other binaries left for over six hours. */
async function sweepSeeds() {
  const old = Date.now() - 6 * 3600_000;
  for (const name of await readdir(tmpdir()).catch(() => [])) {
    if (!name.startsWith('gallery-e2e-seed-')) continue;
    const dir = join(tmpdir(), name);
    const st = await stat(dir).catch(() => null);
    if (st && st.mtimeMs < old) await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * startDemo seeds the demo (`seed-demo` with seedArgs) into a fresh
 * DATA_DIR named after the test, serves it on a free port and waits for it.
 * The clean-up is registered on t: what the test hands to closeFirst (its
 * browser) is closed, then the server is stopped and the folder removed.
 */
export async function startDemo(t, name, seedArgs = []) {
  const dataDir = await mkdtemp(join(tmpdir(), `gallery-e2e-${name}-`));
  const closers = [];
  let server;
  t.after(async () => {
    for (const close of closers.reverse()) await Promise.resolve().then(close).catch(() => undefined);
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
  });
  await seedDemo(dataDir, seedArgs);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = run(['serve'], { DATA_DIR: dataDir, ADDR: `127.0.0.1:${port}`, PUBLIC_URL: base });
  await waitForHealth(base, server);
  return {
    base,
    dataDir,
    server,
    /** closeFirst registers what is closed before the server stops. */
    closeFirst(close) {
      closers.push(close);
    },
    /** token makes a photographer API token with the CLI (the server sees it at once) and returns it. */
    async token(label) {
      const cmd = run(['photographer', 'token', '--email', 'studio@example.com', '--name', label], { DATA_DIR: dataDir });
      const done = await cmd.exited;
      if (done.code !== 0) throw new Error(`photographer token failed:\n${cmd.output}`);
      const token = /^glt_\S+$/m.exec(cmd.stdoutText)?.[0];
      if (!token) throw new Error(`no token printed:\n${cmd.output}`);
      return token;
    },
  };
}
