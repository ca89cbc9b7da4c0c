import { useQuery } from '@apollo/client/react';
import type { DigitalQuality } from '../../gql/graphql';
import { galleryVariables, usePreviewHash } from '../../lib/preview-hash';
import type { DownloadOffer } from './download-dialog';
import { DownloadOfferQuery } from '../../lib/downloads/download-documents';
import { freeDownloadOffer } from './free-download-entry';

/** A format as far as being given away is concerned. */
interface FormatKind {
  kind: string;
  digitalQuality?: DigitalQuality | null;
}

/**
 * isGivenAway tells a digital format the viewer may download for free (the
 * gallery's free download, to everyone or to its clients): the shop does not
 * sell it. A free HD file leaves nothing to sell in web quality either.
 */
export function isGivenAway(offer: Pick<DownloadOffer, 'qualities'> | undefined, format: FormatKind): boolean {
  if (!offer || format.kind !== 'digital' || !format.digitalQuality) return false;
  return offer.qualities.includes(format.digitalQuality) || offer.qualities.includes('hd');
}

/** A pack as far as its free files are concerned: its prints and its digital files. */
interface PackParts {
  formats: readonly unknown[];
  digitalFiles: ReadonlyArray<{ format: FormatKind }>;
}

/**
 * isFreeOnlyPack tells a pack the gallery already gives the viewer whole
 * (digital files only, all given away): it is not offered, as the server
 * refuses it (given_away). A pack with prints still sells, its free files
 * « inclus ».
 */
export function isFreeOnlyPack(offer: Pick<DownloadOffer, 'qualities'> | undefined, pack: PackParts): boolean {
  return pack.formats.length === 0 && pack.digitalFiles.length > 0 && pack.digitalFiles.every((f) => isGivenAway(offer, f.format));
}

/** FreeFiles is what the viewer may download for free, and the tests of a format and a pack given away. */
export interface FreeFiles {
  offer?: DownloadOffer;
  givenAway: (format: FormatKind) => boolean;
  freeOnly: (pack: PackParts) => boolean;
}

/** useFreeFiles is what the viewer may download for free from the gallery, and the test of a format given away. */
export function useFreeFiles(galleryUrl: string): FreeFiles {
  const previewHash = usePreviewHash(galleryUrl);
  const { data } = useQuery(DownloadOfferQuery, { variables: galleryVariables(galleryUrl, previewHash), context: { silentErrors: true } });
  const offer = data ? freeDownloadOffer(data.gallery) : undefined;
  return { offer, givenAway: (format) => isGivenAway(offer, format), freeOnly: (pack) => isFreeOnlyPack(offer, pack) };
}
