import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useCallback, useRef } from 'react';
import { useParams } from 'react-router';
import { getFragmentData } from '../../gql';
import { galleryVariables, usePreviewHash } from '../../lib/preview-hash';
import { PHOTOS_PAGE_SIZE, ShopGalleryQuery, ShopPackFragment, ShopPhotosQuery, ShopPricesFragment } from './shop-documents';

/** useGalleryVariables returns the address of the gallery on screen and the variables naming it in gallery queries. */
export function useGalleryVariables() {
  const { galleryId: galleryUrl = '' } = useParams();
  const previewHash = usePreviewHash(galleryUrl);
  return { galleryUrl, variables: galleryVariables(galleryUrl, previewHash) };
}

/**
 * useShopGallery loads the gallery's price list, packs and print options
 * (one query for every shop screen) and unmasks them.
 */
export function useShopGallery() {
  const { galleryUrl, variables } = useGalleryVariables();
  const query = useQuery(ShopGalleryQuery, { variables, context: { silentErrors: true } });
  const gallery = query.data?.gallery;
  const prices = getFragmentData(ShopPricesFragment, gallery?.prices);
  const packs = getFragmentData(ShopPackFragment, gallery?.availablePacks);
  return { galleryUrl, gallery, prices, packs, error: query.error, refetch: query.refetch };
}

/**
 * useShopPhotos loads the gallery's photos page by page for a photo picker
 * (the connection is the home grid's: pages loaded there are reused).
 */
export function useShopPhotos() {
  const { variables } = useGalleryVariables();
  const query = useQuery(ShopPhotosQuery, {
    variables: { ...variables, first: PHOTOS_PAGE_SIZE },
    context: { errorMessageKey: 'gallery.errorPhotos' },
  });
  const connection = query.data?.gallery.photos;
  const photos = (connection?.edges ?? []).flatMap((e) => (e?.node ? [e.node] : []));
  const fetching = useRef(false);
  const { fetchMore } = query;
  const info = connection?.pageInfo;
  const loadMore = useCallback(() => {
    if (!info?.hasNextPage || !info.endCursor || fetching.current) return;
    fetching.current = true;
    fetchMore({ variables: { after: info.endCursor } })
      .catch(() => undefined)
      .finally(() => {
        fetching.current = false;
      });
  }, [info, fetchMore]);
  return {
    photos,
    loaded: Boolean(connection),
    totalCount: connection?.totalCount ?? 0,
    hasMore: info?.hasNextPage ?? false,
    loadingMore: query.networkStatus === NetworkStatus.fetchMore,
    loadMore,
    error: query.error,
    refetch: query.refetch,
  };
}
