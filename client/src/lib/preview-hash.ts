import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { initialAddress } from './initial-address';

// A preview link ({url}/preview?previewHash=…) opens one gallery as its
// clients see it, even unpublished or protected, for the requests that carry
// the hash. The hash is kept for this tab (sessionStorage, so that a reload
// keeps it too), per gallery address, and every gallery query sends it, so
// that navigating inside the previewed gallery keeps working. A wrong or
// expired hash grants nothing; sending it does no harm.

const STORAGE_KEY = 'gallery.previewHashes';

let hashes: Record<string, string> = load();
const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined; // storage disabled: the hashes live in memory only
  }
}

function load(): Record<string, string> {
  const found: Record<string, string> = {};
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '{}');
    if (parsed && typeof parsed === 'object') {
      for (const [url, hash] of Object.entries(parsed)) if (typeof hash === 'string' && hash) found[url] = hash;
    }
  } catch {
    // unreadable: start afresh
  }
  if (initialAddress.galleryUrl && initialAddress.previewHash) found[initialAddress.galleryUrl] = initialAddress.previewHash;
  return found;
}

function save(): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(hashes));
  } catch {
    // full or disabled: memory is enough for this page
  }
}

/** previewHashFor returns the preview hash kept for a gallery address, if any. */
export function previewHashFor(galleryUrl: string): string | undefined {
  return hashes[galleryUrl];
}

/** rememberPreviewHash keeps a gallery's preview hash for this tab. */
export function rememberPreviewHash(galleryUrl: string, hash: string): void {
  const value = hash.trim();
  if (!galleryUrl || !value || hashes[galleryUrl] === value) return;
  hashes = { ...hashes, [galleryUrl]: value };
  save();
  for (const listener of listeners) listener();
}

/** forgetPreviewHashes drops every kept hash (tests). */
export function forgetPreviewHashes(): void {
  hashes = {};
  save();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** previewHashParam reads the previewHash parameter of a query string. */
export function previewHashParam(search: string): string | undefined {
  return new URLSearchParams(search).get('previewHash')?.trim() || undefined;
}

/**
 * usePreviewHash returns the preview hash to send with the gallery's queries:
 * the one in the current address (which it then keeps for the tab), else the
 * one kept for this gallery.
 */
export function usePreviewHash(galleryUrl: string): string | undefined {
  const { search } = useLocation();
  const fromAddress = previewHashParam(search);
  const kept = useSyncExternalStore(
    subscribe,
    () => hashes[galleryUrl],
    () => hashes[galleryUrl],
  );
  useEffect(() => {
    if (fromAddress) rememberPreviewHash(galleryUrl, fromAddress);
  }, [galleryUrl, fromAddress]);
  return fromAddress ?? kept;
}

/** galleryVariables are the variables naming a gallery: its address and, when previewing, the hash. */
export function galleryVariables(url: string, previewHash: string | undefined): { url: string; previewHash?: string } {
  return previewHash ? { url, previewHash } : { url };
}
