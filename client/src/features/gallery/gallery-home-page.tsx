import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useOutletContext, useParams } from 'react-router';
import type { GalleryLayoutContext } from '../../app/gallery-layout';
import { galleryPath } from '../../app/route-table';
import { PageMessage } from '../../components/ui/page-message';
import { Spinner } from '../../components/ui/spinner';
import { graphql } from '../../gql';
import { galleryVariables, usePreviewHash } from '../../lib/preview-hash';
import { asPhotosLayout, type PhotosLayout } from '../../lib/preview-params';
import { DownloadsSection } from './downloads-section';
import { GalleryCover } from './gallery-cover';
import { PacksList } from './packs-section';
import { PhotoGrid } from './photo-grid';
import { PrintsSection } from './prints-section';
import { VideosList } from './videos-section';
import styles from './gallery-home.module.css';

/** PHOTOS_PAGE_SIZE is the page size of the photo grid (the API caps pages at 100). */
export const PHOTOS_PAGE_SIZE = 100;

/** firstPhotosPage are the variables of the home's first page of photos (app/prefetch.ts asks with the same, so that the home finds its answer). */
export function firstPhotosPage<V extends { url: string; previewHash?: string }>(variables: V): V & { first: number } {
  return { ...variables, first: PHOTOS_PAGE_SIZE };
}

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
      auth {
        accessCodeAuthorized
        needEmail
      }
      ...GalleryCover_gallery
    }
  }
