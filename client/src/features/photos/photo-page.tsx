import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { Spinner } from '../../components/ui/spinner';
import { graphql } from '../../gql';
import { galleryVariables, usePreviewHash } from '../../lib/preview-hash';
import { restoreFirstData } from '../../lib/first-data';
import { rememberReturnFocus } from '../../lib/return-focus';
import { fitBox, loadedImage, parseSrcSet, rememberLoaded, sourceWidth, viewerSizes } from '../../lib/image-sources';
import { photoDownload } from './photo-download';
import { PhotoViewer } from './photo-viewer';
import styles from './photo-page.module.css';

export const PhotoGalleryQuery = graphql(`
  query PhotoGallery($url: String!, $previewHash: String) {
    gallery(url: $url, previewHash: $previewHash) {
      id
      showFilename
      theme {
        viewerLimitSize
        viewerMaxSize
      }
      downloadInformation {
        freeDownload
        clientsOnly
        qualities
      }
      auth {
        accessCodeAuthorized
        needEmail
        isClient
        isPhotographer
        readOnly
      }
    }
  }
`);

export const PhotoNodeQuery = graphql(`
  query PhotoNode($photoId: ID!) {
    node(id: $photoId) {
      __typename
      id
      ... on Photo {
        ...PhotoViewer_photo
        urls {
          original
          webDownload
        }
      }
    }
  }
`);

// The same connection as the gallery grid, or as the collection's grid when
// the photo was opened from one: the cache shares the pages already loaded.
export const PhotoSequenceQuery = graphql(`
  query PhotoSequence($url: String!, $previewHash: String, $first: Int!, $after: Cursor, $collection: String) {
    gallery(url: $url, previewHash: $previewHash) {
      id
      photos(first: $first, after: $after, collection: $collection) {
        totalCount
        edges {
          cursor
          node {
            id
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`);

/** PAGE_SIZE is the sequence's page (server/firstdata.go's firstPageSize, for the page's first data). */
const PAGE_SIZE = 100;

// A photo page opened from its address brought these answers (lib/first-data.ts).
restoreFirstData({ PhotoGallery: PhotoGalleryQuery, PhotoNode: PhotoNodeQuery, PhotoSequence: PhotoSequenceQuery });
/** PHOTO_NOT_FOUND_CODES are the node query's refusals that the viewer shows as « introuvable » itself. */
const PHOTO_NOT_FOUND_CODES = ['not_found', 'photo_not_found'] as const;
/** How long the slideshow shows each photo. */
export const SLIDE_MS = 4000;

