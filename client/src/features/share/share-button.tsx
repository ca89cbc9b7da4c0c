import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withStrings } from '../../lib/i18n';

// The dialog loads when first opened (docs/performance.md).
const ShareDialog = lazy(() => withStrings(import('./share-dialog').then((m) => ({ default: m.ShareDialog }))));

/** ShareButton is the header's « Partager la galerie » control. */
export function ShareButton({ galleryId }: { galleryId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="icon-button" aria-label={t('share.open')} title={t('share.open')} onClick={() => setOpen(true)}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <circle cx="18" cy="5" r="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <circle cx="6" cy="12" r="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <circle cx="18" cy="19" r="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="m8.2 10.8 7.6-4.4M8.2 13.2l7.6 4.4" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ShareDialog galleryId={galleryId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
