import { ApolloClient, ApolloLink, HttpLink } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { OperationTypeNode } from 'graphql';
import type { Client as SubscriptionClient, ClientOptions, Event, EventListener } from 'graphql-ws';
import { from, mergeMap, Observable } from 'rxjs';
import i18n, { currentLanguage } from './i18n';
import { createCache } from './apollo-cache';
import { GALLERY_ID_HEADER, getCurrentGalleryId } from './gallery-id';
import { ensureXsrfToken, readCookie, XSRF_COOKIE, XSRF_HEADER } from './xsrf';
import { needEmail as appNeedEmail, type NeedEmailStore } from './need-email-store';
import { chooseErrorMessage, clientFailure, errorCodes, httpStatus, serverMessage } from './error-message';
import { notify } from './notification-store';
import { persistedDocumentsLink } from './persisted-documents';

/**
 * AppOperationContext is what operations may put in their Apollo context to
 * steer the error link.
 */
export interface AppOperationContext {
  /** Part of the initial gallery load: 401 and 403 stay silent (spec §8). */
  initialLoad?: boolean;
  /** The screen handles errors itself: no toast. */
  silentErrors?: boolean;
  /** Error codes the screen shows itself (e.g. a photo page's « Cette photo est introuvable. »): no toast for them. */
  silentCodes?: readonly string[];
  /** Translation key of the toast instead of the server's message (e.g. gallery.errorPhotos). */
  errorMessageKey?: string;
  /** A 401 does not ask for an e-mail (the access calls themselves). */
  skipNeedEmail?: boolean;
}

/** HTTP_TIMEOUT_MS is the request timeout; 0 means none (spec §9). */
export const HTTP_TIMEOUT_MS = 0;

/** SILENT_CODES are GraphQL error codes that a screen handles without a toast. */
const SILENT_CODES = new Set(['gallery_not_found', 'gallery_offline']);
const AUTH_CODES = new Set(['unauthenticated', 'UNAUTHENTICATED', 'unauthorized', 'forbidden', 'FORBIDDEN', 'access_denied']);

/**
 * requestHeaders returns the anti-forgery, gallery and language headers of the
 * next request. Accept-Language carries the interface's language (the
 * visitor's choice, not only the browser's), so that what the server writes
 * for this visitor (e-mails, messages) can follow it.
 */
export function requestHeaders(cookies?: string): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  const token = readCookie(XSRF_COOKIE, cookies);
  if (token) headers[XSRF_HEADER] = token;
  const galleryId = getCurrentGalleryId();
  if (galleryId) headers[GALLERY_ID_HEADER] = galleryId;
  return headers;
}

/** CODE_MESSAGES are error codes whose toast is the catalogue's text, whatever the server said. */
const CODE_MESSAGES: Record<string, string> = {
  // A preview link is read-only: every action is refused with this code (docs/api.md, Preview links).
  preview_read_only: 'errors.previewReadOnly',
};

/** toastMessage picks the translated text of an error toast. */
export function toastMessage(error: unknown, context: AppOperationContext): string {
  const known = errorCodes(error).find((c) => c in CODE_MESSAGES);
  if (known) return i18n.t(CODE_MESSAGES[known]);
  if (context.errorMessageKey) return i18n.t(context.errorMessageKey);
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  const failure = clientFailure(error);
  if (failure) return i18n.t(`errors.${failure}`);
  return chooseErrorMessage(error, i18n.t('errors.unknown'));
}

/** shouldToast tells whether an operation's error becomes a toast. */
export function shouldToast(error: unknown, context: AppOperationContext): boolean {
  if (context.silentErrors) return false;
  const codes = errorCodes(error);
  if (codes.some((c) => SILENT_CODES.has(c) || context.silentCodes?.includes(c))) return false;
  if (context.initialLoad) {
    const status = httpStatus(error);
    if (status === 401 || status === 403) return false;
    if (codes.some((c) => AUTH_CODES.has(c))) return false;
  }
  return true;
}

