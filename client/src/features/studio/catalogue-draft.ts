// Pure helpers of the catalogue screen: euro amounts as typed, and the
// sample cart the preview prices.

/** parseEuros reads an amount typed in euros ("12,50", "12.5", "3") as the API's Decimal string; null when it is not a non-negative amount with at most two decimals. */
export function parseEuros(text: string): string | null {
  const v = text.trim().replace(/\s|\u00a0|€/g, '').replace(',', '.');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(v)) return null;
  const [whole, cents = ''] = v.split('.');
  return `${String(Number(whole))}.${cents.padEnd(2, '0')}`;
}

/** isNegativeAmount tells a typed amount that is a negative number (the server refuses it with invalid_price). */
export function isNegativeAmount(text: string): boolean {
  const v = text.trim().replace(',', '.');
  return /^-\d/.test(v);
}

/** euros shows a Decimal string as typed by French users ("12,50"). */
export function euros(amount: string): string {
  return amount.replace('.', ',');
}

/** DRAFT_KEY names the format being created in the preview's sample cart. */
export const DRAFT_KEY = 'draft';

interface SampleFormat {
  id: string;
  withdrawn: boolean;
  onlyInPack: boolean;
}

/**
 * sampleLines is the preview's sample cart: one of each format on sale
 * (at most maxLines) and, when a format is being drafted, one of it.
 */
export function sampleLines(formats: ReadonlyArray<SampleFormat>, withDraft: boolean, maxLines = 5): { ref: string; quantity: number }[] {
  const lines = formats
    .filter((f) => !f.withdrawn && !f.onlyInPack)
    .slice(0, withDraft ? maxLines - 1 : maxLines)
    .map((f) => ({ ref: f.id, quantity: 1 }));
  if (withDraft) lines.push({ ref: DRAFT_KEY, quantity: 1 });
  return lines;
}

/**
 * sampleLinesWith is the preview's sample cart around saved items being
 * edited: one of each of refs first (a format or a pack), then one of each
 * other format on sale, maxLines lines in all.
 */
export function sampleLinesWith(formats: ReadonlyArray<SampleFormat>, refs: ReadonlyArray<string>, maxLines = 5): { ref: string; quantity: number }[] {
  const lines = refs.map((ref) => ({ ref, quantity: 1 }));
  for (const f of formats) {
    if (lines.length >= maxLines) break;
    if (!f.withdrawn && !f.onlyInPack && !refs.includes(f.id)) lines.push({ ref: f.id, quantity: 1 });
  }
  return lines;
}

/** A print format of a pack as typed in the studio: which format, how many prints, of how many photos. */
export interface PackPrintRow {
  formatId: string;
  quantity: string;
  photos: string;
}

/** A digital format of a pack as typed: which format, how many files. */
export interface PackFileRow {
  formatId: string;
  quantity: string;
}

/** PackContent is a pack's content as updatePack and the preview take it. */
export interface PackContent {
  formats: { formatId: string; quantity: number; photos: number }[];
  digitalFiles: { formatId: string; quantity: number }[];
}

/**
 * packContentInput checks a pack's content as typed (the API's own limits:
 * 1 to 1000 prints of 1 to that many photos, 1 to 10000 files, a format
 * chosen). It returns the content, or the locale keys of the problems by
 * row ("formats.0.quantity": "studioCatalogue.quantityRange").
 */
export function packContentInput(prints: ReadonlyArray<PackPrintRow>, files: ReadonlyArray<PackFileRow>): { content: PackContent | null; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const whole = (s: string) => (/^\s*\d{1,6}\s*$/.test(s) ? Number(s) : NaN);
  const formats = prints.map((r, i) => {
    const quantity = whole(r.quantity);
    const photos = r.photos.trim() === '' ? quantity : whole(r.photos);
    if (!r.formatId) problems[`formats.${String(i)}.formatId`] = 'studioCatalogue.formatRequired';
    if (!(quantity >= 1 && quantity <= 1000)) problems[`formats.${String(i)}.quantity`] = 'studioCatalogue.quantityRange';
    else if (!(photos >= 1 && photos <= quantity)) problems[`formats.${String(i)}.photos`] = 'studioCatalogue.photosRange';
    return { formatId: r.formatId, quantity, photos };
  });
  const digitalFiles = files.map((r, i) => {
    const quantity = whole(r.quantity);
    if (!r.formatId) problems[`digitalFiles.${String(i)}.formatId`] = 'studioCatalogue.formatRequired';
    if (!(quantity >= 1 && quantity <= 10000)) problems[`digitalFiles.${String(i)}.quantity`] = 'studioCatalogue.fileQuantityRange';
    return { formatId: r.formatId, quantity };
  });
  return { content: Object.keys(problems).length ? null : { formats, digitalFiles }, problems };
}
