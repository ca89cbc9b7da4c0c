import { createGraphiQLFetcher, type Fetcher } from '@graphiql/toolkit';

/**
 * PLAYGROUND_HEADERS go with every HTTP request of the playground. The
 * photographer_session cookie alone authenticates no /graphql request: the
 * server also wants a header that a cross-site form cannot send
 * (server/photographer.go, cookieMayAuthenticate), and takes this one as
 * the anti-forgery proof of the photographer's mutations.
 */
export const PLAYGROUND_HEADERS: Readonly<Record<string, string>> = { 'X-Requested-With': 'GraphiQL' };

/** PlaygroundEndpoints are the addresses GraphiQL sends queries and subscriptions to. */
export interface PlaygroundEndpoints {
  url: string;
  subscriptionUrl: string;
}

/** playgroundEndpoints gives the server's own /graphql, over HTTP and over websocket (wss on an https page). */
export function playgroundEndpoints(location: Pick<Location, 'protocol' | 'host'>): PlaygroundEndpoints {
  const ws = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return { url: `${location.protocol}//${location.host}/graphql`, subscriptionUrl: `${ws}//${location.host}/graphql` };
}

/**
 * createPlaygroundFetcher is GraphiQL's fetcher for this server: queries and
 * mutations over HTTP with the browser's cookies (same origin), and
 * subscriptions over graphql-ws (as anonymous unless the connection
 * parameters, editable in the headers panel, carry a bearer token).
 */
export function createPlaygroundFetcher(location: Pick<Location, 'protocol' | 'host'>): Fetcher {
  return createGraphiQLFetcher({ ...playgroundEndpoints(location), headers: { ...PLAYGROUND_HEADERS } });
}
