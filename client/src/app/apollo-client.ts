import { ApolloClient, ApolloLink, HttpLink } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import i18n from '../lib/i18n';
import { createCache } from '../lib/apollo-cache';
import { GALLERY_ID_HEADER, getCurrentGalleryId } from '../lib/gallery-id';
import { readCookie, XSRF_COOKIE, XSRF_HEADER } from '../lib/xsrf';
import { chooseErrorMessage, clientFailure, errorCodes, httpStatus, serverMessage } from '../features/notifications/error-message';
import { notify } from '../features/notifications/notification-store';

/**
 * AppOperationContext is what operations may put in their Apollo context to
 * steer the error link.
 */
export interface AppOperationContext {
  /** Part of the initial gallery load: 401 and 403 stay silent (spec §8). */
  initialLoad?: boolean;
  /** The screen handles errors itself: no toast. */
  silentErrors?: boolean;
  /** Translation key of the toast instead of the server's message (e.g. gallery.errorPhotos). */
  errorMessageKey?: string;
}

/** HTTP_TIMEOUT_MS is the request timeout; 0 means none (spec §9). */
export const HTTP_TIMEOUT_MS = 0;

/** SILENT_CODES are GraphQL error codes that a screen handles without a toast. */
const SILENT_CODES = new Set(['gallery_not_found']);
const AUTH_CODES = new Set(['unauthenticated', 'UNAUTHENTICATED', 'unauthorized', 'forbidden', 'FORBIDDEN', 'access_denied']);

/** requestHeaders returns the anti-forgery and gallery headers of the next request. */
export function requestHeaders(cookies?: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = readCookie(XSRF_COOKIE, cookies);
  if (token) headers[XSRF_HEADER] = token;
  const galleryId = getCurrentGalleryId();
  if (galleryId) headers[GALLERY_ID_HEADER] = galleryId;
  return headers;
}

/** toastMessage picks the translated text of an error toast. */
export function toastMessage(error: unknown, context: AppOperationContext): string {
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
  if (codes.some((c) => SILENT_CODES.has(c))) return false;
  if (context.initialLoad) {
    const status = httpStatus(error);
    if (status === 401 || status === 403) return false;
    if (codes.some((c) => AUTH_CODES.has(c))) return false;
  }
  return true;
}

function withTimeout(timeoutMs: number): typeof fetch | undefined {
  if (timeoutMs <= 0) return undefined;
  return (input, init) => fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs) });
}

/** createApolloClient wires the error link, the header link and the HTTP link to /graphql. */
export function createApolloClient({ uri = '/graphql', timeoutMs = HTTP_TIMEOUT_MS }: { uri?: string; timeoutMs?: number } = {}): ApolloClient {
  const errorLink = new ErrorLink(({ error, operation }) => {
    const context = operation.getContext() as AppOperationContext;
    if (!shouldToast(error, context)) return;
    notify({ type: 'error', message: toastMessage(error, context) });
  });

  const headersLink = new ApolloLink((operation, forward) => {
    operation.setContext((previous: { headers?: Record<string, string> }) => ({
      headers: { ...previous.headers, ...requestHeaders() },
    }));
    return forward(operation);
  });

  const httpLink = new HttpLink({ uri, credentials: 'same-origin', fetch: withTimeout(timeoutMs) });

  return new ApolloClient({
    link: ApolloLink.from([errorLink, headersLink, httpLink]),
    cache: createCache(),
  });
}