interface PhotoLocationState {
  fromGallery?: boolean;
  /** The grid the photo was opened from (it gets the focus back). */
  grid?: string;
  /** The collection that grid showed: the arrows stay inside it. */
  collection?: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** PhotoActionTarget names the photo on screen for the controls of other features (galleryId is the API id). */
export interface PhotoActionTarget {
  galleryId: string;
  photoId: string;
}

/**
 * PhotoPage is the single-photo view: arrows or swipes move through the
 * gallery, Escape goes back. `actions` draws controls in its bar (the
 * favourites heart and the selections menu, composed by the app), beside
 * "Commander", which opens the shop for this photo.
 */
export function PhotoPage({ actions }: { actions?: (target: PhotoActionTarget) => ReactNode }) {
  const { t } = useTranslation();
  const { galleryId = '', photoId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useApolloClient();
  // The same object while the location's state is: show() below keeps its identity.
  const state = useMemo(() => (location.state ?? {}) as PhotoLocationState, [location.state]);

  const variables = galleryVariables(galleryId, usePreviewHash(galleryId));
  const gallery = useQuery(PhotoGalleryQuery, { variables });
  // An unknown photo is said once, in the viewer (« Cette photo est
  // introuvable. »), not a second time in a toast.
  const photo = useQuery(PhotoNodeQuery, { variables: { photoId }, context: { silentCodes: PHOTO_NOT_FOUND_CODES } });
  const sequence = useQuery(PhotoSequenceQuery, {
    variables: { ...variables, first: PAGE_SIZE, ...(state.collection ? { collection: state.collection } : {}) },
    context: { errorMessageKey: 'gallery.errorPhotos' },
  });

  const connection = sequence.data?.gallery.photos;
  const ids = useMemo(() => (connection?.edges ?? []).flatMap((e) => (e?.node ? [e.node.id] : [])), [connection?.edges]);
  const index = ids.indexOf(photoId);
  const hasNextPage = connection?.pageInfo.hasNextPage ?? false;
  const endCursor = connection?.pageInfo.endCursor;

  const fetching = useRef(false);
  const { fetchMore } = sequence;
  const fetchNextPage = useCallback(async (): Promise<string[]> => {
    if (!endCursor || fetching.current) return [];
    fetching.current = true;
    try {
      const result = await fetchMore({ variables: { after: endCursor } });
      return (result.data?.gallery.photos.edges ?? []).flatMap((e) => (e?.node ? [e.node.id] : []));
    } catch {
      return [];
    } finally {
      fetching.current = false;
    }
  }, [endCursor, fetchMore]);

  // A photo opened from a link may sit beyond the pages loaded so far.
  useEffect(() => {
    if (connection && index < 0 && hasNextPage) void fetchNextPage();
  }, [connection, index, hasNextPage, fetchNextPage]);

  const show = useCallback(
    (id: string) => navigate(galleryPath(galleryId, 'photo', { photoId: id }), { replace: true, state }),
    [galleryId, navigate, state],
  );
  const previousId = index > 0 ? ids[index - 1] : undefined;
  const nextId = index >= 0 && index < ids.length - 1 ? ids[index + 1] : undefined;
  const canGoNext = nextId !== undefined || (index >= 0 && hasNextPage);

  const goPrevious = useCallback(() => {
    if (previousId) show(previousId);
  }, [previousId, show]);
  const goNext = useCallback(() => {
    if (nextId) show(nextId);
    else if (index >= 0 && hasNextPage) {
      void fetchNextPage().then((more) => {
        if (more[0]) show(more[0]);
      });
    }
  }, [nextId, index, hasNextPage, fetchNextPage, show]);
  // The slideshow moves on every SLIDE_MS while it plays, and stops after
  // the last photo; any gesture, key or button of the viewer pauses it.
  const [playing, setPlaying] = useState(false);
  const pause = useCallback(() => setPlaying(false), []);
  const advance = useRef(goNext);
  advance.current = goNext;
  useEffect(() => {
    if (!playing) return;
    if (!canGoNext) {
      setPlaying(false);
      return;
    }
    const timer = window.setTimeout(() => advance.current(), SLIDE_MS);
    return () => window.clearTimeout(timer);
  }, [playing, photoId, canGoNext]);
  const userPrevious = useCallback(() => {
    pause();
    goPrevious();
  }, [pause, goPrevious]);
  const userNext = useCallback(() => {
    pause();
    goNext();
  }, [pause, goNext]);
  const swipe = useCallback((direction: -1 | 1) => (direction < 0 ? userPrevious() : userNext()), [userPrevious, userNext]);

  // The grid the photo came from gives the focus to the photo last shown when it appears again.
  const shown = useRef(photoId);
  shown.current = photoId;
  const grid = state.grid;
  // A layout effect: its clean-up runs before the grid, appearing in the same commit, looks for it.
  useLayoutEffect(() => () => rememberReturnFocus(grid ?? 'photos', shown.current), [grid]);

  // The viewer is a modal dialog: the focus moves into it and Tab stays inside.
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (dialog.current && !dialog.current.contains(document.activeElement)) dialog.current.focus();
  }, []);
  const trapTab = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const root = dialog.current;
    if (event.key !== 'Tab' || !root || !root.contains(event.target as Node)) return;
    const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && (document.activeElement === first || document.activeElement === root)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const close = useCallback(() => {
    if (state.fromGallery) navigate(-1);
    else navigate(galleryPath(galleryId, 'galleryHome'));
  }, [galleryId, navigate, state.fromGallery]);

