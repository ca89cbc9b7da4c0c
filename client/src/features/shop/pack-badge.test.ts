import { describe, expect, it } from 'vitest';
import { offerBadge } from './pack-badge';

const eur = (amount: string) => ({ amount, currency: 'EUR' });

describe('offerBadge', () => {
  it('puts no « Gratuit » on a pack that costs something', () => {
    expect(offerBadge({ offerType: '', unitPrice: eur('39.00') })).toBeUndefined();
    expect(offerBadge({ offerType: 'gratuit', unitPrice: eur('39.00') })).toBeUndefined();
  });

  it('says « Gratuit » by default on a free pack', () => {
    expect(offerBadge({ offerType: '', unitPrice: eur('0.00') })).toBe('Gratuit');
  });

  it('keeps the photographer’s own offer type', () => {
    expect(offerBadge({ offerType: 'Offre spéciale', unitPrice: eur('39.00') })).toBe('Offre spéciale');
  });
});
