import { describe, expect, it } from 'vitest';
import { cheapestPrice, productSections, sellableFormats } from './product-sections';
import { prices } from './shop-fixtures';

describe('productSections', () => {
  const sections = productSections(prices);

  it('orders the sections prints, special papers, wall decor, digital (other when any)', () => {
    expect(sections.map((s) => s.section)).toEqual(['prints', 'special_papers', 'wall_decor', 'digital']);
  });

  it('leaves out formats sold only in packs, and families with nothing else', () => {
    const prints = sections[0].products;
    expect(prints.map((p) => p.family.id)).toEqual(['fam_classic']);
    expect(prints[0].formats.map((f) => f.id)).toEqual(['fmt_13x18', 'fmt_20x30']);
  });

  it('gives each family its cheapest format sold alone', () => {
    expect(sections[0].products[0].cheapest).toMatchObject({ amount: '2.50', currency: 'EUR' });
    expect(sections[3].products[0].cheapest).toMatchObject({ amount: '5.00' });
  });

  it('orders categories and families by position', () => {
    const shuffled = productSections({
      ...prices,
      categories: [...prices.categories, { ...prices.categories[1], id: 'cat_first', position: 0 }],
      families: [...prices.families, { ...prices.families[0], id: 'fam_first', position: 5, category: { __typename: 'Category' as const, id: 'cat_first' } }],
      formats: [...prices.formats, { ...prices.formats[0], id: 'fmt_first', family: { __typename: 'Family' as const, id: 'fam_first' } }],
    });
    expect(shuffled[0].products.map((p) => p.family.id)).toEqual(['fam_first', 'fam_classic']);
  });
});

describe('sellableFormats and cheapestPrice', () => {
  it('lists a family’s formats sold alone by position, and finds nothing in an empty list', () => {
    expect(sellableFormats(prices.formats, 'fam_packonly')).toEqual([]);
    expect(sellableFormats(prices.formats, 'fam_files').map((f) => f.id)).toEqual(['fmt_web', 'fmt_hd']);
    expect(cheapestPrice([])).toBeUndefined();
  });
});
