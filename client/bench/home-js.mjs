// The gallery home's JavaScript before the first paint, as transferred:
// the module scripts and modulepreload links of the built index.html (the
// chunks the browser fetches before it runs the app), raw, gzip and brotli.
// The brotli bytes are the build's own .br files (scripts/precompress.mjs),
// the ones the server sends; the budget is 150 KB (issue 22).
//
// Usage: cd client && npm run build && node bench/home-js.mjs [dist directory]
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(process.argv[2] ?? join(here, '../../server/web/dist'));
const BUDGET = 150 * 1024; // KB of 1,024 bytes, as bench/budgets.mjs counts
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const urls = new Set();
for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) urls.add(m[1]);
for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(m[1]);

const rows = [];
for (const url of urls) {
  const path = join(dist, url.replace(/^\//, ''));
  const raw = readFileSync(path);
  const br = existsSync(path + '.br')
    ? statSync(path + '.br').size
    : brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  rows.push({ url, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length, br });
}
const kb = (n) => (n / 1024).toFixed(1).padStart(7) + ' KB';
for (const r of rows) console.log(`${kb(r.raw)} ${kb(r.gzip)} gz ${kb(r.br)} br  ${r.url}`);
const sum = (k) => rows.reduce((a, r) => a + r[k], 0);
const total = sum('br');
console.log(`${kb(sum('raw'))} ${kb(sum('gzip'))} gz ${kb(total)} br  home total (${rows.length} chunks)`);
console.log(`home JavaScript as transferred with brotli: ${(total / 1024).toFixed(1)} KB, budget 150 KB: ${total <= BUDGET ? 'met' : 'NOT MET'}`);
process.exitCode = total <= BUDGET ? 0 : 1;
