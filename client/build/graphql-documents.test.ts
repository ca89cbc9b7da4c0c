import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformWithOxc } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import * as generated from '../src/gql/graphql';
import { GalleryCoverFragment } from '../src/features/gallery/gallery-cover';
import { graphqlDocuments, readDocuments, transformDocuments, type Documents } from './graphql-documents';

const src = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
const gql = join(src, 'gql');
let documents: Documents;

beforeAll(async () => {
  documents = await readDocuments(gql);
});

/** callers lists the source files of the app that call graphql() (src/gql and tests excepted). */
function callers(): string[] {
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.startsWith('gql/') && !/\.test\.tsx?$/.test(file))
    .map((file) => join(src, file))
    .filter((file) => readFileSync(file, 'utf8').includes('graphql('));
}

/** evaluate runs transformed TypeScript without imports and gives its exports. */
async function evaluate(code: string): Promise<Record<string, unknown>> {
  const js = (await transformWithOxc(code, 'sample.ts', { lang: 'ts' })).code;
  return (await import(`data:text/javascript;base64,${Buffer.from(js).toString('base64')}`)) as Record<string, unknown>;
}

describe('graphql() calls at build time (build/graphql-documents.ts)', () => {
  it('puts in place of a call the document codegen named for it, the value the map gives in development', async () => {
    const file = join(src, 'lib/sample.ts');
    const code = [
      'export const Cover = graphql(`fragment GalleryCover_gallery on Gallery { id }`);',
      'export function home() {',
      '  return [graphql(`query GalleryHome($url: String!) { gallery(url: $url) { id } }`), <number>JSON.parse("1")];',
      '}',
    ].join('\n');
    const out = await transformDocuments(code, file, gql, documents);
    expect(out?.code).not.toContain('graphql');
    expect(out?.map?.sources).toEqual(['sample.ts']);
    const module = await evaluate(out?.code ?? '');
    expect(module.Cover).toEqual(generated.GalleryCover_GalleryFragmentDoc);
    expect((module.home as () => unknown[])()).toEqual([generated.GalleryHomeDocument, 1]);
    expect(GalleryCoverFragment).toBe(generated.GalleryCover_GalleryFragmentDoc);
  });

  it('leaves no graphql() call nor import of a document in any module of the app, so the map of every document is never bundled', async () => {
    const files = callers();
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const out = await transformDocuments(readFileSync(file, 'utf8'), file, gql, documents);
      expect(out?.code, file).not.toMatch(/\bgraphql\(/);
      expect(out?.code, file).not.toMatch(/^import \{[^}]*\} from "[./]*\/gql\/graphql";$/m);
      expect(out?.code, file).toContain('kind: "Document",');
    }
  }, 60_000);

  it('keeps the imports of types from graphql.ts and JSX', async () => {
    const file = join(src, 'features/sample/sample.tsx');
    const code = [
      'import { graphql } from "../../gql";',
      'import type { GalleryHomeQuery } from "../../gql/graphql";',
      'export const Query = graphql(`query GalleryHome($url: String!) { gallery(url: $url) { id } }`);',
      'export const Sample = ({ data }: { data: GalleryHomeQuery }) => <p>{data.gallery?.id}</p>;',
    ].join('\n');
    const out = await transformDocuments(code, file, gql, documents);
    expect(out?.code).toContain('import type { GalleryHomeQuery } from "../../gql/graphql";');
    expect(out?.code).toMatch(/^export const Query = \{\n {2}__meta__: \{\n {4}hash: "sha256:\w+"\n {2}\},\n {2}kind: "Document",$/m);
    expect(out?.code).toContain('<p>{data.gallery?.id}</p>');
  });

  it('fails on a document codegen has not written', async () => {
    const code = 'export const Q = graphql(`query NoSuchQuery { viewer { id } }`);';
    await expect(transformDocuments(code, join(src, 'lib/sample.ts'), gql, documents)).rejects.toThrow('has no NoSuchQueryDocument: run npm run codegen');
  });

  it('transforms the modules of src only, never src/gql itself', async () => {
    const plugin = graphqlDocuments(src);
    const transform = plugin.transform as { handler: (code: string, id: string) => Promise<unknown> };
    const code = 'export const Q = graphql(`query GalleryHome($url: String!) { gallery(url: $url) { id } }`);';
    expect(plugin.apply).toBe('build');
    expect(await transform.handler(code, join(src, 'lib/sample.ts'))).toMatchObject({ code: expect.stringContaining('"GalleryHome"') });
    expect(await transform.handler(code, join(gql, 'gql.ts'))).toBeNull();
    expect(await transform.handler(code, '/elsewhere/src/lib/sample.ts')).toBeNull();
  });
});
