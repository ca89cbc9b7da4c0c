import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { waitFor } from '@testing-library/react';
import { OperationTypeNode, parse } from 'graphql';
import { createClient, type Client as SubscriptionClient, type Sink, type SubscribePayload } from 'graphql-ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNeedEmailStore } from './need-email-store';
import { setCurrentGalleryId } from './gallery-id';
import i18n from './i18n';
import { asksForEmail, createApolloClient, createSubscriptionClient, requestHeaders, retryDelay, shouldToast, subscriptionUrl, SUBSCRIPTION_RETRY_MAX_MS, toastMessage } from './apollo-client';

// graphql-ws is loaded with the first subscription; here it makes fakes.
vi.mock('graphql-ws', () => ({ createClient: vi.fn() }));

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
  it('sends the XSRF token from the cookie, the gallery id once known, and the interface language', async () => {
    expect(requestHeaders('')).toEqual({ 'Accept-Language': 'fr' });
    expect(requestHeaders('a=1; XSRF-TOKEN=abc%3D%3D; b=2')).toEqual({ 'Accept-Language': 'fr', 'X-XSRF-TOKEN': 'abc==' });
    setCurrentGalleryId('gal_123');
    expect(requestHeaders('XSRF-TOKEN=t')).toEqual({ 'Accept-Language': 'fr', 'X-XSRF-TOKEN': 't', 'X-Gallery-Id': 'gal_123' });
    try {
      await i18n.changeLanguage('nl');
      expect(requestHeaders('')['Accept-Language']).toBe('nl');
    } finally {
      await i18n.changeLanguage('fr');
    }
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

  it('keeps the codes a screen shows itself silent, and only those', () => {
    expect(shouldToast(gqlError('not_found'), { silentCodes: ['not_found'] })).toBe(false);
    expect(shouldToast(gqlError('not_found'), {})).toBe(true);
    expect(shouldToast(gqlError('internal'), { silentCodes: ['not_found'] })).toBe(true);
  });

  it('translates toasts', () => {
    expect(toastMessage(gqlError('x', 'Message du serveur'), {})).toBe('Message du serveur');
    expect(toastMessage(gqlError('x'), { errorMessageKey: 'gallery.errorPhotos' })).toBe('Impossible de récupérer les photos de la galerie.');
    expect(toastMessage(new TypeError('Failed to fetch'), {})).toBe('Erreur réseau : vérifiez votre connexion internet.');
    expect(toastMessage({}, {})).toBe('Erreur inconnue');
    // A read-only preview's refusal shows the catalogue's French text, whatever the server said.
    expect(toastMessage(gqlError('preview_read_only', 'Forbidden'), {})).toBe('Cet aperçu est en lecture seule.');
    expect(toastMessage(gqlError('preview_read_only'), { errorMessageKey: 'gallery.errorPhotos' })).toBe('Cet aperçu est en lecture seule.');
    expect(shouldToast(gqlError('preview_read_only'), {})).toBe(true);
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

// Parsed, not tagged, like LOGOUT above.
const CART_LIVE = parse('subscription TestCartLive { cartUpdated(galleryId: "gal_1") { id itemCount } }');

/** fakeSubscriptions is a graphql-ws client that records what it is asked to subscribe to. */
function fakeSubscriptions() {
  const calls: Array<{ payload: SubscribePayload; sink: Sink }> = [];
  const listeners: Array<{ event: string; listener: (...args: unknown[]) => void }> = [];
  const stopped = vi.fn();
  const client = {
    subscribe: vi.fn((payload: SubscribePayload, sink: Sink) => {
      calls.push({ payload, sink });
      return stopped;
    }),
    iterate: vi.fn(),
    on: vi.fn((event: string, listener: (...args: unknown[]) => void) => {
      listeners.push({ event, listener });
      return () => undefined;
    }),
    terminate: vi.fn(),
    dispose: vi.fn(),
  } as unknown as SubscriptionClient;
  /** emit plays an event of the socket to the listeners. */
  const emit = (event: string, ...args: unknown[]) => listeners.filter((l) => l.event === event).forEach((l) => l.listener(...args));
  return { client, calls, stopped, emit };
}

describe('subscriptions', () => {
  it('go over the websocket while queries and mutations stay on HTTP', async () => {
    document.cookie = 'XSRF-TOKEN=tok; path=/';
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) => json(logoutResult));
    vi.stubGlobal('fetch', fetchMock);
    const ws = fakeSubscriptions();
    const client = createApolloClient({ subscriptions: ws.client });

    const seen: unknown[] = [];
    const live = client.subscribe({ query: CART_LIVE }).subscribe({ next: (result) => seen.push(result.data) });
    await waitFor(() => expect(ws.calls).toHaveLength(1));
    expect(ws.calls[0].payload).toMatchObject({ operationName: 'TestCartLive' });
    expect(ws.calls[0].payload.query).toContain('cartUpdated(galleryId: "gal_1")');
    ws.calls[0].sink.next({ data: { cartUpdated: { __typename: 'Cart', id: 'cart_1', itemCount: 2 } } });
    ws.calls[0].sink.next({ data: { cartUpdated: { __typename: 'Cart', id: 'cart_1', itemCount: 3 } } });
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]).toMatchObject({ cartUpdated: { id: 'cart_1', itemCount: 3 } });
    expect(fetchMock).not.toHaveBeenCalled();

    await client.mutate({ mutation: LOGOUT });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0][0])).toBe('/graphql');
    expect(ws.client.subscribe).toHaveBeenCalledTimes(1);

    live.unsubscribe();
    expect(ws.stopped).toHaveBeenCalled();
  });

  it('read the screens’ data again after a reconnection, not after the first connection', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) => json({ data: { gallery: { __typename: 'Gallery', id: 'gal_1' } } }));
    vi.stubGlobal('fetch', fetchMock);
    const ws = fakeSubscriptions();
    const client = createApolloClient({ subscriptions: ws.client });
    const watched = client.watchQuery({ query: parse('query TestShown { gallery(url: "gala") { id } }') }).subscribe(() => undefined);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));

    ws.emit('connected', {}, undefined, false);
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    ws.emit('connected', {}, undefined, true);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    watched.unsubscribe();
  });

  it('reach the API on the page host, ws or wss as the page', () => {
    expect(subscriptionUrl('/graphql', 'http://localhost:5173/gala-2026/cart')).toBe('ws://localhost:5173/graphql');
    expect(subscriptionUrl('/graphql', 'https://photos.example.com/gala')).toBe('wss://photos.example.com/graphql');
    expect(subscriptionUrl('https://api.example.com/graphql', 'https://photos.example.com/')).toBe('wss://api.example.com/graphql');
  });

  it('reconnect with a growing, capped and jittered wait', () => {
    expect([0, 1, 2, 3].map((n) => retryDelay(n, () => 0))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelay(20, () => 0)).toBe(SUBSCRIPTION_RETRY_MAX_MS);
    expect(retryDelay(0, () => 0.999)).toBeGreaterThan(660);
    expect(retryDelay(0, () => 0.999)).toBeLessThan(1000);
  });
});

