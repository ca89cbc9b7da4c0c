import { describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { cartErrorMessage } from './cart-calls';

describe('cartErrorMessage', () => {
  const t = i18n.t.bind(i18n);

  it('shows the server’s message first', () => {
    expect(cartErrorMessage({ code: 'given_away', message: 'Message du serveur' }, t)).toBe('Message du serveur');
  });

  it('has the French text of given_away when the server sends none', () => {
    expect(cartErrorMessage({ code: 'given_away', message: '' }, t)).toBe(
      'Ces fichiers vous sont offerts\u00a0: téléchargez-les gratuitement depuis la galerie.',
    );
  });

  it('falls back to the unknown error for an unknown code', () => {
    expect(cartErrorMessage({ code: 'nope', message: ' ' }, t)).toBe('Erreur inconnue');
  });
});
