import type { ApolloClient, ObservableQuery } from '@apollo/client';
import { Kind, OperationTypeNode, type DocumentNode } from 'graphql';

/**
 * LANGUAGE_ROOT_FIELDS are the root fields whose answers the server writes
 * in the request's language (Accept-Language): the countries' names, the
 * cart's delivery problems and code messages, an order's country. Kept in
 * the cache for a screen not shown, they are dropped on a language switch,
 * so that the screen asks for them again when it comes back.
 */
export const LANGUAGE_ROOT_FIELDS = ['countries', 'cart', 'order'] as const;

/** rootFields lists the fields a query document asks for at its root. */
export function rootFields(document: DocumentNode): Set<string> {
  const out = new Set<string>();
  for (const def of document.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION || def.operation !== OperationTypeNode.QUERY) continue;
    for (const sel of def.selectionSet.selections) if (sel.kind === Kind.FIELD) out.add(sel.name.value);
  }
  return out;
}

/**
 * refetchInNewLanguage is what a language switch does to the data once the
 * interface speaks the new language (the next requests carry it): every
 * query on screen is asked again (catalogue, texts and messages from the
 * server, whatever depends on the language), and what the server wrote in
 * the old language for screens not on display is dropped from the cache,
 * so that nothing stays in the old language. A query that only reads the
 * cache (cache-only) follows the others' answers.
 */
export async function refetchInNewLanguage(client: ApolloClient): Promise<void> {
  const onScreen = new Set<string>();
  for (const q of client.getObservableQueries('active')) for (const f of rootFields(q.query)) onScreen.add(f);
  for (const fieldName of LANGUAGE_ROOT_FIELDS) {
    if (!onScreen.has(fieldName)) client.cache.evict({ id: 'ROOT_QUERY', fieldName });
  }
  client.cache.gc();
  await client.refetchQueries({
    include: 'active',
    onQueryUpdated: (q: ObservableQuery) => (q.options.fetchPolicy === 'cache-only' ? false : q.refetch()),
  });
}
