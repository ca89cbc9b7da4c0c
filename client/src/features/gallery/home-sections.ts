import { getFragmentData, type FragmentType } from '../../gql';
import { DownloadsSectionFragment } from './downloads-section';
import { PrintsSectionFragment } from './prints-section';

/** HomeSections tells which sections of the gallery home have something in them. */
export interface HomeSections {
  /** The photographer's selection holds a photo. */
  selection: boolean;
  videos: boolean;
  packs: boolean;
  /** A print is sold on its own (outside packs) in a print category. */
  prints: boolean;
  /**
   * A digital file is sold on its own, or the gallery gives its files away
   * (to its clients only, maybe: the section's free download entry shows
   * to those it is offered to).
   */
  downloads: boolean;
  /** The shop has something to sell: a pack, a print or a digital file. */
  shop: boolean;
}

/** HomeSectionsSource is what the home's query (GalleryHome) tells of the sections. */
export interface HomeSectionsSource {
  photographerSelection: { count: number };
  videos: { edges?: ReadonlyArray<unknown | null> | null };
  availablePacks: ReadonlyArray<unknown>;
  prices: FragmentType<typeof PrintsSectionFragment> & FragmentType<typeof DownloadsSectionFragment>;
  downloadInformation: { freeDownload: boolean };
}

/**
 * homeSections says which sections of a gallery have something in them, so
 * that a new or small gallery shows (and its navigation names) no empty
 * section: no videos, no videos section; no pack, no packs entry; nothing
 * on sale, no shop.
 */
export function homeSections(gallery: HomeSectionsSource): HomeSections {
  const prints = getFragmentData(PrintsSectionFragment, gallery.prices);
  const printCategories = new Set(prints.categories.filter((c) => c.section !== 'digital').map((c) => c.id));
  const sellsPrints = prints.formats.some((f) => f.kind === 'print' && !f.onlyInPack && printCategories.has(f.category.id));
  const digital = getFragmentData(DownloadsSectionFragment, gallery.prices);
  const sellsFiles = digital.formats.some((f) => f.kind === 'digital' && !f.onlyInPack);
  const givesFiles = gallery.downloadInformation.freeDownload;
  const packs = gallery.availablePacks.length > 0;
  return {
    selection: gallery.photographerSelection.count > 0,
    videos: (gallery.videos.edges ?? []).length > 0,
    packs,
    prints: sellsPrints,
    downloads: sellsFiles || givesFiles,
    shop: packs || sellsPrints || sellsFiles,
  };
}
