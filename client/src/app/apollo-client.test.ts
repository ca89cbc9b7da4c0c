import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { setCurrentGalleryId } from '../lib/gallery-id';
import { requestHeaders, shouldToast, toastMessage } from './apollo-client';

afterEach(() => setCurrentGalleryId(undefined));

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
