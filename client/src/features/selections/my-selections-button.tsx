import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withStrings } from '../../lib/i18n';

// The dialog loads when first opened (docs/performance.md).
const MySelectionsDialog = lazy(() => withStrings(import('./my-selections-dialog').then((m) => ({ default: m.MySelectionsDialog }))));

function SelectionsIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M12 19.5s-6.3-3.9-7.8-7.7C3.2 9.2 4.8 6 7.8 6c1.7 0 2.9.9 4.2 2.5C13.3 6.9 14.5 6 16.2 6c3 0 4.6 3.2 3.6 5.8-1.5 3.8-7.8 7.7-7.8 7.7Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** MySelectionsButton is the header's « Mes sélections » entry: it opens the selections dialog. */
export function MySelectionsButton({ galleryUrl, galleryId }: { galleryUrl: string; galleryId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="icon-button" aria-label={t('selections.mySelections')} title={t('selections.mySelections')} onClick={() => setOpen(true)}>
        <SelectionsIcon />
      </button>
      {open && (
        <Suspense fallback={null}>
          <MySelectionsDialog galleryUrl={galleryUrl} galleryId={galleryId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
