import { createLocalStorage } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';
import { useState } from 'react';
import { createPlaygroundFetcher } from './playground-fetcher';

/**
 * DEFAULT_QUERY is the first tab of a browser that never used the
 * playground: what it is for, and a query that says whether the server
 * takes this browser for the photographer.
 */
export const DEFAULT_QUERY = `# Bac à sable GraphQL de la Galerie, réservé au photographe.
#
# Écrivez une requête, puis Ctrl+Entrée (⌘+Entrée sur Mac) pour l'exécuter.
# Le schéma et sa documentation : icône du livre, à gauche. Chaque appel est
# décrit dans docs/api.md.

query Moi {
  me {
    isPhotographer
  }
}
`;

/**
 * PlaygroundPage is GraphiQL on the server's own /graphql. Tabs, history
 * and settings stay in this browser under the "galerie:" prefix of
 * localStorage, the keys the playground used when GraphiQL came from a CDN.
 * Headers typed in the headers panel (a bearer token) are not kept.
 */
export function PlaygroundPage() {
  const [fetcher] = useState(() => createPlaygroundFetcher(window.location));
  const [storage] = useState(() => createLocalStorage({ namespace: 'galerie' }));
  return (
    <GraphiQL
      fetcher={fetcher}
      storage={storage}
      defaultQuery={DEFAULT_QUERY}
      isHeadersEditorEnabled
      shouldPersistHeaders={false}
      inputValueDeprecation
    />
  );
}