/**
 * asksForEmail tells whether an error should raise the need-email state
 * (spec §4, §8): a user action (a mutation) refused with 401 or
 * extensions.code unauthorized. Queries, the initial load included, stay
 * silent about it.
 */
export function asksForEmail(error: unknown, operationType: OperationTypeNode | undefined, context: AppOperationContext): boolean {
  if (operationType !== OperationTypeNode.MUTATION || context.skipNeedEmail) return false;
  return httpStatus(error) === 401 || errorCodes(error).includes('unauthorized');
}

/** SUBSCRIPTION_RETRY_MAX_MS caps the wait between two websocket reconnections. */
export const SUBSCRIPTION_RETRY_MAX_MS = 30_000;
/** SUBSCRIPTION_LAZY_CLOSE_MS keeps an idle websocket open a moment, so a subscription that replaces another reuses it. */
export const SUBSCRIPTION_LAZY_CLOSE_MS = 3_000;

/**
 * subscriptionUrl is the websocket address of the API at uri: ws(s)://host/graphql
 * for the page's own host by default (the server checks the origin and reads
 * the page's cookies in the handshake).
 */
export function subscriptionUrl(uri = '/graphql', base: string = window.location.href): string {
  const url = new URL(uri, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/**
 * retryDelay is the wait before the n-th websocket reconnection (from 0):
 * exponential from 1 s, capped at SUBSCRIPTION_RETRY_MAX_MS, with up to a
 * third of jitter so that a restarted server is not hit by every tab at once.
 */
export function retryDelay(retries: number, random: () => number = Math.random): number {
  const base = Math.min(SUBSCRIPTION_RETRY_MAX_MS, 1000 * 2 ** Math.min(retries, 15));
  return Math.round(base * (1 - random() / 3));
}

/**
 * subscriptionOptions are the graphql-ws (graphql-transport-ws) client's
 * settings: lazy (the socket opens with the first subscription and closes a
 * moment after the last), and it reconnects after any close, with backoff,
 * for as long as subscriptions are running; they are sent again on
 * reconnection. The handshake carries the page's cookies, which identify
 * the viewer as over HTTP.
 */
export function subscriptionOptions(url: string | (() => string)): ClientOptions {
  return {
    url,
    lazy: true,
    lazyCloseTimeout: SUBSCRIPTION_LAZY_CLOSE_MS,
    retryAttempts: Infinity,
    shouldRetry: () => true,
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, retryDelay(retries))),
  };
}

/**
 * createSubscriptionClient makes the websocket client of subscriptions. It
 * is a stand-in until the first subscription: only then is graphql-ws
 * loaded and the real client made, to which it hands the listeners it was
 * given and every call (docs/performance.md: the library is not needed to
 * draw the first screen). A subscription stopped before the library
 * arrived is never sent.
 */
export function createSubscriptionClient(url: string | (() => string) = () => subscriptionUrl()): SubscriptionClient {
  let loaded: SubscriptionClient | undefined;
  let loading: Promise<SubscriptionClient> | undefined;
  const listeners: Array<{ event: Event; listener: EventListener<Event>; active: boolean; off?: () => void }> = [];
  const load = () =>
    (loading ??= import('graphql-ws').then(({ createClient }) => {
      loaded = createClient(subscriptionOptions(url));
      for (const l of listeners) if (l.active) l.off = loaded.on(l.event, l.listener);
      return loaded;
    }));
  return {
    on(event, listener) {
      if (loaded) return loaded.on(event, listener);
      const entry: (typeof listeners)[number] = { event, listener: listener as EventListener<Event>, active: true };
      listeners.push(entry);
      return () => {
        entry.active = false;
        entry.off?.();
      };
    },
    subscribe(payload, sink) {
      if (loaded) return loaded.subscribe(payload, sink);
      let stop: (() => void) | undefined;
      let stopped = false;
      load().then(
        (client) => {
          if (!stopped) stop = client.subscribe(payload, sink);
        },
        (error: unknown) => {
          if (!stopped) sink.error(error);
        },
      );
      return () => {
        stopped = true;
        stop?.();
      };
    },
    iterate(payload) {
      return (async function* () {
        yield* (await load()).iterate(payload);
      })();
    },
    dispose: () => loaded?.dispose(),
    terminate: () => loaded?.terminate(),
  };
}

