import { useQuery } from '@apollo/client/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FragmentType, getFragmentData } from '../../gql';
import { galleryVariables, usePreviewHash } from '../../lib/preview-hash';
import type { DownloadOffer } from './download-dialog';
import { DownloadOfferFragment, DownloadOfferQuery } from '../../lib/downloads/download-documents';
import { asQualities } from '../../lib/downloads/download-links';
import styles from './downloads.module.css';
import { withStrings } from '../../lib/i18n';

// The dialog loads when first opened (docs/performance.md).
const DownloadDialog = lazy(() => withStrings(import('./download-dialog').then((m) => ({ default: m.DownloadDialog }))));

/**
 * freeDownloadOffer says what the viewer may download for free from a
 * gallery, or undefined when nothing: the gallery must offer free downloads
 * (to its clients only when clientsOnly, the photographer always being
 * allowed), in web or HD, and have collections to choose from (a request
 * names at least one). A read-only preview gets nothing.
 */
export function freeDownloadOffer(ref: FragmentType<typeof DownloadOfferFragment>): DownloadOffer | undefined {
  const gallery = getFragmentData(DownloadOfferFragment, ref);
  const { auth, downloadInformation: info } = gallery;
  // A preview link is read-only: it hands out no files.
  if (!auth.accessCodeAuthorized || auth.needEmail || auth.readOnly || !info.freeDownload) return undefined;
  if (info.clientsOnly && !auth.isClient && !auth.isPhotographer) return undefined;
  const qualities = asQualities(info.qualities);
  if (qualities.length === 0 || gallery.collectionNames.length === 0) return undefined;
  return { galleryId: gallery.id, collections: gallery.collectionNames, qualities, message: info.message, email: auth.accessEmail ?? '' };
}

/**
 * FreeDownloadEntry is the gallery home's « Télécharger les photos » for
 * galleries whose photographer offers the files: it opens the download
 * dialog. It shows nothing to viewers the gallery does not offer them to.
 */
export function FreeDownloadEntry({ galleryUrl }: { galleryUrl: string }) {
  const { t } = useTranslation();
  const previewHash = usePreviewHash(galleryUrl);
  const [open, setOpen] = useState(false);
  const { data } = useQuery(DownloadOfferQuery, { variables: galleryVariables(galleryUrl, previewHash), context: { silentErrors: true } });
  const offer = data && freeDownloadOffer(data.gallery);
  if (!offer) return null;
  return (
    <div className={styles.entry}>
      <p>{t('downloads.offer')}</p>
      <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
        {t('downloads.open')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <DownloadDialog offer={offer} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
