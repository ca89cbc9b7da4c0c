import { describe, expect, it } from 'vitest';
import { codeRequest, countries, dayStart, decimal, emptyCodeForm, integer } from './code-form-values';

describe('decimal', () => {
  it('writes the API decimal whatever the separator', () => {
    expect(decimal('12,5')).toBe('12.50');
    expect(decimal(' 7 ')).toBe('7.00');
    expect(decimal('0012.05')).toBe('12.05');
    expect(decimal('')).toBeNull();
  });
  it('leaves what is not a number for the server to refuse', () => {
    expect(decimal('douze')).toBe('douze');
    expect(decimal('-3')).toBe('-3');
  });
});

describe('integer, countries, dayStart', () => {
  it('reads whole numbers', () => {
    expect(integer('3')).toBe(3);
    expect(integer('')).toBeNull();
    expect(integer('3,5')).toBeNaN();
  });
  it('splits countries', () => {
    expect(countries('be, fr;lu  nl')).toEqual(['BE', 'FR', 'LU', 'NL']);
    expect(countries(' ')).toEqual([]);
  });
  it('turns a day into local midnight', () => {
    expect(dayStart('2027-02-28', 1)).toBe(new Date(2027, 2, 1).toISOString());
    expect(dayStart('28/02/2027')).toBeNull();
  });
});

describe('codeRequest', () => {
  it('makes one discount code with its limits', () => {
    const r = codeRequest({
      ...emptyCodeForm,
      code: ' ecole5 ',
      amountOff: '5',
      minSpend: '20,00',
      usageLimit: '100',
      perEmailLimit: '1',
      validUntil: '2027-06-30',
      galleryId: 'gal1',
      freeShipping: true,
      freeShippingCountries: 'be fr',
    });
    expect(r).toEqual({
      mutation: 'createVoucher',
      input: {
        code: 'ecole5',
        amountOff: '5.00',
        minSpend: '20.00',
        usageLimit: 100,
        perEmailLimit: 1,
        validUntil: new Date(2027, 6, 1).toISOString(),
        galleryId: 'gal1',
        freeShipping: true,
        freeShippingCountries: ['BE', 'FR'],
      },
    });
  });
  it('leaves the countries out without free shipping', () => {
    const r = codeRequest({ ...emptyCodeForm, percentOff: '10', freeShippingCountries: 'be' });
    expect(r).toEqual({ mutation: 'createVoucher', input: { percentOff: 10 } });
  });
  it('makes a batch of gift cards without codes', () => {
    const r = codeRequest({ ...emptyCodeForm, kind: 'gift_card', mode: 'batch', count: '25', prefix: 'noel', code: 'IGNORED', amount: '30' });
    expect(r).toEqual({ mutation: 'createVoucherBatch', input: { count: 25, prefix: 'noel', giftCard: { amount: '30.00' } } });
  });
  it('makes a batch of discount codes', () => {
    const r = codeRequest({ ...emptyCodeForm, mode: 'batch', count: '3', percentOff: '15' });
    expect(r).toEqual({ mutation: 'createVoucherBatch', input: { count: 3, discountCode: { percentOff: 15 } } });
  });
});
