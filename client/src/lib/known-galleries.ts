import { useSyncExternalStore } from 'react';

// What this browser learnt of a gallery the last time its shell answered:
// its API id, whether the gallery was open to this viewer and whether an
// e-mail was confirmed. The viewer's cart and favourites are asked for by
// the gallery's API id (cart(galleryId), mySelection(galleryId)), which the
// address does not give: knowing it from the last visit lets the opening
// screen ask for them in the same request as the shell (issue 19: at most
// two requests). What is kept is what the server tells any page of the
// gallery (no secret); a wrong guess (access expired since) costs one more
// request (forgetGallery).

const STORAGE_KEY = 'gallery.known';

/** KnownGallery is what the last shell answer of a gallery said. */
export interface KnownGallery {
  id: string;
  /** The code was accepted and no e-mail is missing: the cart may be read. */
  open: boolean;
  /** An e-mail is confirmed: the favourites may be read. */
  email: boolean;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function load(): Record<string, KnownGallery> {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    const found: Record<string, KnownGallery> = {};
    for (const [url, value] of Object.entries(parsed as Record<string, unknown>)) {
      const v = value as Partial<KnownGallery> | null;
      if (v && typeof v.id === 'string' && v.id) found[url] = { id: v.id, open: v.open === true, email: v.email === true };
    }
    return found;
  } catch {
    return {};
  }
}

/** storageWorks tells whether what is remembered survives a reload (storage may be disabled). */
export function storageWorks(): boolean {
  return storage() !== undefined;
}

/** rememberGallery keeps what a gallery's shell answered, for the next visit. */
export function rememberGallery(url: string, known: KnownGallery): void {
  const all = load();
  const was = all[url];
  if (was && was.id === known.id && was.open === known.open && was.email === known.email) return;
  all[url] = known;
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(all));
  } catch {
    // full or disabled: the next visit asks in two steps
  }
}

// The plan of a page is read once per gallery address and kept for the
// page's life, so that the prefetch and the screens ask with the same
// document and variables (and share the request); only forgetGallery
// changes it.
let plans = new Map<string, KnownGallery | null>();
const listeners = new Set<() => void>();

/** knownGallery is what this page assumes of a gallery (from the last visit), or null. */
export function knownGallery(url: string): KnownGallery | null {
  if (!plans.has(url)) plans.set(url, load()[url] ?? null);
  return plans.get(url) ?? null;
}

/** forgetGallery drops what was remembered of a gallery (it proved wrong): this page asks again without it. */
export function forgetGallery(url: string): void {
  const all = load();
  if (url in all) {
    delete all[url];
    try {
      storage()?.setItem(STORAGE_KEY, JSON.stringify(all));
    } catch {
      // nothing to do
    }
  }
  if (plans.get(url) === null) return;
  plans.set(url, null);
  for (const listener of listeners) listener();
}

/** resetKnownGalleries forgets everything, stored and planned (tests). */
export function resetKnownGalleries(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // nothing to do
  }
  plans = new Map();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** useKnownGallery is knownGallery, redrawn when it is forgotten. */
export function useKnownGallery(url: string): KnownGallery | null {
  return useSyncExternalStore(
    subscribe,
    () => knownGallery(url),
    () => knownGallery(url),
  );
}
