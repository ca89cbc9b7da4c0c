// Spec §2: the initial load reads the address path, the previewHash query
// parameter and the email query parameter. They are read once, when the app
// starts, because redirects (to the access screen, to the 404) may drop them.

/** InitialAddress is what the address the app was opened with says. */
export interface InitialAddress {
  /** The gallery address: the first segment of the path ('' on the site root). */
  galleryUrl: string;
  /** The preview link's hash, if any. */
  previewHash?: string;
  /** An e-mail address to suggest in the e-mail steps, if any. */
  email?: string;
}

/** readAddress reads a path and a query string (with or without its '?'). */
export function readAddress(pathname: string, search: string): InitialAddress {
  const params = new URLSearchParams(search);
  const first = pathname.split('/').find((segment) => segment !== '') ?? '';
  let galleryUrl = first;
  try {
    galleryUrl = decodeURIComponent(first);
  } catch {
    // A malformed escape: keep the segment as it is.
  }
  const previewHash = params.get('previewHash')?.trim() || undefined;
  const email = params.get('email')?.trim() || undefined;
  return { galleryUrl, previewHash, email };
}

/** initialAddress is the address this tab opened the app with. */
export const initialAddress: InitialAddress = typeof window === 'undefined' ? { galleryUrl: '' } : readAddress(window.location.pathname, window.location.search);
