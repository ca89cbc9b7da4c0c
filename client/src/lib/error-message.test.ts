import { describe, expect, it } from 'vitest';
import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { chooseErrorMessage, clientFailure, errorCodes, httpStatus, serverMessage } from './error-message';

function serverError(status: number, body: string) {
  return new ServerError('Response not successful', { response: new Response(body, { status }), bodyText: body });
}

describe('chooseErrorMessage', () => {
  it('prefers the server response message', () => {
    const gql = new CombinedGraphQLErrors({ data: null, errors: [{ message: 'Code invalide', extensions: { code: 'bad_code' } }] });
    expect(chooseErrorMessage(gql)).toBe('Code invalide');
    expect(chooseErrorMessage(serverError(500, '{"message":"Panier indisponible"}'))).toBe('Panier indisponible');
    expect(chooseErrorMessage(serverError(500, '{"errors":[{"message":"Refusé"}]}'))).toBe('Refusé');
    expect(chooseErrorMessage({ message: 'Request failed', response: { data: { message: 'Format épuisé' } } })).toBe('Format épuisé');
  });

  it('falls back to the error own message', () => {
    expect(chooseErrorMessage(serverError(502, '<html>bad gateway</html>'))).toBe('Response not successful');
    expect(chooseErrorMessage(new Error('Failed to fetch'))).toBe('Failed to fetch');
    expect(chooseErrorMessage({ message: 'x', response: { data: {} } })).toBe('x');
    expect(chooseErrorMessage('texte brut')).toBe('texte brut');
  });

  it('ends with Erreur inconnue (or the given translation)', () => {
    expect(chooseErrorMessage(undefined)).toBe('Erreur inconnue');
    expect(chooseErrorMessage(null)).toBe('Erreur inconnue');
    expect(chooseErrorMessage({})).toBe('Erreur inconnue');
    expect(chooseErrorMessage(new Error(''))).toBe('Erreur inconnue');
    expect(chooseErrorMessage(42, 'Unknown error')).toBe('Unknown error');
  });
});

describe('error classification', () => {
  it('reads codes and statuses', () => {
    const gql = new CombinedGraphQLErrors({ data: null, errors: [{ message: 'x', extensions: { code: 'gallery_not_found' } }] });
    expect(errorCodes(gql)).toEqual(['gallery_not_found']);
    expect(errorCodes(new Error('x'))).toEqual([]);
    expect(httpStatus(serverError(403, ''))).toBe(403);
    expect(serverMessage(new Error('x'))).toBeUndefined();
  });

  it('recognises client library failures', () => {
    expect(clientFailure(new TypeError('Failed to fetch'))).toBe('network');
    expect(clientFailure(new DOMException('t', 'TimeoutError'))).toBe('timeout');
    expect(clientFailure(new DOMException('a', 'AbortError'))).toBe('aborted');
    expect(clientFailure(serverError(400, ''))).toBe('badRequest');
    expect(clientFailure(new ServerParseError(new Error('bad json'), { response: new Response('x'), bodyText: 'x' }))).toBe('badResponse');
    expect(clientFailure(serverError(500, ''))).toBeUndefined();
  });
});
