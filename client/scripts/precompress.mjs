// Precompresses the built client (npm run build, after vite build): beside
// every text asset of at least 1 KiB under dist/assets, NAME.br (brotli,
// quality 11) and NAME.gz (gzip, level 9), each kept only when smaller than
// NAME. The Go server embeds them and sends the .br to browsers that accept
// brotli, the .gz to the others that accept gzip (server/compress.go): the
// client is compressed once, at its best level, never per request.
//
// Usage: node scripts/precompress.mjs [dist directory, default ../server/web/dist]
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve, extname, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(process.argv[2] ?? join(here, '../../server/web/dist'));
const TEXT = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.map', '.txt', '.html']);
const MIN = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let raw = 0;
let br = 0;
let gz = 0;
let count = 0;
for (const path of [...files(join(dist, 'assets'))]) {
  if (path.endsWith('.br') || path.endsWith('.gz')) {
    unlinkSync(path); // a stale one from an earlier build
    continue;
  }
  if (!TEXT.has(extname(path))) continue;
  const data = readFileSync(path);
  if (data.length < MIN) continue;
  const b = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const g = gzipSync(data, { level: 9 });
  if (b.length < data.length) writeFileSync(path + '.br', b);
  if (g.length < data.length) writeFileSync(path + '.gz', g);
  raw += data.length;
  br += Math.min(b.length, data.length);
  gz += Math.min(g.length, data.length);
  count++;
}
const kb = (n) => (n / 1024).toFixed(1) + ' KiB';
console.log(`precompress: ${count} assets, ${kb(raw)} → brotli ${kb(br)}, gzip ${kb(gz)}`);
