import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { waitFor } from '@testing-library/react';
import { OperationTypeNode, parse } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNeedEmailStore } from '../features/access/need-email-store';
import { setCurrentGalleryId } from '../lib/gallery-id';
import { asksForEmail, createApolloClient, requestHeaders, shouldToast, toastMessage } from './apollo-client';

function clearXsrfCookie() {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
}

afterEach(() => {
  setCurrentGalleryId(undefined);
  clearXsrfCookie();
  vi.unstubAllGlobals();
});

// Parsed, not tagged: graphql-codegen only collects the app's own documents.
const LOGOUT = parse('mutation TestLogout { logout(input: { galleryId: "gal_1" }) { userErrors { code } } }');
const logoutResult = { data: { logout: { __typename: 'AccessPayload', userErrors: [] } } };

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function sentHeaders(call: unknown[]): Headers {
  return new Headers((call[1] as RequestInit | undefined)?.headers);
}

function gqlError(code: string, message = 'x') {
  return new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions: { code } }] });
}

describe('request headers', () => {
  it('sends the XSRF token from the cookie and the gallery id once known', () => {
    expect(requestHeaders('')).toEqual({});
    expect(requestHeaders('a=1; XSRF-TOKEN=abc%3D%3D; b=2')).toEqual({ 'X-XSRF-TOKEN': 'abc==' });
    setCurrentGalleryId('gal_123');
    expect(requestHeaders('XSRF-TOKEN=t')).toEqual({ 'X-XSRF-TOKEN': 't', 'X-Gallery-Id': 'gal_123' });
  });
});

describe('error link policy', () => {
  it('never toasts gallery_not_found', () => {
    expect(shouldToast(gqlError('gallery_not_found'), {})).toBe(false);
    expect(shouldToast(gqlError('internal'), {})).toBe(true);
  });

  it('keeps 401 and 403 silent on initial load only', () => {
    const forbidden = new ServerError('forbidden', { response: new Response('', { status: 403 }), bodyText: '' });
    expect(shouldToast(forbidden, { initialLoad: true })).toBe(false);
    expect(shouldToast(forbidden, {})).toBe(true);
    expect(shouldToast(gqlError('unauthenticated'), { initialLoad: true })).toBe(false);
    expect(shouldToast(gqlError('internal'), { silentErrors: true })).toBe(false);
  });

  it('translates toasts', () => {
    expect(toastMessage(gqlError('x', 'Message du serveur'), {})).toBe('Message du serveur');
    expect(toastMessage(gqlError('x'), { errorMessageKey: 'gallery.errorPhotos' })).toBe('Impossible de récupérer les photos de la galerie.');
    expect(toastMessage(new TypeError('Failed to fetch'), {})).toBe('Erreur réseau : vérifiez votre connexion internet.');
    expect(toastMessage({}, {})).toBe('Erreur inconnue');
  });
});

describe('need-email policy', () => {
  const unauthorized = gqlError('unauthorized', 'Adresse email requise');
  const http401 = new ServerError('unauthorized', { response: new Response('', { status: 401 }), bodyText: '' });

  it('asks for an e-mail on a 401 from a user action only', () => {
    expect(asksForEmail(unauthorized, OperationTypeNode.MUTATION, {})).toBe(true);
    expect(asksForEmail(http401, OperationTypeNode.MUTATION, {})).toBe(true);
    expect(asksForEmail(unauthorized, OperationTypeNode.QUERY, {})).toBe(false);
    expect(asksForEmail(unauthorized, OperationTypeNode.MUTATION, { skipNeedEmail: true })).toBe(false);
    expect(asksForEmail(gqlError('forbidden'), OperationTypeNode.MUTATION, {})).toBe(false);
  });

  it('sends the action again once the e-mail is confirmed', async () => {
    document.cookie = 'XSRF-TOKEN=tok; path=/';
    const store = createNeedEmailStore();
    store.subscribe(() => undefined);
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json({ data: null, errors: [{ message: 'Adresse email requise', extensions: { code: 'unauthorized' } }] }))
      .mockResolvedValueOnce(json(logoutResult));
    vi.stubGlobal('fetch', fetchMock);
    const client = createApolloClient({ needEmail: store });

    const pending = client.mutate({ mutation: LOGOUT });
    await waitFor(() => expect(store.getSnapshot()).toBe(true));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    store.settle(true);
    await expect(pending).resolves.toMatchObject({ data: { logout: { userErrors: [] } } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('gives the error back when the visitor closes the e-mail dialog', async () => {
    document.cookie = 'XSRF-TOKEN=tok; path=/';
    const store = createNeedEmailStore();
    store.subscribe(() => undefined);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json({ data: null, errors: [{ message: 'Adresse email requise', extensions: { code: 'unauthorized' } }] })));
    const client = createApolloClient({ needEmail: store });
    const pending = client.mutate({ mutation: LOGOUT });
    await waitFor(() => expect(store.getSnapshot()).toBe(true));
    store.settle(false);
    await expect(pending).rejects.toThrow('Adresse email requise');
  });
});

describe('XSRF cookie', () => {
  it('is fetched before the first mutation when missing, then sent', async () => {
    clearXsrfCookie();
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input) === '/version') {
        document.cookie = 'XSRF-TOKEN=fresh; path=/';
        return json({ version: 'v1' });
      }
      return json(logoutResult);
    });
    vi.stubGlobal('fetch', fetchMock);
    const client = createApolloClient();
    await client.mutate({ mutation: LOGOUT });
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual(['/version', '/graphql']);
    expect(sentHeaders(fetchMock.mock.calls[1]).get('X-XSRF-TOKEN')).toBe('fresh');
  });

  it('is not fetched again when present', async () => {
    document.cookie = 'XSRF-TOKEN=have; path=/';
    const fetchMock = vi.fn(async () => json(logoutResult));
    vi.stubGlobal('fetch', fetchMock);
    await createApolloClient().mutate({ mutation: LOGOUT });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentHeaders(fetchMock.mock.calls[0] as unknown[]).get('X-XSRF-TOKEN')).toBe('have');
  });
});