describe('the websocket client', () => {
  const sink = () => ({ next: vi.fn(), error: vi.fn(), complete: vi.fn() });

  it('loads graphql-ws with the first subscription, then hands it the listeners and the calls', async () => {
    const real = fakeSubscriptions();
    vi.mocked(createClient).mockReset().mockReturnValue(real.client);
    const socket = createSubscriptionClient('ws://photos.example.com/graphql');
    const connected = vi.fn();
    socket.on('connected', connected);
    expect(createClient).not.toHaveBeenCalled();

    const stop = socket.subscribe({ query: 'subscription { a }' }, sink());
    await waitFor(() => expect(real.calls).toHaveLength(1));
    expect(createClient).toHaveBeenCalledTimes(1);
    expect(createClient).toHaveBeenCalledWith(expect.objectContaining({ url: 'ws://photos.example.com/graphql', lazy: true, retryAttempts: Infinity }));
    real.emit('connected', {}, undefined, true);
    expect(connected).toHaveBeenCalledTimes(1);

    socket.subscribe({ query: 'subscription { b }' }, sink());
    expect(real.calls).toHaveLength(2);
    expect(createClient).toHaveBeenCalledTimes(1);
    stop();
    expect(real.stopped).toHaveBeenCalledTimes(1);
  });

  it('never sends a subscription stopped before graphql-ws arrived', async () => {
    const real = fakeSubscriptions();
    vi.mocked(createClient).mockReset().mockReturnValue(real.client);
    const socket = createSubscriptionClient('ws://photos.example.com/graphql');
    const stop = socket.subscribe({ query: 'subscription { a }' }, sink());
    stop();
    await waitFor(() => expect(createClient).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 10));
    expect(real.calls).toHaveLength(0);
  });
});
