// What the gallery home's JavaScript is made of (issue 9, docs/performance.md):
// the gzipped bytes of the chunks index.html loads (its scripts and their
// static imports), split by npm package and by source directory.
//
// Usage: cd client && npm run bench:bundle [-- --all] [-- --modules]
//   --all      also list the chunks loaded on demand (screens, dialogs, locales);
//   --modules  also list the ten largest source files of each group.
// It runs the production build in memory (nothing is written) with source maps,
// gives every byte of the minified chunks to the source file the map names,
// gzips each group's bytes together and scales the groups of a chunk so that
// they add up to the chunk's own gzipped size (gzip level 9, as the budgets
// script measures). Bytes the map names no source for (the bundler's glue)
// are « (bundler) ».
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const gzip = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(6);

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE = new Map([...B64].map((c, i) => [c, i]));

/** segments decodes one line of source-map mappings into [column, source index or -1]. */
function* segments(line, state) {
  let i = 0;
  let column = 0;
  while (i < line.length) {
    const fields = [];
    while (i < line.length && line[i] !== ',') {
      let value = 0;
      let shift = 0;
      let digit;
      do {
        digit = B64_VALUE.get(line[i++]);
        value += (digit & 31) << shift;
        shift += 5;
      } while (digit & 32);
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    }
    i++;
    column += fields[0];
    if (fields.length > 1) state.source += fields[1];
    yield [column, fields.length > 1 ? state.source : -1];
  }
}

/** groupOf names the group of a source file: its npm package, or its directory under client/. */
function groupOf(source) {
  if (!source) return '(bundler)';
  const path = source.replace(/\\/g, '/');
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = path.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (path.startsWith('\0') || !path.includes('/')) return '(bundler)';
  const own = relative(root, path).replace(/\\/g, '/');
  if (own.startsWith('..')) return '(bundler)';
  const dirs = own.split('/').slice(0, -1);
  // src/features/gallery, src/app, src/lib/locales...: two levels below src.
  return dirs.slice(0, dirs[0] === 'src' ? 3 : 2).join('/') + '/';
}

/** attribute splits a chunk's code by group: { total gzipped, groups: group → gzipped bytes (scaled), files: source → minified bytes }. */
function attribute(chunk, outDir) {
  const code = chunk.code.replace(/\n\/\/# sourceMappingURL=.*\s*$/, '');
  const total = gzip(code);
  const map = chunk.map;
  if (!map) return { total, groups: new Map([['(bundler)', total]]), files: new Map() };
  const lines = code.split('\n');
  const texts = new Map();
  const files = new Map();
  const state = { source: 0 };
  // Sources are named relative to the chunk's file.
  const sources = map.sources.map((s) => (s ? resolve(outDir, dirname(chunk.fileName), s) : s));
  const add = (source, text) => {
    const group = groupOf(source);
    texts.set(group, (texts.get(group) ?? '') + text);
    if (source) files.set(source, (files.get(source) ?? 0) + text.length);
  };
  map.mappings.split(';').forEach((mapping, n) => {
    const line = lines[n] ?? '';
    let start = 0;
    let source = -1;
    for (const [column, index] of segments(mapping, state)) {
      if (column > start) add(sources[source], line.slice(start, column));
      start = column;
      source = index;
    }
    add(sources[source], line.slice(start) + '\n');
  });
  const raw = new Map([...texts].map(([group, text]) => [group, gzip(text)]));
  const sum = [...raw.values()].reduce((a, b) => a + b, 0);
  const groups = new Map([...raw].map(([group, bytes]) => [group, (bytes * total) / sum]));
  return { total, groups, files };
}

// Nothing is written: outDir only anchors the source maps' paths.
const outDir = join(root, 'dist-bundle-report');
const output = await build({
  root,
  configFile: join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: { outDir, write: false, sourcemap: true, reportCompressedSize: false },
});
const emitted = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
const chunks = emitted.filter((o) => o.type === 'chunk');
const byName = new Map(chunks.map((c) => [c.fileName, c]));

// The home: the scripts index.html loads (and preloads), with their static imports.
const home = new Set();
const visit = (name) => {
  if (home.has(name) || !byName.has(name)) return;
  home.add(name);
  for (const dep of byName.get(name).imports) visit(dep);
};
const html = String(emitted.find((f) => f.fileName === 'index.html')?.source ?? '');
for (const m of html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g)) visit(m[1]);
for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);

const groups = new Map();
const files = new Map();
let homeTotal = 0;
console.log('Chunks of the gallery home (gzipped):');
for (const name of [...home].sort()) {
  const result = attribute(byName.get(name), outDir);
  homeTotal += result.total;
  console.log(`${kb(result.total)} KB  ${name}`);
  for (const [group, bytes] of result.groups) groups.set(group, (groups.get(group) ?? 0) + bytes);
  for (const [file, bytes] of result.files) files.set(file, (files.get(file) ?? 0) + bytes);
}
console.log(`${kb(homeTotal)} KB  in all (budget 150 KB)\n`);

const ownTotal = [...groups].filter(([g]) => g.endsWith('/')).reduce((a, [, b]) => a + b, 0);
console.log(`By package and directory (gzipped; our code ${kb(ownTotal).trim()} KB):`);
for (const [group, bytes] of [...groups].sort((a, b) => b[1] - a[1])) {
  console.log(`${kb(bytes)} KB  ${group}`);
  if (args.has('--modules')) {
    const mine = [...files].filter(([f]) => groupOf(f) === group).sort((a, b) => b[1] - a[1]).slice(0, 10);
    for (const [file, raw] of mine) console.log(`         ${(raw / 1024).toFixed(1).padStart(6)} KB minified  ${relative(root, file)}`);
  }
}

if (args.has('--all')) {
  console.log('\nChunks loaded on demand (gzipped):');
  for (const chunk of chunks.filter((c) => !home.has(c.fileName)).sort((a, b) => a.fileName.localeCompare(b.fileName))) {
    console.log(`${kb(gzip(chunk.code.replace(/\n\/\/# sourceMappingURL=.*\s*$/, '')))} KB  ${chunk.fileName}`);
  }
}
