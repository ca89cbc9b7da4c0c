// A real S3 server for the end-to-end tests: SeaweedFS's `weed server -s3`
// (bin/weed, built by `make tools` from tools/weed; $WEED names another),
// started by cmd/tests3 (bin/tests3, else `go run`), which starts it as
// internal/testblob does for the Go tests: a private bucket whose one
// identity signs every request (AWS signature version 4; an unsigned or
// wrongly signed request is refused), ports below the kernel's ephemeral
// range tried again on a clash, and the server stopped and its folder
// removed when the test ends.

import { spawn } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const READY_TIMEOUT_MS = 120_000;

/** weedBinary is $WEED, else the repository's bin/weed; null when neither exists. */
export function weedBinary() {
  const p = process.env.WEED || join(REPO, 'bin', 'weed');
  return existsSync(p) ? p : null;
}

const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const hmac = (key, data) => createHmac('sha256', key).update(data).digest();
/** encodeKey escapes an object key as S3's canonical URI wants (each segment, '/' kept). */
const encodeKey = (key) => key.split('/').map((s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)).join('/');

/**
 * signedFetch sends a request to the S3 server signed with its identity
 * (AWS signature version 4, path-style addresses): server is what tests3
 * printed, path "/bucket" or "/bucket/key", query an object of parameters.
 */
export async function signedFetch(server, method, path, { query = {}, body = '', headers = {} } = {}) {
  const { endpoint, region, accessKey, secretKey } = server;
  const url = new URL(endpoint);
  const now = new Date();
  const amzDate = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = sha256(body);
  const canonicalQuery = Object.keys(query)
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(query[k])}`)
    .join('&');
  const signed = { host: url.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate };
  const names = Object.keys(signed).sort();
  const canonical = [method, encodeKey(path), canonicalQuery, ...names.map((n) => `${n}:${signed[n]}`), '', names.join(';'), payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  let key = hmac(`AWS4${secretKey}`, day);
  for (const part of [region, 's3', 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return fetch(`${endpoint}${encodeKey(path)}${canonicalQuery ? `?${canonicalQuery}` : ''}`, {
    method,
    body: method === 'GET' || method === 'HEAD' ? undefined : body,
    headers: {
      ...headers,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
      Authorization: `AWS4-HMAC-SHA256 Credential=${accessKey}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
    },
  });
}

/**
 * startWeed starts the S3 server for test t (stopped, its folder removed,
 * when t ends) and returns it: endpoint, bucket, blobUrl(prefix) (the
 * s3:// BLOB_URL of a prefix of the bucket for the gallery), env (the
 * credentials a gallery process needs, as in production: in its
 * environment, never in the URL) and fetch (a signed request).
 */
export async function startWeed(t) {
  if (!weedBinary()) throw new Error('bin/weed not found: run `make tools` (it builds bin/weed from tools/weed) or set WEED');
  const built = join(REPO, 'bin', 'tests3');
  const [cmd, args] = existsSync(built) ? [built, []] : ['go', ['run', './cmd/tests3']];
  const child = spawn(cmd, args, { cwd: REPO, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.on('data', (d) => (output = (output + d).slice(-8000)));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  // Should the test process end without its clean-up, the server goes too.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  t.after(async () => {
    process.off('exit', orphan);
    child.stdin.end(); // tests3 stops weed and removes its folder
    await exited;
  });
  const server = await new Promise((resolve, reject) => {
    let line = '';
    const timer = setTimeout(() => reject(new Error(`tests3 not ready within ${READY_TIMEOUT_MS} ms:\n${output}`)), READY_TIMEOUT_MS);
    child.stdout.on('data', (d) => {
      line += d;
      const nl = line.indexOf('\n');
      if (nl < 0) return;
      clearTimeout(timer);
      try {
        resolve(JSON.parse(line.slice(0, nl)));
      } catch (err) {
        reject(err);
      }
    });
    exited.then((r) => {
      clearTimeout(timer);
      reject(new Error(`tests3 exited ${JSON.stringify(r)}:\n${output}`));
    });
  });
  const { endpoint, bucket, region, accessKey, secretKey } = server;
  return {
    endpoint,
    bucket,
    /** blobUrl is BLOB_URL for the bucket, keys under prefix (gocloud.dev's s3:// parameters). */
    blobUrl(prefix = '') {
      const q = new URLSearchParams({ endpoint, region, use_path_style: 'true', disable_https: 'true' });
      if (prefix) q.set('prefix', prefix);
      return `s3://${bucket}?${q}`;
    },
    env: { AWS_ACCESS_KEY_ID: accessKey, AWS_SECRET_ACCESS_KEY: secretKey, AWS_REGION: region, AWS_EC2_METADATA_DISABLED: 'true' },
    /** fetch sends a request signed with the test identity: path is "/bucket/key". */
    fetch(method, path, options) {
      return signedFetch(server, method, path, options);
    },
    /** keys lists the bucket's keys under prefix (ListObjectsV2, first 1,000). */
    async keys(prefix) {
      const res = await signedFetch(server, 'GET', `/${bucket}`, { query: { 'list-type': '2', prefix } });
      const xml = await res.text();
      if (res.status !== 200) throw new Error(`list ${prefix}: ${res.status} ${xml}`);
      return [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]);
    },
  };
}
