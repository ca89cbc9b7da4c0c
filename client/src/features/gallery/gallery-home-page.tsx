import { useQuery } from '@apollo/client/react';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext, useParams, useSearchParams } from 'react-router';
import type { GalleryLayoutContext } from '../../lib/gallery-layout-context';
import { galleryPath } from '../../lib/route-table';
import { PageMessage } from '../../components/ui/page-message';
import { Spinner } from '../../components/ui/spinner';
import { useFreeFiles } from '../../components/downloads/free-files';
import { getFragmentData, graphql } from '../../gql';
import { galleryVariables, usePreviewHash } from '../../lib/preview-hash';
import { asPhotosLayout, type PhotosLayout } from '../../lib/preview-params';
import { CollectionBar, COLLECTION_PARAM, shownCollections } from './collection-bar';
import { DownloadsSection } from './downloads-section';
import { GalleryCover } from './gallery-cover';
import { HomeSection, useAnchorOnceDrawn, useGridTopOnChoose } from './home-section';
import { PackCardFragment, PacksList } from './packs-section';
import { PhotoGrid } from './photo-grid';
import { homeSections } from './home-sections';
import { NewPhotosNotice } from './new-photos-notice';
import { PrintsSection } from './prints-section';
import { VideosList } from './videos-section';
import styles from './gallery-home.module.css';

/**
 * PHOTOS_PAGE_SIZE is the page size of the photo grid's next pages
 * (GalleryPhotos; the API caps pages at 100).
 */
export const PHOTOS_PAGE_SIZE = 100;

/**
 * FIRST_PHOTOS_PAGE_SIZE is the size of the grid's first page (GalleryHome's,
 * written in the document and checked by a test, and a collection's first):
 * more than the first screens show on a large desktop (band of three
 * screens), half of a next page, because the page's first data is written
 * into Apollo's cache and read back before the first render, about 4 ms of a
 * slow phone's main thread per photo (issue 22, docs/performance.md).
 */
export const FIRST_PHOTOS_PAGE_SIZE = 48;

/** GalleryPhotosPageFragment is a page of the grid, the same in the home's first page and the next ones (so that merged pages stay whole in the cache). */
export const GalleryPhotosPageFragment = graphql(`
  fragment GalleryPhotosPage on PhotoConnection {
    totalCount
    edges {
      cursor
      node {
        id
        ...PhotoCard_photo
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
`);

/**
 * GalleryHomeQuery is everything the home shows, in one request (issue 19):
 * the cover, the photographer's selection above the grid, the grid's first
 * page, the videos and the shop's sections below it. It selects nothing of
 * the viewer's own (no e-mail, cart, favourites: those come with the shell),
 * so the server may answer it alike to every viewer of a visibility class.
 * Without access (a protected gallery before the code) the server refuses
 * the photos and the whole answer; the layout shows the access screen then.
 * It must stay under GRAPHQL_MAX_COMPLEXITY (5000) as sent, with the
 * __typename Apollo adds to every selection (about 4,600): three lists of
 * 100 would not, hence the 50 videos (an event gallery has a handful).
 */
export const GalleryHomeQuery = graphql(`
  query GalleryHome($url: String!, $previewHash: String) {
    gallery(url: $url, previewHash: $previewHash) {
      id
      showFilename
      hideSaleEmphasis
      lightenHomepage
      theme {
        photosLayout
      }
      downloadInformation {
        freeDownload
      }
      collections {
        name
        photoCount
      }
      ...GalleryCover_gallery
      photographerSelection {
        count
        photos(first: 100) {
          edges {
            node {
              id
              ...PhotoCard_photo
            }
          }
        }
      }
      photos(first: 48) {
        ...GalleryPhotosPage
      }
      videos(first: 50) {
        edges {
          node {
            id
            ...VideoCard_video
          }
        }
      }
      availablePacks {
        id
        ...PackCard_pack
      }
      prices {
        ...PrintsSection_prices
        ...DownloadsSection_prices
      }
    }
  }
`);