  // The keys act on the photo on screen: the handlers are swapped in the same
  // commit as the photo (a layout effect), so that a key pressed as soon as
  // the next photo shows does not run the previous photo's handlers (a
  // passive effect would re-bind them only after the paint).
  const keyHandlers = useRef({ goPrevious: userPrevious, goNext: userNext, close, playing, pause });
  useLayoutEffect(() => {
    keyHandlers.current = { goPrevious: userPrevious, goNext: userNext, close, playing, pause };
  }, [userPrevious, userNext, close, playing, pause]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const handlers = keyHandlers.current;
      if (event.key === 'ArrowLeft') handlers.goPrevious();
      else if (event.key === 'ArrowRight') handlers.goNext();
      else if (event.key === 'Escape') {
        // Escape stops a playing slideshow first.
        if (handlers.playing) handlers.pause();
        else handlers.close();
      }
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Warm the cache and the browser for the neighbours.
  useEffect(() => {
    for (const id of [nextId, previousId]) {
      if (!id) continue;
      client
        .query({ query: PhotoNodeQuery, variables: { photoId: id }, context: { silentErrors: true } })
        .then((result) => {
          const node = result.data?.node as { width?: number; height?: number; urls?: { viewer?: string; srcSet?: string } } | null | undefined;
          if (!node?.urls?.viewer) return;
          // The file this screen will show (srcset and sizes), not the largest.
          const img = new Image();
          const box = fitBox(node.width ?? 0, node.height ?? 0, window.innerWidth, window.innerHeight);
          if (node.urls.srcSet && box.width > 0) {
            img.sizes = viewerSizes(box.width);
            img.srcset = node.urls.srcSet;
          }
          img.onload = () => {
            const url = img.currentSrc || img.src;
            rememberLoaded(id, { url, width: sourceWidth(parseSrcSet(node.urls?.srcSet), url) || img.naturalWidth, ratio: img.naturalHeight ? img.naturalWidth / img.naturalHeight : 0 });
          };
          img.src = node.urls.viewer;
        })
        .catch(() => undefined);
    }
  }, [client, nextId, previousId]);

  // Lock the page behind the viewer.
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  const settings = gallery.data?.gallery;
  const node = photo.data?.node;
  const photoNode = node?.__typename === 'Photo' ? node : undefined;
  const total = connection?.totalCount ?? 0;
  const download = photoDownload(settings, photoNode?.urls);
  // Before the photo's details arrive, the file the grid showed.
  const pending = !photoNode && photo.loading ? loadedImage(photoId) : undefined;

  return (
    <div ref={dialog} className={styles.viewer} role="dialog" aria-modal="true" aria-label={t('photo.viewer')} tabIndex={-1} onKeyDown={trapTab}>
      <div className={styles.bar}>
        <p className={styles.position} aria-live="polite">
          {index >= 0 && total > 0 ? t('photo.position', { index: index + 1, total }) : ''}
        </p>
        <div className={styles.tools}>
          {/* The other features' controls come first: some load on demand, and
              the toolbar is aligned right, so that what appears then must not
              move « Commander » under a pointer about to click it. */}
          {actions && settings && photoNode && actions({ galleryId: settings.id, photoId: photoNode.id })}
          {/* The photo's own tools: in the bar on a large screen, between the
              arrows at the bottom on a phone (the bar keeps room for the
              position, the other features' controls and « Commander »). */}
          <div className={styles.secondary}>
            {download && photoNode && (
              <a
                className={`${styles.iconButton} ${styles.downloadIcon}`}
                href={download.url}
                download=""
                aria-label={t(download.quality === 'hd' ? 'photo.downloadHd' : 'photo.downloadWeb')}
                title={t(download.quality === 'hd' ? 'photo.downloadHd' : 'photo.downloadWeb')}
                data-quality={download.quality}
              >
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                  <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19h14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </a>
            )}
            {total > 1 && (
              <button
                type="button"
                className={`${styles.iconButton} ${playing ? styles.playing : ''}`}
                onClick={() => setPlaying((p) => !p)}
                aria-pressed={playing}
                aria-label={t(playing ? 'photo.slideshowPause' : 'photo.slideshowStart')}
                title={t(playing ? 'photo.slideshowPause' : 'photo.slideshowStart')}
              >
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                  {playing ? <path d="M8 5v14M16 5v14" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" /> : <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />}
                </svg>
              </button>
            )}
          </div>
          {photoNode && (
            <Link className="button button-small button-ghost-light" to={`${galleryPath(galleryId, 'galleryProducts')}?${new URLSearchParams({ photoId: photoNode.id }).toString()}`}>
              {t('shop.order')}
            </Link>
          )}
          <button type="button" className={styles.iconButton} onClick={close} aria-label={t('photo.close')} title={t('photo.close')}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </div>

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
          <img className={styles.pending} src={pending.url} alt="" aria-hidden="true" data-role="pending" />
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
        disabled={!previousId}
        aria-label={t('photo.previous')}
        title={t('photo.previous')}
      >
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <button type="button" className={`${styles.nav} ${styles.next}`} onClick={userNext} disabled={!canGoNext} aria-label={t('photo.next')} title={t('photo.next')}>
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
    </div>
  );
}
