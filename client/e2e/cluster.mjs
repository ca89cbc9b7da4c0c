// A test cluster: Debian's nginx (deploy/nginx.conf, the repository's own
// file) in front of two `gallery serve` replicas on one fresh PostgreSQL
// database and one blob store, as docs/deploy.md describes. The browser
// journey client/e2e/cluster.test.mjs runs through it, killing and
// restarting replicas.
//
// The PostgreSQL server is TEST_POSTGRES_URL (an administrator's URL, the
// Go tests' variable; postgres@127.0.0.1:5432 by default): a database is
// created for the cluster and dropped afterwards. The blob store is a
// parameter (blobUrl, with blobEnv for its credentials): by default a
// folder both replicas share (file://...); cluster.test.mjs gives an
// s3:// URL of the S3 server weed.mjs starts.

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, run, stop } from './server.mjs';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const READY_TIMEOUT_MS = 60_000;

/** ADMIN_URL is the PostgreSQL server the cluster's database is made on. */
export const ADMIN_URL = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable';

/** tool runs a command to its end and returns its output, or throws with it. */
function tool(cmd, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${out}`))));
  });
}

/** postgresReachable tells whether the PostgreSQL server of ADMIN_URL accepts connections (and psql is there). */
export async function postgresReachable() {
  const u = new URL(ADMIN_URL);
  const open = await new Promise((resolve) => {
    const sock = connect({ host: u.hostname || '127.0.0.1', port: Number(u.port || 5432) });
    sock.setTimeout(2000);
    sock.on('connect', () => (sock.destroy(), resolve(true)));
    sock.on('error', () => resolve(false));
    sock.on('timeout', () => (sock.destroy(), resolve(false)));
  });
  if (!open) return false;
  return tool('psql', [ADMIN_URL, '-Atc', 'select 1']).then(
    () => true,
    () => false,
  );
}

/** nginxInstalled tells whether Debian's nginx is on the PATH. */
export async function nginxInstalled() {
  return tool('nginx', ['-v']).then(
    () => true,
    () => false,
  );
}

/**
 * nginxConfig is deploy/nginx.conf made to run unprivileged in prefix:
 * listening on port, its upstream servers replaced by the replicas' ports,
 * its pid, logs and temporary folders under prefix. Everything else (the
 * proxying, websockets, retries) is the file's own.
 */
export async function nginxConfig(prefix, port, upstreams) {
  let conf = await readFile(join(REPO, 'deploy', 'nginx.conf'), 'utf8');
  const must = (re, to) => {
    if (!re.test(conf)) throw new Error(`deploy/nginx.conf has no ${re}`);
    conf = conf.replace(re, to);
  };
  must(/^user .*;\n/m, '');
  must(/^pid .*;$/m, `pid ${prefix}/nginx.pid;`);
  must(/^error_log .*;$/m, `error_log ${prefix}/error.log warn;`);
  must(/^(\s*)access_log \/var\/log\/nginx\/access\.log;$/m, `$1access_log ${prefix}/access.log;`);
  must(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
  const servers = [...conf.matchAll(/^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;$/gm)];
  if (servers.length !== upstreams.length) throw new Error(`deploy/nginx.conf names ${servers.length} upstream servers, the cluster has ${upstreams.length}`);
  let i = 0;
  conf = conf.replace(/^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;$/gm, (_, indent, params) => `${indent}server 127.0.0.1:${upstreams[i++]}${params ?? ''};`);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `  ${k}_temp_path ${prefix}/tmp/${k};`).join('\n');
  must(/^http \{$/m, `http {\n${temp}`);
  return conf;
}

/**
 * startCluster makes a database, seeds the demo (seed-demo with seedArgs)
 * and starts two replicas behind nginx; everything is stopped and removed
 * when t ends. It returns the cluster: base (nginx's address), the
 * replicas (kill, start, their outboxes), sql (a query through psql).
 */
export async function startCluster(t, { name = 'cluster', blobUrl, blobEnv = {}, seedArgs = [], replicas = 2 } = {}) {
  const root = await mkdtemp(join(tmpdir(), `gallery-${name}-`));
  const dbName = `gallery_${name.replace(/\W/g, '_')}_${randomBytes(6).toString('hex')}`;
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const databaseUrl = dbUrl.toString();
  const blobs = blobUrl ?? `file://${join(root, 'blobs')}`;
  if (!blobUrl) await mkdir(join(root, 'blobs'), { recursive: true });
  const closers = [];
  const nodes = [];
  let nginx;
  t.after(async () => {
    for (const close of closers.reverse()) await Promise.resolve().then(close).catch(() => undefined);
    await Promise.all(nodes.map((n) => stop(n.child)));
    if (nginx) await stop(nginx);
    await tool('psql', [ADMIN_URL, '-Atc', `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`]).catch(() => undefined);
    // CLUSTER_KEEP=1 keeps the folder (logs of nginx, outboxes) to see a failure.
    if (process.env.CLUSTER_KEEP) {
      await writeFile(join(root, 'replicas.log'), nodes.map((n) => `--- ${n.name}\n${n.log}${n.child?.output ?? ''}`).join('\n')).catch(() => undefined);
      console.error(`cluster kept in ${root}`);
    }
    else await rm(root, { recursive: true, force: true });
  });
  await tool('psql', [ADMIN_URL, '-Atc', `CREATE DATABASE ${dbName}`]);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const failTimeout = /fail_timeout=(\d+)s/.exec(await readFile(join(REPO, 'deploy', 'nginx.conf'), 'utf8'));
  const rejoinMs = (failTimeout ? Number(failTimeout[1]) : 10) * 1000 + 1000;
  // What every replica shares: the database, the blobs, the secret key
  // (signed cookies), the public address; each has its own DATA_DIR (its
  // job worker's id, its mail outbox: SMTP_URL is empty).
  const shared = {
    DATABASE_URL: databaseUrl,
    BLOB_URL: blobs,
    SECRET_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: base,
    TRUSTED_PROXIES: '127.0.0.1/32',
    LOG_LEVEL: 'info',
    ...blobEnv,
  };
  const seed = run(['seed-demo', ...seedArgs], { ...shared, DATA_DIR: join(root, 'seed') });
  const seeded = await seed.exited;
  if (seeded.code !== 0) throw new Error(`seed-demo failed:\n${seed.output}`);

  for (let i = 0; i < replicas; i++) {
    const dataDir = join(root, `replica-${i + 1}`);
    await mkdir(dataDir, { recursive: true });
    const node = {
      name: `replica-${i + 1}`,
      port: await freePort(),
      dataDir,
      outbox: join(dataDir, 'outbox'),
      child: null,
      log: '',
      /**
       * start runs the replica and waits until its /readyz answers 200;
       * restarted, it also waits for nginx to take it back: a server
       * that failed is tried again only after the configuration's
       * fail_timeout (passive health), so a rolling restart waits that
       * long before stopping the next replica.
       */
      async start() {
        const child = run(['serve'], { ...shared, DATA_DIR: dataDir, ADDR: `127.0.0.1:${node.port}` });
        const again = node.child !== null;
        node.child = child;
        await waitReady(`http://127.0.0.1:${node.port}`, child);
        if (!again) return;
        await new Promise((r) => setTimeout(r, rejoinMs));
        // Traffic through nginx, as a live site has: round robin puts one
        // of these on the replica back, whose success clears its failure.
        // Without it, the first connection it gets may be a websocket,
        // which counts as a success only when it closes: nginx then
        // still counts the replica failed, and if the other one dies
        // meanwhile it has no live upstream (502).
        for (let i = 0; i < 2 * replicas; i++) await fetch(`${base}/readyz`).then((r) => r.arrayBuffer()).catch(() => undefined);
      },
      /** kill ends the replica at once (SIGKILL): no shutdown, no goodbye. */
      async kill() {
        const child = node.child;
        node.log += child.output;
        child.kill('SIGKILL');
        await child.exited;
      },
    };
    nodes.push(node);
  }
  // One after the other: the first migrates the database.
  for (const n of nodes) await n.start();

  const prefix = join(root, 'nginx');
  await mkdir(join(prefix, 'tmp'), { recursive: true });
  await writeFile(join(prefix, 'nginx.conf'), await nginxConfig(prefix, port, nodes.map((n) => n.port)));
  nginx = spawn('nginx', ['-e', join(prefix, 'error.log'), '-p', `${prefix}/`, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  nginx.output = '';
  nginx.stdout.on('data', (d) => (nginx.output += d));
  nginx.stderr.on('data', (d) => (nginx.output += d));
  nginx.exited = new Promise((resolve) => nginx.on('exit', (code, signal) => resolve({ code, signal })));
  await waitReady(base, nginx);

  return {
    base,
    databaseUrl,
    blobUrl: blobs,
    replicas: nodes,
    root,
    /** closeFirst registers what is closed before the cluster stops (a browser). */
    closeFirst(close) {
      closers.push(close);
    },
    /** sql runs a query on the cluster's database and returns its rows (psql -At: fields split on |). */
    async sql(query) {
      const out = await tool('psql', [databaseUrl, '-Atc', query]);
      return out
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => l.split('|'));
    },
    /** outboxes lists every replica's mail folder: a job's mail is written by the replica that worked it. */
    outboxes() {
      return nodes.map((n) => n.outbox);
    },
    /** cli runs a command of the gallery binary against the cluster's database (seed's DATA_DIR). */
    async cli(args) {
      const cmd = run(args, { ...shared, DATA_DIR: join(root, 'seed') });
      const done = await cmd.exited;
      if (done.code !== 0) throw new Error(`gallery ${args.join(' ')} failed:\n${cmd.output}`);
      return cmd.stdoutText;
    },
    /** logs is every replica's output so far, for a failure message. */
    logs() {
      return nodes.map((n) => `--- ${n.name}\n${n.log}${n.child?.output ?? ''}`).join('\n') + `\n--- nginx\n${nginx.output}`;
    },
  };
}

/** waitReady waits until base/readyz answers 200, or fails with the process's output. */
async function waitReady(base, child) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exited = null;
  child.exited.then((r) => (exited = r));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`exited (${JSON.stringify(exited)}) before ${base}/readyz answered:\n${child.output}`);
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`GET ${base}/readyz did not answer 200 within ${READY_TIMEOUT_MS} ms:\n${child.output}`);
}

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
 * waitForCode polls the outboxes for a confirmation code sent to `to` in a
 * file not in `skip` (names prefixed by their folder), and returns its six digits.
 */
export async function waitForCode(outboxes, to, skip, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const outbox of outboxes) {
      const names = (await readdir(outbox).catch(() => [])).filter((n) => n.endsWith('.eml') && !skip.has(join(outbox, n))).sort();
      for (const name of names.reverse()) {
        const { headers, body } = readMail(await readFile(join(outbox, name), 'utf8'));
        if (!(headers.to || '').toLowerCase().includes(to.toLowerCase())) continue;
        const subject = /^Votre code de confirmation\s*:\s*(\d{6})\s*$/.exec(headers.subject || '');
        const inText = /(?:^|\D)(\d{6})(?:\D|$)/.exec(body);
        const code = (subject ?? inText)?.[1];
        if (code) return code;
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no confirmation e-mail to ${to} in ${outboxes.join(', ')} within ${timeoutMs} ms`);
}

/** mailFiles is every mail already in the outboxes (their paths). */
export async function mailFiles(outboxes) {
  const out = new Set();
  for (const outbox of outboxes) for (const n of await readdir(outbox).catch(() => [])) out.add(join(outbox, n));
  return out;
}