`);

export const GalleryShopQuery = graphql(`
  query GalleryShop($url: String!, $previewHash: String) {
    gallery(url: $url, previewHash: $previewHash) {
      id
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

export const GalleryPhotosQuery = graphql(`
  query GalleryPhotos($url: String!, $previewHash: String, $first: Int!, $after: Cursor) {
    gallery(url: $url, previewHash: $previewHash) {
      id
      photos(first: $first, after: $after) {
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
    }
  }
`);

export const GalleryVideosQuery = graphql(`
  query GalleryVideos($url: String!, $previewHash: String) {
    gallery(url: $url, previewHash: $previewHash) {
      id
      videos(first: 100) {
        totalCount
        edges {
          cursor
          node {
            id
            ...VideoCard_video
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

// The photographer's favourites, shown above the photos when there are any.
export const GalleryPhotographerSelectionQuery = graphql(`
  query GalleryPhotographerSelection($url: String!, $previewHash: String) {
    gallery(url: $url, previewHash: $previewHash) {
      id
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
    }
  }
`);

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
  const location = useLocation();
  const previewHash = usePreviewHash(galleryId);
  const variables = galleryVariables(galleryId, previewHash);
  const home = useQuery(GalleryHomeQuery, { variables });
  const gallery = home.data?.gallery;
  // Photos and videos are only served once the code is accepted and, when the
  // gallery asks for one, the e-mail confirmed; the layout shows the access
  // screen or the e-mail step until then. The layout knows it before the
  // home's own query answers: the photos are asked for at the same time as
  // the rest of the home, not after it (docs/performance.md, first thumbnails).
  const fromLayout = useOutletContext<GalleryLayoutContext | undefined>();
  const authorized = gallery ? gallery.auth.accessCodeAuthorized === true && !gallery.auth.needEmail : fromLayout?.open === true;

  const photos = useQuery(GalleryPhotosQuery, {
    variables: firstPhotosPage(variables),
    skip: !authorized,
    context: { errorMessageKey: 'gallery.errorPhotos' },
  });
  const videos = useQuery(GalleryVideosQuery, {
    variables,
    skip: !authorized,
    context: { errorMessageKey: 'gallery.errorVideos' },
  });
  const shop = useQuery(GalleryShopQuery, { variables, skip: !authorized });
  const picks = useQuery(GalleryPhotographerSelectionQuery, { variables, skip: !authorized, context: { silentErrors: true } });

  const connection = photos.data?.gallery.photos;
  // Every answer (home, photos, videos, shop, selection) renders the page
  // again: the grids get the same items and action while their own data is
  // unchanged, so that they (memo) and their cards are not drawn again
  // (docs/performance.md, first thumbnails).
  const photoEdges = connection?.edges;
  const photoItems = useMemo(() => nodes(photoEdges).map((node) => ({ key: node.id, photo: node })), [photoEdges]);
  const pickEdges = picks.data?.gallery.photographerSelection.photos.edges;
  const pickItems = useMemo(() => nodes(pickEdges).map((node) => ({ key: node.id, photo: node })), [pickEdges]);
  const actionGalleryId = gallery?.id;
  const gridAction = useMemo(
    () => (photoAction && actionGalleryId ? (photoId: string) => photoAction({ galleryId: actionGalleryId, photoId }) : undefined),
    [photoAction, actionGalleryId],
  );
  const fetchingMore = useRef(false);
  const { fetchMore } = photos;
  const loadMore = useCallback(() => {
    const info = connection?.pageInfo;
    if (!info?.hasNextPage || !info.endCursor || fetchingMore.current) return;
    fetchingMore.current = true;
    fetchMore({ variables: { after: info.endCursor } })
      .catch(() => undefined)
      .finally(() => {
        fetchingMore.current = false;
      });
  }, [connection?.pageInfo, fetchMore]);

  // Anchors (#photos, #packs...) may point at sections rendered after the data
  // arrives. When the page is already scrolled, the router has either scrolled
  // to the anchor or restored a saved position (back navigation): leave it.
  const scrolledHash = useRef<string | null>(null);
  // Every section above the photos must have its height first: the
  // photographer's selection, and the photos themselves (videos, packs and
  // the shop come after them).
  const ready = Boolean(gallery && (!authorized || (photos.data && !picks.loading)));
  useEffect(() => {
    if (!ready || !location.hash || scrolledHash.current === location.key) return;
    if (window.scrollY > 0) {
      scrolledHash.current = location.key;
      return;
    }
    const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) {
      scrolledHash.current = location.key;
      target.scrollIntoView({ block: 'start' });
    }
  }, [ready, location.hash, location.key, shop.data, videos.data, picks.data]);

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
  if (!authorized) {
    return <GalleryCover gallery={gallery} homePath={homePath} showActions={false} />;
  }

  const hidePrice = display.hideSaleEmphasis ?? gallery.hideSaleEmphasis;
  const videoNodes = nodes(videos.data?.gallery.videos.edges);
  const packs = shop.data?.gallery.availablePacks ?? [];
  const prices = shop.data?.gallery.prices;
  const lighten = display.lightenHomepage ?? gallery.lightenHomepage;
  const layout = display.photosLayout ?? asPhotosLayout(gallery.theme.photosLayout);

  return (
    <div className={`${styles.home} ${lighten ? styles.lighten : ''}`}>
      <GalleryCover gallery={gallery} homePath={homePath} />

      {pickItems.length > 0 && (
        <section id="photographer-selection" className={`${styles.section} ${styles.wide}`} aria-labelledby="photographer-selection-title">
          <div className={styles.sectionHead}>
            <h2 id="photographer-selection-title" className={styles.sectionTitle}>
              {t('gallery.photographerSelectionTitle')}
            </h2>
            <p className={styles.count}>{t('gallery.photosCount', { count: pickItems.length })}</p>
          </div>
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
          />
        </section>
      )}

      <section id="photos" className={`${styles.section} ${styles.wide}`} aria-labelledby="photos-title">
        <div className={styles.sectionHead}>
          <h2 id="photos-title" className={styles.sectionTitle}>
            {t('gallery.photosTitle')}
          </h2>
          {connection && <p className={styles.count}>{t('gallery.photosCount', { count: connection.totalCount })}</p>}
        </div>
        {photos.error && !connection ? (
          <div className={styles.inlineError} role="alert">
            <p>{t('gallery.errorPhotos')}</p>
            <button type="button" className="button button-outline" onClick={() => void photos.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        ) : !connection ? (
          <Spinner block label={t('gallery.loadingMore')} />
        ) : (
          <PhotoGrid
            galleryId={galleryId}
            photos={photoItems}
            showFilename={gallery.showFilename}
            layout={layout}
            hasMore={connection.pageInfo.hasNextPage}
            total={connection.totalCount}
            loadingMore={photos.networkStatus === NetworkStatus.fetchMore}
            onLoadMore={loadMore}
            photoAction={gridAction}
          />
        )}
      </section>

      {videos.error && !videos.data ? (
        <section id="videos" className={styles.section} aria-labelledby="videos-title">
          <h2 id="videos-title" className={styles.sectionTitle}>
            {t('gallery.videosTitle')}
          </h2>
          <div className={styles.inlineError} role="alert">
            <p>{t('gallery.errorVideos')}</p>
            <button type="button" className="button button-outline" onClick={() => void videos.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        </section>
      ) : (
        videoNodes.length > 0 && (
          <section id="videos" className={styles.section} aria-labelledby="videos-title">
            <div className={styles.sectionHead}>
              <h2 id="videos-title" className={styles.sectionTitle}>
                {t('gallery.videosTitle')}
              </h2>
            </div>
            <VideosList
              videos={videoNodes.map((node) => ({ key: node.id, video: node }))}
              videoAction={photoAction && ((videoId) => photoAction({ galleryId: gallery.id, photoId: videoId }))}
            />
          </section>
        )
      )}

      {packs.length > 0 && (
        <section id="packs" className={`${styles.section} ${styles.shop}`} aria-labelledby="packs-title">
          <div className={styles.sectionHead}>
            <h2 id="packs-title" className={styles.sectionTitle}>
              {t('gallery.packsTitle')}
            </h2>
          </div>
          {!lighten && <p className={styles.intro}>{t('gallery.packsIntro')}</p>}
          <PacksList galleryId={galleryId} hidePrice={hidePrice} packs={packs.map((p) => ({ key: p.id, pack: p }))} />
        </section>
      )}

      {prices && (
        <section id="prints" className={`${styles.section} ${styles.shop}`} aria-labelledby="prints-title">
          <div className={styles.sectionHead}>
            <h2 id="prints-title" className={styles.sectionTitle}>
              {t('gallery.printsTitle')}
            </h2>
          </div>
          {!lighten && <p className={styles.intro}>{t('gallery.printsIntro')}</p>}
          <PrintsSection prices={prices} galleryId={galleryId} hidePrice={hidePrice} />
        </section>
      )}

      {prices && (
        <section id="downloads" className={`${styles.section} ${styles.shop}`} aria-labelledby="downloads-title">
          <div className={styles.sectionHead}>
            <h2 id="downloads-title" className={styles.sectionTitle}>
              {t('gallery.downloadsTitle')}
            </h2>
          </div>
          {!lighten && <p className={styles.intro}>{t('gallery.downloadsIntro')}</p>}
          {downloadsAction?.(galleryId)}
          <DownloadsSection prices={prices} galleryId={galleryId} hidePrice={hidePrice} />
        </section>
      )}
    </div>
  );
}
