import { transformAsync, type ImportDeclaration, type ImportSpecifier, type PluginAPI, type PluginObj, type PluginPass, type SourceMap, type Statement } from '@babel/core';
import { babelOptimizerPlugin } from '@graphql-codegen/client-preset';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { transformWithOxc, type Plugin } from 'vite';

// graphql-codegen's client preset looks documents up at run time in one map
// of every document of the app (src/gql/gql.ts): whatever screen is opened,
// all of them would be loaded. The preset's answer for production is its
// Babel plugin (babelOptimizerPlugin), which this Vite plugin runs at build
// time: it turns each `graphql(`…`)` call into the document codegen named for
// it in src/gql/graphql.ts (`graphql(`query Home …`)` gives HomeDocument), and
// gql.ts is never loaded.
//
// The optimizer imports that name from graphql.ts, but a module lives in one
// chunk: graphql.ts, imported so, would bring every document of the app into
// the first download (11 KB more with brotli; docs/performance.md). So the
// second Babel plugin here puts the document itself (the value graphql.ts
// exports) where the optimizer put its name, and drops the import: a document
// travels in the chunk of the module that calls graphql(), with it.
// Development and tests keep the map (same values).

/** Documents are the values src/gql/graphql.ts exports, by name. */
export type Documents = Readonly<Record<string, unknown>>;

/** documentImport is the one name that statement imports from gqlDir/graphql.ts as a value (a document), if it is such an import. */
function documentImport(statement: Statement, file: string, graphql: string): ImportSpecifier | undefined {
  if (statement.type !== 'ImportDeclaration') return undefined;
  const node = statement as ImportDeclaration;
  const [specifier, ...others] = node.specifiers;
  if (node.importKind === 'type' || others.length > 0 || specifier?.type !== 'ImportSpecifier' || specifier.importKind === 'type') return undefined;
  return specifier.imported?.name && resolve(dirname(file), node.source.value) === graphql ? specifier : undefined;
}

/** inlineDocuments replaces, once the optimizer is done, each document imported from gqlDir/graphql.ts by its value. */
function inlineDocuments(api: PluginAPI, { gqlDir, documents }: { gqlDir: string; documents: Documents }): PluginObj {
  const graphql = join(gqlDir, 'graphql');
  return {
    name: 'gallery:inline-documents',
    visitor: {
      Program: {
        exit(path, state: PluginPass) {
          const file = state.file.opts.filename;
          if (!file) return;
          const imported = new Map<string, string>();
          path.node.body = path.node.body.filter((statement) => {
            const specifier = documentImport(statement, file, graphql);
            if (specifier?.imported?.name) imported.set(specifier.local.name, specifier.imported.name);
            return !specifier;
          });
          if (imported.size === 0) return;
          path.traverse({
            Identifier(reference) {
              const name = imported.get(reference.node.name);
              if (!name || !reference.isReferencedIdentifier()) return;
              if (documents[name] === undefined) throw new Error(`${file}: src/gql/graphql.ts has no ${name}: run npm run codegen`);
              reference.replaceWith(api.types.valueToNode(documents[name]));
            },
          });
        },
      },
    },
  };
}

/** transformDocuments turns the graphql() calls of one source file into their documents. */
export async function transformDocuments(code: string, file: string, gqlDir: string, documents: Documents): Promise<{ code: string; map: SourceMap | null } | null> {
  const result = await transformAsync(code, {
    filename: file,
    babelrc: false,
    configFile: false,
    sourceMaps: true,
    // JSX only in .tsx: in a .ts file `<T>value` is a type assertion.
    parserOpts: { plugins: file.endsWith('.tsx') ? ['typescript', 'jsx'] : ['typescript'] },
    plugins: [
      [babelOptimizerPlugin, { artifactDirectory: gqlDir, gqlTagName: 'graphql' }],
      [inlineDocuments, { gqlDir, documents }],
    ],
  });
  return result?.code ? { code: result.code, map: result.map ?? null } : null;
}

/** readDocuments evaluates gqlDir/graphql.ts (generated; TypeScript with no imports but types). */
export async function readDocuments(gqlDir: string): Promise<Documents> {
  const file = join(gqlDir, 'graphql.ts');
  const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Documents;
}

/** graphqlDocuments is the Vite plugin (build only) for the modules under srcDir, src/gql excepted. */
export function graphqlDocuments(srcDir: string): Plugin {
  const gqlDir = join(srcDir, 'gql');
  let documents: Promise<Documents> | undefined;
  return {
    name: 'gallery:graphql-documents',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      documents = undefined;
    },
    transform: {
      filter: { id: /\.tsx?$/, code: 'graphql(' },
      async handler(code, id) {
        if (!id.startsWith(srcDir + sep) || id.startsWith(gqlDir + sep)) return null;
        documents ??= readDocuments(gqlDir);
        return transformDocuments(code, id, gqlDir, await documents);
      },
    },
  };
}