/** GalleryPhotosQuery is the grid's next page (after the home's first), merged into the same connection by the cache. */
export const GalleryPhotosQuery = graphql(`
  query GalleryPhotos($url: String!, $previewHash: String, $first: Int!, $after: Cursor) {
    gallery(url: $url, previewHash: $previewHash) {
      id
      photos(first: $first, after: $after) {
        ...GalleryPhotosPage
      }
    }
  }
`);

/**
 * GalleryCollectionPhotosQuery is a page of one collection's photos (the
 * grid when a collection is chosen: ?collection=), kept apart from the
 * gallery's whole list by the cache (Gallery.photos is keyed by collection).
 */
export const GalleryCollectionPhotosQuery = graphql(`
  query GalleryCollectionPhotos($url: String!, $previewHash: String, $collection: String!, $first: Int!, $after: Cursor) {
    gallery(url: $url, previewHash: $previewHash) {
      id
      photos(first: $first, after: $after, collection: $collection) {
        ...GalleryPhotosPage
      }
    }
  }
`);

/** collectionPhotosPage are the variables of a collection's page after `after` (its first page without). */
export function collectionPhotosPage(variables: { url: string; previewHash?: string }, collection: string, after?: string) {
  return { ...variables, collection, first: after ? PHOTOS_PAGE_SIZE : FIRST_PHOTOS_PAGE_SIZE, ...(after ? { after } : {}) };
}

/** nextPhotosPage are the variables of the grid's page after `after`. */
export function nextPhotosPage(variables: { url: string; previewHash?: string }, after: string) {
  return { ...variables, first: PHOTOS_PAGE_SIZE, after };
}

function noMore(): void {}

function nodes<T extends { id: string }>(edges: ReadonlyArray<{ node?: T | null } | null> | null | undefined): T[] {
  return (edges ?? []).flatMap((e) => (e?.node ? [e.node] : []));
}

/** HomeDisplay overrides, for display only, settings of the gallery (the preview route's). */
export interface HomeDisplay {
  photosLayout?: PhotosLayout;
  hideSaleEmphasis?: boolean;
  lightenHomepage?: boolean;
}

/** PhotoActionTarget names a photo for a control another feature draws over it (galleryId is the API id). */
export interface PhotoActionTarget {
  galleryId: string;
  photoId: string;
}

/**
 * useHomePhotos loads the home (GalleryHomeQuery) and the photos its grid
 * shows: all of them, or the collection chosen in the address
 * (?collection=), with the next page on demand.
 */
