import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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

/**
 * ReadOnlyNote says, under a control a read-only preview disables, why it
 * does nothing; it renders nothing outside a preview.
 */
export function ReadOnlyNote({ id }: { id?: string }) {
  const { t } = useTranslation();
  return useReadOnly() ? (
    <p id={id} className="read-only-note" role="note">
      {t('errors.previewReadOnly')}
    </p>
  ) : null;
}

/** Writable shows its children only outside a read-only preview. */
export function Writable({ children }: { children: ReactNode }) {
  return useReadOnly() ? null : children;
}
