import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import persisted from '../gql/persisted-documents.json';
import { GalleryHomeDocument } from '../gql/graphql';
import { documentHash } from './persisted-documents';

describe('documentHash', () => {
  it('is the hash graphql-codegen listed for the document, without its prefix', () => {
    const hash = documentHash(GalleryHomeDocument);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(persisted)).toContain(`sha256:${hash}`);
  });

  it('is undefined for a document codegen did not make (sent with its text)', () => {
    expect(documentHash(parse('query X { __typename }'))).toBeUndefined();
  });
});
