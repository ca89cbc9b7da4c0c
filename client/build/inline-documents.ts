import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

// graphql-codegen's client preset looks documents up at run time in one map
// of every document of the app (src/gql/gql.ts): whatever screen is opened,
// all of them are loaded. The preset's answer is a Babel or SWC plugin; this
// is the same idea for Vite: at build time each `graphql(`…`)` call becomes
// the document itself (the AST codegen wrote in src/gql/graphql.ts), so a
// document travels in the chunk of the screen that uses it and the map is
// never loaded. Development and tests keep the map (same values).

const MAP_ENTRY = /^\s+("(?:[^"\\]|\\.)*"): types\.(\w+),$/gm;
const DOCUMENT = /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*>;$/gm;
const CALL = /\bgraphql\(`([^`]*)`\)/g;

/** loadDocuments maps each document's source text to its AST, as JSON text. */
export function loadDocuments(gqlDir: string): Map<string, string> {
  const asts = new Map<string, string>();
  for (const m of readFileSync(resolve(gqlDir, 'graphql.ts'), 'utf8').matchAll(DOCUMENT)) asts.set(m[1], m[2]);
  const bySource = new Map<string, string>();
  const gql = readFileSync(resolve(gqlDir, 'gql.ts'), 'utf8');
  const start = gql.indexOf('const documents');
  for (const m of gql.slice(start).matchAll(MAP_ENTRY)) {
    const ast = asts.get(m[2]);
    if (ast) bySource.set(JSON.parse(m[1]) as string, ast);
  }
  return bySource;
}

/** inlineDocuments is the Vite plugin (build only). */
export function inlineDocuments(gqlDir: string): Plugin {
  let documents: Map<string, string> | undefined;
  return {
    name: 'gallery:inline-graphql-documents',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/\.(ts|tsx)$/.test(id) || id.includes('/node_modules/') || id.startsWith(resolve(gqlDir)) || !code.includes('graphql(`')) return null;
      documents ??= loadDocuments(gqlDir);
      const map = documents;
      const out = code.replace(CALL, (_call, source: string) => {
        const ast = map.get(source);
        if (!ast) this.error(`${id}: this graphql() document is not in src/gql: run npm run codegen`);
        return `(${ast})`;
      });
      return out === code ? null : { code: out, map: null };
    },
  };
}