/** isSubscription tells the operations that go over the websocket. */
export function isSubscription(operation: ApolloLink.Operation): boolean {
  return operation.operationType === OperationTypeNode.SUBSCRIPTION;
}

function withTimeout(timeoutMs: number): typeof fetch | undefined {
  if (timeoutMs <= 0) return undefined;
  return (input, init) => fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs) });
}

/**
 * ApolloClientOptions: where the API is, its timeout, the need-email store
 * to raise (the app's by default), and the websocket client of subscriptions
 * (one to uri on the page's host by default).
 */
export interface ApolloClientOptions {
  uri?: string;
  timeoutMs?: number;
  needEmail?: NeedEmailStore;
  subscriptions?: SubscriptionClient;
}

/**
 * createApolloClient wires the error link, the header link and, split by
 * operation type, the websocket link of subscriptions and the HTTP link to
 * /graphql for everything else. The error link turns errors into translated
 * toasts, except a 401 on a user action: that asks for an e-mail (when the
 * gallery's e-mail dialog is on screen) and, once one is confirmed, sends
 * the action again. The header link adds the XSRF and gallery headers,
 * fetching the XSRF cookie first if a mutation finds none. After a websocket
 * reconnection, the queries on screen are read again.
 */
export function createApolloClient({ uri = '/graphql', timeoutMs = HTTP_TIMEOUT_MS, needEmail = appNeedEmail, subscriptions }: ApolloClientOptions = {}): ApolloClient {
  const errorLink = new ErrorLink(({ error, operation, forward, result }) => {
    const context = operation.getContext() as AppOperationContext;
    if (asksForEmail(error, operation.operationType, context) && needEmail.attended()) {
      return new Observable<ApolloLink.Result>((observer) => {
        let retry: { unsubscribe(): void } | undefined;
        let closed = false;
        void needEmail.request().then((confirmed) => {
          if (closed) return;
          if (confirmed) {
            retry = forward(operation).subscribe(observer);
          } else if (result) {
            observer.next(result);
            observer.complete();
          } else {
            observer.error(error);
          }
        });
        return () => {
          closed = true;
          retry?.unsubscribe();
        };
      });
    }
    if (!shouldToast(error, context)) return;
    notify({ type: 'error', message: toastMessage(error, context) });
  });

  const headersLink = new ApolloLink((operation, forward) => {
    const send = () => {
      operation.setContext((previous: { headers?: Record<string, string> }) => ({
        headers: { ...previous.headers, ...requestHeaders() },
      }));
      return forward(operation);
    };
    if (operation.operationType !== OperationTypeNode.MUTATION || readCookie(XSRF_COOKIE)) return send();
    return from(ensureXsrfToken()).pipe(mergeMap(send));
  });

  const httpLink = new HttpLink({ uri, credentials: 'same-origin', fetch: withTimeout(timeoutMs) });
  const socket = subscriptions ?? createSubscriptionClient(() => subscriptionUrl(uri));
  const wsLink = new GraphQLWsLink(socket);

  const client = new ApolloClient({
    link: ApolloLink.from([errorLink, headersLink, ApolloLink.split(isSubscription, wsLink, persistedDocumentsLink().concat(httpLink))]),
    cache: createCache(),
  });
  // Subscriptions are sent again on reconnection, but a change made while
  // the socket was down (a cart changed in another tab) is not: the screens
  // on display read their data again.
  socket.on('connected', (_socket, _payload, wasRetry) => {
    if (wasRetry) void client.refetchObservableQueries().catch(() => undefined);
  });
  return client;
}
