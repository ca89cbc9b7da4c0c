import { CombinedGraphQLErrors, CombinedProtocolErrors, ServerError, ServerParseError } from '@apollo/client/errors';

/** UNKNOWN_ERROR_MESSAGE is the last resort of the error catalogue (spec §8). */
export const UNKNOWN_ERROR_MESSAGE = 'Erreur inconnue';

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function messageFromBody(body: unknown): string | undefined {
  if (typeof body === 'string') {
    try {
      return messageFromBody(JSON.parse(body));
    } catch {
      return undefined;
    }
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as { message?: unknown; errors?: Array<{ message?: unknown }> };
  return nonEmpty(record.message) ?? nonEmpty(record.errors?.[0]?.message);
}

/**
 * serverMessage returns the message the server put in its response: the
 * first GraphQL error, a JSON body's `message` (or `errors[0].message`), or
 * the `response.data.message` of REST-style errors.
 */
export function serverMessage(error: unknown): string | undefined {
  if (CombinedGraphQLErrors.is(error) || CombinedProtocolErrors.is(error)) {
    return error.errors.map((e) => nonEmpty(e.message)).find(Boolean);
  }
  if (ServerError.is(error) || ServerParseError.is(error)) {
    return messageFromBody(error.bodyText);
  }
  if (typeof error === 'object' && error !== null && 'response' in error) {
    const response = (error as { response?: { data?: unknown } }).response;
    return messageFromBody(response?.data);
  }
  return undefined;
}

/**
 * chooseErrorMessage picks the text of an error toast: the server response's
 * message if present, else the error's own message, else the unknown-error
 * text ('Erreur inconnue' unless a translation is given).
 */
export function chooseErrorMessage(error: unknown, unknownMessage: string = UNKNOWN_ERROR_MESSAGE): string {
  const own = typeof error === 'string' ? nonEmpty(error) : typeof error === 'object' && error !== null ? nonEmpty((error as { message?: unknown }).message) : undefined;
  return serverMessage(error) ?? own ?? unknownMessage;
}

/** ClientFailure names a failure of the client library rather than of the server's logic. */
export type ClientFailure = 'network' | 'timeout' | 'aborted' | 'badRequest' | 'badResponse';

/** clientFailure classifies network, timeout, abort, bad request and bad response errors. */
export function clientFailure(error: unknown): ClientFailure | undefined {
  if (ServerParseError.is(error)) return 'badResponse';
  if (ServerError.is(error)) {
    if (error.statusCode === 400) return 'badRequest';
    if (error.statusCode === 408 || error.statusCode === 504) return 'timeout';
    return undefined;
  }
  if (typeof error !== 'object' || error === null) return undefined;
  const name = (error as { name?: unknown }).name;
  if (name === 'TimeoutError') return 'timeout';
  if (name === 'AbortError') return 'aborted';
  if (error instanceof TypeError) return 'network'; // fetch rejects with TypeError when offline
  return undefined;
}

/** errorCodes lists the extensions.code values of GraphQL errors. */
export function errorCodes(error: unknown): string[] {
  if (!CombinedGraphQLErrors.is(error)) return [];
  return error.errors.map((e) => e.extensions?.code).filter((c): c is string => typeof c === 'string');
}

/** httpStatus returns the HTTP status of a server error, if any. */
export function httpStatus(error: unknown): number | undefined {
  return ServerError.is(error) || ServerParseError.is(error) ? error.statusCode : undefined;
}
