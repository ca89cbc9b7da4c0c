// What the pack photo screens share: finding a format of a pack instance,
// and the photo choices sent to configureOngoingPack.
import type { CartPackFieldsFragment as CartPack, PackPhotoChoiceInput, PrintBorder, PrintFinish } from '../../gql/graphql';
import { cropInput, type CropValue } from '../../lib/cart/cart-calls';

/** PackSlot is one format (or digital file) of a pack instance. */
export type PackSlot = CartPack['formats'][number];

/** findSlot finds a format of a pack instance among its prints, then its digital files. */
export function findSlot(pack: CartPack | undefined, formatId: string): { slot: PackSlot; digital: boolean } | undefined {
  if (!pack) return undefined;
  const print = pack.formats.find((f) => f.format.id === formatId);
  if (print) return { slot: print, digital: false };
  const file = pack.digitalFiles.find((f) => f.format.id === formatId);
  return file ? { slot: file, digital: true } : undefined;
}

/** PhotoChoice is a photo chosen for a pack format, with its print options when it has some. */
export interface PhotoChoice {
  photoId: string;
  quantity: number;
  finish?: PrintFinish | null;
  border?: PrintBorder | null;
  crop?: CropValue | null;
}

/**
 * choiceInput is a choice as configureOngoingPack takes it: the quantity
 * forced to 1 for digital files (spec §5), options only when set.
 */
export function choiceInput(choice: PhotoChoice, digital: boolean): PackPhotoChoiceInput {
  const input: PackPhotoChoiceInput = { photoId: choice.photoId, quantity: digital ? 1 : choice.quantity };
  if (digital) return input;
  if (choice.finish) input.finish = choice.finish;
  if (choice.border) input.border = choice.border;
  const crop = cropInput(choice.crop);
  if (crop) input.crop = crop;
  return input;
}

/** slotChoices are the photos already chosen for a pack format. */
export function slotChoices(slot: PackSlot): PhotoChoice[] {
  return slot.photos.map((p) => ({ photoId: p.photoId, quantity: p.quantity, finish: p.finish, border: p.border, crop: p.crop }));
}

/** slotInput is the configureOngoingPack input naming one format's photos: in formats or digitalFiles by the format's kind. */
export function slotInput(galleryId: string, packInstanceId: string, formatId: string, digital: boolean, choices: readonly PhotoChoice[]) {
  const photos = choices.filter((c) => c.quantity > 0).map((c) => choiceInput(c, digital));
  const entry = [{ formatId, photos }];
  return digital ? { galleryId, packInstanceId, digitalFiles: entry } : { galleryId, packInstanceId, formats: entry };
}
