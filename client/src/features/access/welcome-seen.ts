// Spec §1: the welcome popup is shown once per gallery per browser.
const PREFIX = 'gallery.welcomeSeen.';

/** wasWelcomed tells whether this browser has already shown the gallery's welcome popup. */
export function wasWelcomed(galleryId: string): boolean {
  try {
    return window.localStorage.getItem(PREFIX + galleryId) === '1';
  } catch {
    return false;
  }
}

/** markWelcomed remembers that the gallery's welcome popup was shown. */
export function markWelcomed(galleryId: string): void {
  try {
    window.localStorage.setItem(PREFIX + galleryId, '1');
  } catch {
    /* private mode: the popup may come back next visit */
  }
}
