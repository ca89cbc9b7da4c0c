import { useQuery } from '@apollo/client/react';
import { useCallback, useLayoutEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { Spinner } from '../../components/ui/spinner';
import { galleryVariables, usePreviewHash } from '../../lib/preview-hash';
import { restoreFirstData } from '../../lib/first-data';
import { rememberReturnFocus } from '../../lib/return-focus';
import { heldImage } from '../../lib/image-sources';
import { PhotoBar } from './photo-bar';
import { PhotoGalleryQuery, PhotoNodeQuery } from './photo-documents';
import { photoDownload } from './photo-download';
import { PhotoViewer } from './photo-viewer';
import { PhotoSequenceQuery, usePhotoSequence, type PhotoLocationState } from './use-photo-sequence';
import { useSlideshow } from './use-slideshow';
import { useModalDialog, useViewerKeys, useWarmNeighbours } from './use-viewer-dialog';
import styles from './photo-page.module.css';

export { PhotoGalleryQuery, PhotoNodeQuery } from './photo-documents';
export { PhotoSequenceQuery } from './use-photo-sequence';
export { SLIDE_MS } from './use-slideshow';

// A photo page opened from its address brought these answers (lib/first-data.ts).
restoreFirstData({ PhotoGallery: PhotoGalleryQuery, PhotoNode: PhotoNodeQuery, PhotoSequence: PhotoSequenceQuery });
/** PHOTO_NOT_FOUND_CODES are the node query's refusals that the viewer shows as « introuvable » itself. */
const PHOTO_NOT_FOUND_CODES = ['not_found', 'photo_not_found'] as const;

/** PhotoActionTarget names the photo on screen for the controls of other features (galleryId is the API id). */
export interface PhotoActionTarget {
  galleryId: string;
  photoId: string;
}

/**
 * PhotoPage is the single-photo view: arrows or swipes move through the
 * gallery, Escape goes back. `actions` draws controls in its bar (the
 * favourites heart and the selections menu, composed by the app), beside
 * "Commander", which opens the shop for this photo. Opened by a direct
 * link, it shows the small file the server named in the page (or the one
 * the browser holds) at once, before the photo's details arrive.
 */
export function PhotoPage({ actions }: { actions?: (target: PhotoActionTarget) => ReactNode }) {
  const { t } = useTranslation();
  const { galleryId = '', photoId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  // The same object while the location's state is: show() keeps its identity.
  const state = useMemo(() => (location.state ?? {}) as PhotoLocationState, [location.state]);

  const variables = galleryVariables(galleryId, usePreviewHash(galleryId));
  const gallery = useQuery(PhotoGalleryQuery, { variables });
  // An unknown photo is said once, in the viewer (« Cette photo est
  // introuvable. »), not a second time in a toast.
  const photo = useQuery(PhotoNodeQuery, { variables: { photoId }, context: { silentCodes: PHOTO_NOT_FOUND_CODES } });
  const sequence = usePhotoSequence(galleryId, photoId, variables, state);
  const slideshow = useSlideshow(photoId, sequence.canGoNext, sequence.goNext);
  const { pause } = slideshow;
  const { goPrevious, goNext } = sequence;
  const userPrevious = useCallback(() => {
    pause();
    goPrevious();
  }, [pause, goPrevious]);
  const userNext = useCallback(() => {
    pause();
    goNext();
  }, [pause, goNext]);
  const swipe = useCallback((direction: -1 | 1) => (direction < 0 ? userPrevious() : userNext()), [userPrevious, userNext]);

  // The grid the photo came from gives the focus to the photo last shown when it appears again:
  // each photo is remembered as soon as it is shown, so that the grid's first render, which comes
  // before this page's clean-ups when the viewer closes, already finds the last one.
  const grid = state.grid;
  useLayoutEffect(() => rememberReturnFocus(grid ?? 'photos', photoId), [grid, photoId]);

  const { dialog, trapTab } = useModalDialog();
  const close = useCallback(() => {
    if (state.fromGallery) navigate(-1);
    else navigate(galleryPath(galleryId, 'galleryHome'));
  }, [galleryId, navigate, state.fromGallery]);
  useViewerKeys({ goPrevious: userPrevious, goNext: userNext, close, playing: slideshow.playing, pause });
  useWarmNeighbours(sequence.previousId, sequence.nextId);

  const settings = gallery.data?.gallery;
  const node = photo.data?.node;
  const photoNode = node?.__typename === 'Photo' ? node : undefined;
  const { index, total } = sequence;
  // Before the photo's details arrive: the file the grid showed, or the server's preview of a direct link.
  const pending = !photoNode && photo.loading ? heldImage(photoId) : undefined;

  return (
    <div ref={dialog} className={styles.viewer} role="dialog" aria-modal="true" aria-label={t('photo.viewer')} tabIndex={-1} onKeyDown={trapTab}>
      <PhotoBar
        galleryId={galleryId}
        photoId={photoNode?.id}
        position={index >= 0 && total > 0 ? t('photo.position', { index: index + 1, total }) : ''}
        actions={actions && settings && photoNode ? actions({ galleryId: settings.id, photoId: photoNode.id }) : undefined}
        download={photoDownload(settings, photoNode?.urls)}
        slideshow={total > 1 ? slideshow : undefined}
        onClose={close}
      />

      <div className={styles.stage}>
        {photoNode ? (
          <PhotoViewer
            key={photoNode.id}
            photo={photoNode}
            showFilename={settings?.showFilename ?? false}
            maxSize={settings?.theme.viewerLimitSize ? (settings.theme.viewerMaxSize ?? undefined) : undefined}
            onSwipe={swipe}
            onInteract={pause}
          />
        ) : pending ? (
          <img className={styles.pending} src={pending} alt="" aria-hidden="true" data-role="pending" />
        ) : photo.loading ? (
          <Spinner label={t('photo.loading')} />
        ) : (
          <p className={styles.missing}>{t('photo.notFound')}</p>
        )}
      </div>

      <button
        type="button"
        className={`${styles.nav} ${styles.previous}`}
        onClick={userPrevious}
        disabled={!sequence.previousId}
        aria-label={t('photo.previous')}
        title={t('photo.previous')}
      >
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <button type="button" className={`${styles.nav} ${styles.next}`} onClick={userNext} disabled={!sequence.canGoNext} aria-label={t('photo.next')} title={t('photo.next')}>
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
    </div>
  );
}
