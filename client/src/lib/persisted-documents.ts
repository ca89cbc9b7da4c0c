import { ApolloLink } from '@apollo/client';
import { createPersistedQueryLink } from '@apollo/client/link/persisted-queries';
import type { DocumentNode } from 'graphql';

const PREFIX = 'sha256:';

/**
 * documentHash returns the SHA-256 graphql-codegen gave a document
 * (`__meta__.hash`, listed in src/gql/persisted-documents.json, which the
 * server embeds), or undefined for a document it did not generate.
 */
export function documentHash(document: DocumentNode): string | undefined {
  const hash = (document as { __meta__?: { hash?: unknown } }).__meta__?.hash;
  return typeof hash === 'string' && hash.startsWith(PREFIX) ? hash.slice(PREFIX.length) : undefined;
}

/**
 * persistedDocumentsLink sends the client's documents by hash alone
 * (extensions.persistedQuery, without the text): smaller requests, and the
 * server's answer cache knows them. A server that does not know a hash (one
 * of another build) answers PERSISTED_QUERY_NOT_FOUND and the link sends the
 * text once more with it. A document without a hash goes with its text.
 */
export function persistedDocumentsLink(): ApolloLink {
  const persisted = createPersistedQueryLink({ generateHash: (document) => documentHash(document) ?? '' });
  return ApolloLink.split((operation) => documentHash(operation.query) !== undefined, persisted);
}
