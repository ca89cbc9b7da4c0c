import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { transformWithOxc, type Plugin } from 'vite';
import { partOfSection, type CataloguePart } from '../src/lib/locales/parts';

// The interface's catalogues (src/lib/locales/fr.ts, nl.ts, en.ts) stay one
// file per language, but nobody downloads a whole one: `./locales/fr?catalogue=home`
// is the part of the French catalogue that the first download (the gallery home)
// uses, `?catalogue=guest` the rest of the guest's strings, `?catalogue=studio`
// the studio's (lib/i18n.ts loads the last two with the screens that need them).
//
// The home part is found, not listed: every module that src/main.tsx imports
// statically (what the bundler puts in the first download) is read, and
// every string literal in it that names a key of the catalogue (with its
// plural forms), and every key that a template literal starts
// (`errors.${code}`), goes to the home part. A key that a home module builds
// in another way would be missing at first and fetched with the guest part
// (lib/i18n.ts loads a missing key's part, which draws it again).

const QUERY = /\?catalogue=(home|guest|studio)$/;
const STATIC_IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const KEY_LITERAL = /['"`]([a-zA-Z]+\.[a-zA-Z0-9_]+)['"`]/g;
const KEY_TEMPLATE = /`([a-zA-Z]+\.[a-zA-Z0-9_]*)\$\{/g;
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Catalogue = Record<string, Record<string, string>>;

function resolveModule(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** homeModules lists the source files entry imports statically, itself included (dynamic import() is where it stops). */
export function homeModules(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (m[1] || !m[2].startsWith('.')) continue; // type-only, or a package
      const found = resolveModule(file, m[2]);
      if (found && /\.tsx?$/.test(found)) visit(found);
    }
  };
  visit(entry);
  return [...seen];
}

/** homeKeys are the keys (section.key) of catalogue that the modules use, as described above. */
export function homeKeys(modules: readonly string[], catalogue: Catalogue): Set<string> {
  const byBase = new Map<string, string[]>();
  for (const [section, messages] of Object.entries(catalogue)) {
    for (const key of Object.keys(messages)) {
      const full = `${section}.${key}`;
      const base = full.replace(PLURAL, '');
      byBase.set(base, [...(byBase.get(base) ?? []), full]);
    }
  }
  const used = new Set<string>();
  const prefixes = new Set<string>();
  for (const file of modules) {
    if (file.includes(`${join('lib', 'locales')}`)) continue;
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(KEY_LITERAL)) for (const key of byBase.get(m[1]) ?? []) used.add(key);
    for (const m of code.matchAll(KEY_TEMPLATE)) prefixes.add(m[1]);
  }
  for (const prefix of prefixes) for (const keys of byBase.values()) for (const key of keys) if (key.startsWith(prefix)) used.add(key);
  return used;
}

/** splitCatalogue is one part of catalogue: the home's keys, or the other keys of the guest's or the studio's sections. */
export function splitCatalogue(catalogue: Catalogue, home: ReadonlySet<string>, part: CataloguePart): Catalogue {
  const out: Catalogue = {};
  for (const [section, messages] of Object.entries(catalogue)) {
    for (const [key, value] of Object.entries(messages)) {
      const inHome = home.has(`${section}.${key}`);
      if (part === 'home' ? !inHome : inHome || partOfSection(section) !== part) continue;
      (out[section] ??= {})[key] = value;
    }
  }
  return out;
}

/** readCatalogue evaluates a catalogue module (TypeScript, no imports but types). */
export async function readCatalogue(file: string): Promise<Catalogue> {
  const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { default: Catalogue };
  return module.default;
}

/** splitCatalogues is the Vite plugin (build, dev and tests). */
export function splitCatalogues(srcDir: string): Plugin {
  const entry = join(srcDir, 'main.tsx');
  const french = join(srcDir, 'lib', 'locales', 'fr.ts');
  return {
    name: 'gallery:split-catalogues',
    enforce: 'pre',
    async resolveId(source, importer) {
      const m = QUERY.exec(source);
      if (!m || !importer) return null;
      const file = resolveModule(importer.replace(/\?.*$/, ''), source.slice(0, m.index));
      return file ? `${file}?catalogue=${m[1]}` : null;
    },
    async load(id) {
      const m = QUERY.exec(id);
      if (!m) return null;
      const file = id.slice(0, m.index);
      const modules = homeModules(entry);
      for (const f of [...modules, file, french]) this.addWatchFile(f);
      // The home's keys are those of French, the reference catalogue: every language has the same (i18n.test.ts).
      const home = homeKeys(modules, await readCatalogue(french));
      const part = splitCatalogue(await readCatalogue(file), home, m[1] as CataloguePart);
      // JSON.parse of a string literal is parsed faster than the same object literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});`;
    },
  };
}
