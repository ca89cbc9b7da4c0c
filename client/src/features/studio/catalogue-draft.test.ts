import { describe, expect, it } from 'vitest';
import { DRAFT_KEY, euros, isNegativeAmount, packContentInput, parseEuros, sampleLines, sampleLinesWith } from './catalogue-draft';

describe('parseEuros', () => {
  it('reads French and English amounts', () => {
    expect(parseEuros('12,50')).toBe('12.50');
    expect(parseEuros(' 12.5 € ')).toBe('12.50');
    expect(parseEuros('3')).toBe('3.00');
    expect(parseEuros('007,1')).toBe('7.10');
  });
  it('refuses negative, empty, huge and malformed amounts', () => {
    for (const bad of ['', '-1', '1,234', 'abc', '1e5', '12,5,0', '9999999999', '1\u0000']) expect(parseEuros(bad)).toBeNull();
    expect(isNegativeAmount('-2,50')).toBe(true);
    expect(isNegativeAmount('2,50')).toBe(false);
  });
  it('shows a Decimal the French way', () => {
    expect(euros('12.50')).toBe('12,50');
  });
});

describe('sampleLines', () => {
  const formats = [
    { id: 'a', withdrawn: false, onlyInPack: false },
    { id: 'b', withdrawn: true, onlyInPack: false },
    { id: 'c', withdrawn: false, onlyInPack: true },
    { id: 'd', withdrawn: false, onlyInPack: false },
  ];
  it('takes one of each format on sale', () => {
    expect(sampleLines(formats, false)).toEqual([
      { ref: 'a', quantity: 1 },
      { ref: 'd', quantity: 1 },
    ]);
  });
  it('adds the draft and keeps within the limit', () => {
    expect(sampleLines(formats, true, 2)).toEqual([
      { ref: 'a', quantity: 1 },
      { ref: DRAFT_KEY, quantity: 1 },
    ]);
  });
});

describe('sampleLinesWith', () => {
  const formats = [
    { id: 'a', withdrawn: false, onlyInPack: false },
    { id: 'b', withdrawn: true, onlyInPack: false },
    { id: 'c', withdrawn: false, onlyInPack: false },
    { id: 'd', withdrawn: false, onlyInPack: false },
  ];
  it('puts the edited items first, once, even withdrawn, then formats on sale', () => {
    expect(sampleLinesWith(formats, ['b', 'pack1'], 4)).toEqual([
      { ref: 'b', quantity: 1 },
      { ref: 'pack1', quantity: 1 },
      { ref: 'a', quantity: 1 },
      { ref: 'c', quantity: 1 },
    ]);
    expect(sampleLinesWith(formats, ['c'])).toEqual([
      { ref: 'c', quantity: 1 },
      { ref: 'a', quantity: 1 },
      { ref: 'd', quantity: 1 },
    ]);
  });
});

describe('packContentInput', () => {
  it('turns typed rows into the API’s content, photos defaulting to the quantity', () => {
    expect(
      packContentInput(
        [
          { formatId: 'p', quantity: ' 10 ', photos: '' },
          { formatId: 'q', quantity: '4', photos: '2' },
        ],
        [{ formatId: 'hd', quantity: '3' }],
      ),
    ).toEqual({
      content: {
        formats: [
          { formatId: 'p', quantity: 10, photos: 10 },
          { formatId: 'q', quantity: 4, photos: 2 },
        ],
        digitalFiles: [{ formatId: 'hd', quantity: 3 }],
      },
      problems: {},
    });
    expect(packContentInput([], [])).toEqual({ content: { formats: [], digitalFiles: [] }, problems: {} });
  });
  it('names each problem by row with its French message key', () => {
    const { content, problems } = packContentInput(
      [
        { formatId: '', quantity: '0', photos: '' },
        { formatId: 'p', quantity: '2', photos: '3' },
        { formatId: 'p', quantity: '1,5', photos: '' },
      ],
      [{ formatId: 'hd', quantity: '10001' }],
    );
    expect(content).toBeNull();
    expect(problems).toEqual({
      'formats.0.formatId': 'studioCatalogue.formatRequired',
      'formats.0.quantity': 'studioCatalogue.quantityRange',
      'formats.1.photos': 'studioCatalogue.photosRange',
      'formats.2.quantity': 'studioCatalogue.quantityRange',
      'digitalFiles.0.quantity': 'studioCatalogue.fileQuantityRange',
    });
  });
});
