import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlbum } from './use-album';
import { withStrings } from '../../lib/i18n';

// The dialog loads when first opened (docs/performance.md).
const AlbumDialog = lazy(() => withStrings(import('./album-dialog').then((m) => ({ default: m.AlbumDialog }))));

/** AlbumButton is the header's album entry with its counter; it shows nothing without an album. */
export function AlbumButton() {
  const { t } = useTranslation();
  const { galleryId, album, variables } = useAlbum();
  const [open, setOpen] = useState(false);
  if (!album || !galleryId) return null;
  const label = album.maxPhotos > 0 ? t('album.open', { count: album.photoCount, max: album.maxPhotos }) : t('album.openUnlimited', { count: album.photoCount });
  return (
    <>
      <button type="button" className="button button-outline" onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && (
        <Suspense fallback={null}>
          <AlbumDialog galleryId={galleryId} album={album} variables={variables} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
