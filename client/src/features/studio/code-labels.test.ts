import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import fr from '../../lib/locales/fr';
import { benefit, deletable, statusLabel } from './code-labels';

const eur = (amount: string) => ({ amount, currency: 'EUR' });
const base = { kind: 'discount_code', percentOff: 0, amountOff: eur('0.00'), freeShipping: false, freeShippingCountries: [], giftAmount: eur('0.00') };

describe('code labels', () => {
  const t = i18next.createInstance();
  beforeAll(async () => {
    await t.init({ lng: 'fr', resources: { fr: { translation: fr } } });
  });
  it('describes what a code gives', () => {
    expect(benefit({ ...base, percentOff: 10 }, t.t, 'fr')).toBe('−10 %');
    expect(benefit({ ...base, amountOff: eur('5.00'), freeShipping: true, freeShippingCountries: ['BE'] }, t.t, 'fr')).toBe(
      '−5\u00a0€ + livraison offerte (BE)',
    );
    expect(benefit({ ...base, kind: 'gift_card', giftAmount: eur('30.00') }, t.t, 'fr')).toBe('Carte cadeau de 30\u00a0€');
  });
  it('names the statuses', () => {
    expect(statusLabel('used_up', t.t)).toBe('Épuisé');
    expect(statusLabel('disabled', t.t)).toBe('Désactivé');
  });
  it('tells what may be deleted', () => {
    expect(deletable({ kind: 'discount_code', timesUsed: 0, giftAmount: eur('0.00'), balance: eur('0.00') })).toBe(true);
    expect(deletable({ kind: 'discount_code', timesUsed: 1, giftAmount: eur('0.00'), balance: eur('0.00') })).toBe(false);
    expect(deletable({ kind: 'gift_card', timesUsed: 0, giftAmount: eur('30.00'), balance: eur('12.00') })).toBe(false);
    expect(deletable({ kind: 'gift_card', timesUsed: 0, giftAmount: eur('30.00'), balance: eur('30.00') })).toBe(true);
  });
});