function useHomePhotos(variables: ReturnType<typeof galleryVariables>, closed: boolean) {
  const home = useQuery(GalleryHomeQuery, { variables, skip: closed });
  const gallery = home.data?.gallery;
  const allPhotos = getFragmentData(GalleryPhotosPageFragment, gallery?.photos);
  // The collection the grid shows (?collection=), asked for at once (beside
  // the home's request, not after it); shown once the home confirms it holds photos.
  const [searchParams] = useSearchParams();
  const wanted = searchParams.get(COLLECTION_PARAM) ?? undefined;
  const collectionCounts = gallery?.collections;
  const allTotal = allPhotos?.totalCount ?? 0;
  const collections = useMemo(
    () => shownCollections((collectionCounts ?? []).map((c) => ({ name: c.name, count: c.photoCount })), allTotal),
    [collectionCounts, allTotal],
  );
  const chosen = wanted !== undefined && collections.some((c) => c.name === wanted) ? wanted : undefined;
  const picked = useQuery(GalleryCollectionPhotosQuery, {
    variables: collectionPhotosPage(variables, wanted ?? ''),
    skip: closed || wanted === undefined || (gallery !== undefined && chosen === undefined),
  });
  const pickedPhotos = getFragmentData(GalleryPhotosPageFragment, picked.data?.gallery.photos);
  const connection = chosen === undefined ? allPhotos : pickedPhotos;
  // Every answer (the home, each next page) renders the page again: the
  // grids get the same items and action while their own data is unchanged,
  // so that they (memo) and their cards are not drawn again
  // (docs/performance.md, first thumbnails).
  const photoEdges = connection?.edges;
  const photoItems = useMemo(() => nodes(photoEdges).map((node) => ({ key: node.id, photo: node })), [photoEdges]);
  const pickEdges = gallery?.photographerSelection.photos.edges;
  const pickItems = useMemo(() => nodes(pickEdges).map((node) => ({ key: node.id, photo: node })), [pickEdges]);
  const fetchingMore = useRef(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const { fetchMore } = home;
  const fetchMorePicked = picked.fetchMore;
  const loadMore = useCallback(() => {
    const info = connection?.pageInfo;
    if (!info?.hasNextPage || !info.endCursor || fetchingMore.current) return;
    fetchingMore.current = true;
    setLoadingMore(true);
    // One request for the page alone; the cache merges it into the home's
    // connection, or the collection's (lib/apollo-cache.ts), which the home reads again.
    const more =
      chosen === undefined
        ? fetchMore({ query: GalleryPhotosQuery, variables: nextPhotosPage(variables, info.endCursor) })
        : fetchMorePicked({ variables: collectionPhotosPage(variables, chosen, info.endCursor) });
    more
      .catch(() => undefined)
      .finally(() => {
        fetchingMore.current = false;
        setLoadingMore(false);
      });
  }, [connection?.pageInfo, fetchMore, fetchMorePicked, chosen, variables]);
  return { home, gallery, allTotal, collections, chosen, picked, connection, photoItems, pickItems, loadingMore, loadMore };
}

/**
 * GalleryHomePage is the gallery home: cover, photos, videos, packs, prints
 * and downloads, laid out by the gallery's settings unless `display`
 * overrides them. `photoAction` draws a control over each photo and video
 * (the favourites heart, composed by the app; videos pass their vid_ id);
 * `downloadsAction` draws controls at the top of the downloads section (the
 * free download of the photos, composed by the app), given the gallery's
 * address.
 */
export function GalleryHomePage({
  display = {},
  photoAction,
  downloadsAction,
}: {
  display?: HomeDisplay;
  photoAction?: (target: PhotoActionTarget) => ReactNode;
  downloadsAction?: (galleryUrl: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const { galleryId = '' } = useParams();
  const previewHash = usePreviewHash(galleryId);
  const variables = useMemo(() => galleryVariables(galleryId, previewHash), [galleryId, previewHash]);
  // What the gallery gives this viewer (the shell brought it): a pack of free files only is not offered.
  const free = useFreeFiles(galleryId);
  // The layout draws the home once the gallery is open to the viewer (or
  // through a preview link): the server refuses the photos until then. The
  // shell and this query left together (app/prefetch.ts), so this usually
  // finds its answer in the cache.
  const closed = useOutletContext<GalleryLayoutContext | undefined>()?.open === false;
  const { home, gallery, allTotal, collections, chosen, picked, connection, photoItems, pickItems, loadingMore, loadMore } = useHomePhotos(variables, closed);
  const actionGalleryId = gallery?.id;
  const gridAction = useMemo(
    () => (photoAction && actionGalleryId ? (photoId: string) => photoAction({ galleryId: actionGalleryId, photoId }) : undefined),
    [photoAction, actionGalleryId],
  );

  const onChoose = useGridTopOnChoose(chosen);
  // Every section has its height once the home's one answer is drawn.
  useAnchorOnceDrawn(Boolean(gallery));

  if (closed) return null;
  if (!gallery) {
    if (home.error) {
      return (
        <PageMessage
          title={t('gallery.errorLoading')}
          tone="error"
          icon="!"
          actions={
            <button type="button" className="button button-primary" onClick={() => void home.refetch()}>
              {t('common.retry')}
            </button>
          }
        />
      );
    }
    return <Spinner block label={t('gallery.loading')} />;
  }

  const homePath = galleryPath(galleryId, 'galleryHome');

  const hidePrice = display.hideSaleEmphasis ?? gallery.hideSaleEmphasis;
  const videoNodes = nodes(gallery.videos.edges);
  const packs = gallery.availablePacks.filter((p) => !free.freeOnly(getFragmentData(PackCardFragment, p)));
  const prices = gallery.prices;
  const lighten = display.lightenHomepage ?? gallery.lightenHomepage;
  const layout = display.photosLayout ?? asPhotosLayout(gallery.theme.photosLayout);
  // A new or small gallery shows no empty section.
  const sections = homeSections({ ...gallery, availablePacks: packs });

  return (
    <div className={`${styles.home} ${lighten ? styles.lighten : ''}`}>
      <GalleryCover gallery={gallery} homePath={homePath} hasPrints={sections.prints} />

      {sections.selection && pickItems.length > 0 && (
        <HomeSection id="photographer-selection" wide title={t('gallery.photographerSelectionTitle')} count={t('gallery.photosCount', { count: pickItems.length })}>
          <p>{t('gallery.photographerSelectionHint')}</p>
          <PhotoGrid
            galleryId={galleryId}
            photos={pickItems}
            showFilename={gallery.showFilename}
            layout={layout}
            hasMore={false}
            loadingMore={false}
            gridName="photographer-selection"
            onLoadMore={noMore}
            photoAction={gridAction}
            balanced
          />
        </HomeSection>
      )}

      <HomeSection id="photos" wide title={t('gallery.photosTitle')} count={connection && t('gallery.photosCount', { count: connection.totalCount })}>
        <NewPhotosNotice url={galleryId} shown={allTotal} enabled={!previewHash} onShow={() => Promise.all([home.refetch(), chosen !== undefined ? picked.refetch() : undefined])} />
        {collections.length > 0 && <CollectionBar collections={collections} total={allTotal} current={chosen} onChoose={onChoose} />}
        {!connection ? (
          picked.error && chosen !== undefined ? (
            <div className={styles.inlineError} role="alert">
              <p>{t('gallery.errorLoading')}</p>
              <button type="button" className="button button-outline" onClick={() => void picked.refetch()}>
                {t('common.retry')}
              </button>
            </div>
          ) : (
            <Spinner block label={t('gallery.loadingMore')} />
          )
        ) : (
          <PhotoGrid
            key={chosen ?? ''}
            galleryId={galleryId}
            collection={chosen}
            photos={photoItems}
            showFilename={gallery.showFilename}
            layout={layout}
            hasMore={connection.pageInfo.hasNextPage}
            total={connection.totalCount}
            loadingMore={loadingMore}
            onLoadMore={loadMore}
            photoAction={gridAction}
            balanced={!connection.pageInfo.hasNextPage && photoItems.length <= FIRST_PHOTOS_PAGE_SIZE}
          />
        )}
      </HomeSection>

      {sections.videos && videoNodes.length > 0 && (
        <HomeSection id="videos" title={t('gallery.videosTitle')}>
          <VideosList
            videos={videoNodes.map((node) => ({ key: node.id, video: node }))}
            videoAction={photoAction && ((videoId) => photoAction({ galleryId: gallery.id, photoId: videoId }))}
          />
        </HomeSection>
      )}

      {sections.packs && (
        <HomeSection id="packs" shop title={t('gallery.packsTitle')}>
          {!lighten && <p className={styles.intro}>{t('gallery.packsIntro')}</p>}
          <PacksList galleryId={galleryId} hidePrice={hidePrice} packs={packs.map((p) => ({ key: p.id, pack: p }))} />
        </HomeSection>
      )}

      {sections.prints && (
        <HomeSection id="prints" shop title={t('gallery.printsTitle')}>
          {!lighten && <p className={styles.intro}>{t('gallery.printsIntro')}</p>}
          <PrintsSection prices={prices} galleryId={galleryId} hidePrice={hidePrice} />
        </HomeSection>
      )}

      {sections.downloads && (
        <HomeSection id="downloads" shop title={t('gallery.downloadsTitle')}>
          {!lighten && <p className={styles.intro}>{t('gallery.downloadsIntro')}</p>}
          {downloadsAction?.(galleryId)}
          <DownloadsSection prices={prices} galleryId={galleryId} hidePrice={hidePrice} />
        </HomeSection>
      )}
    </div>
  );
}
