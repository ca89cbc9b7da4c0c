import { createContext, useContext, type ReactNode } from 'react';

/**
 * ReadOnlyContext tells the screens of a gallery that a preview link shows
 * it read-only (auth.readOnly): the server refuses every change, purchase
 * and file with preview_read_only, so the controls that would ask for one
 * are hidden and the layout says why (docs/api.md, Preview links).
 */
export const ReadOnlyContext = createContext(false);

/** useReadOnly tells whether the gallery on screen is a read-only preview. */
export function useReadOnly(): boolean {
  return useContext(ReadOnlyContext);
}

/** Writable shows its children only outside a read-only preview. */
export function Writable({ children }: { children: ReactNode }) {
  return useReadOnly() ? null : children;
}
