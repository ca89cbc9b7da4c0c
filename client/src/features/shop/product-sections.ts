// How the shop lists the gallery's price list: sections (prints, special
// papers, wall decor, digital, other), the families of each section's
// categories, and for each family the formats sold on their own with the
// cheapest price. Formats flagged onlyInPack are sold inside packs only.
import type { MoneyLike } from '../../lib/money';

/** SECTION_ORDER is the order of the shop's sections. */
export const SECTION_ORDER = ['prints', 'special_papers', 'wall_decor', 'digital', 'other'] as const;

/** Section is a section of the shop (a category's section). */
export type Section = (typeof SECTION_ORDER)[number];

/** PriceCategory is the part of a Category the listing reads. */
export interface PriceCategory {
  id: string;
  section: Section;
  position: number;
}

/** PriceFamily is the part of a Family the listing reads. */
export interface PriceFamily {
  id: string;
  position: number;
  category: { id: string };
}

/** PriceFormat is the part of a Format the listing reads. */
export interface PriceFormat {
  id: string;
  onlyInPack: boolean;
  position: number;
  unitPrice: MoneyLike;
  family: { id: string };
}

/** ProductEntry is one family on sale: its formats sold alone and the cheapest price. */
export interface ProductEntry<C, F, Fo> {
  family: F;
  category: C;
  formats: Fo[];
  cheapest: MoneyLike;
}

/** ProductSection is one section of the shop with its families. */
export interface ProductSection<C, F, Fo> {
  section: Section;
  products: Array<ProductEntry<C, F, Fo>>;
}

const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position;

/** sellableFormats lists the formats of a family sold on their own, in display order. */
export function sellableFormats<Fo extends PriceFormat>(formats: readonly Fo[], familyId: string): Fo[] {
  return formats.filter((f) => !f.onlyInPack && f.family.id === familyId).sort(byPosition);
}

/** cheapestPrice is the lowest unit price of formats, or undefined for none. */
export function cheapestPrice(formats: ReadonlyArray<{ unitPrice: MoneyLike }>): MoneyLike | undefined {
  let min: MoneyLike | undefined;
  for (const f of formats) if (!min || Number(f.unitPrice.amount) < Number(min.amount)) min = f.unitPrice;
  return min;
}

/**
 * productSections groups the price list by section (in SECTION_ORDER), then
 * by category and family position. A family shows when at least one of its
 * formats is sold on its own; empty sections are left out.
 */
export function productSections<C extends PriceCategory, F extends PriceFamily, Fo extends PriceFormat>(prices: {
  categories: readonly C[];
  families: readonly F[];
  formats: readonly Fo[];
}): Array<ProductSection<C, F, Fo>> {
  const categories = [...prices.categories].sort(byPosition);
  const families = [...prices.families].sort(byPosition);
  const sections: Array<ProductSection<C, F, Fo>> = [];
  for (const section of SECTION_ORDER) {
    const products: Array<ProductEntry<C, F, Fo>> = [];
    for (const category of categories.filter((c) => c.section === section)) {
      for (const family of families.filter((f) => f.category.id === category.id)) {
        const formats = sellableFormats(prices.formats, family.id);
        const cheapest = cheapestPrice(formats);
        if (cheapest) products.push({ family, category, formats, cheapest });
      }
    }
    if (products.length > 0) sections.push({ section, products });
  }
  return sections;
}
