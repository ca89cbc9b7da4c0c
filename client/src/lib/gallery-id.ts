// The id of the gallery being shown, sent as X-Gallery-Id on every request
// once the gallery query has answered. One browser tab shows one gallery.
let currentGalleryId: string | undefined;

/** GALLERY_ID_HEADER names the gallery in every gallery call (spec §7). */
export const GALLERY_ID_HEADER = 'X-Gallery-Id';

/** setCurrentGalleryId records (or clears) the gallery being shown. */
export function setCurrentGalleryId(id: string | undefined): void {
  currentGalleryId = id;
}

/** getCurrentGalleryId returns the gallery being shown, if known. */
export function getCurrentGalleryId(): string | undefined {
  return currentGalleryId;
}
