// The photos the viewer moves through: the gallery's grid (or the
// collection's the photo was opened from), page by page.
import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { graphql } from '../../gql';
import { galleryPath } from '../../lib/route-table';

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

/** PhotoLocationState is what the grid hands the viewer in the location's state. */
export interface PhotoLocationState {
  fromGallery?: boolean;
  /** The grid the photo was opened from (it gets the focus back). */
  grid?: string;
  /** The collection that grid showed: the arrows stay inside it. */
  collection?: string;
}

/**
 * usePhotoSequence finds the photo on screen in its sequence and moves to
 * the previous or next one (loading the next page when the last loaded is
 * reached; a photo opened from a link may sit beyond the pages loaded).
 */
export function usePhotoSequence(galleryId: string, photoId: string, variables: { url: string; previewHash?: string | null }, state: PhotoLocationState) {
  const navigate = useNavigate();
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

  return { index, total: connection?.totalCount ?? 0, previousId, nextId, canGoNext, goPrevious, goNext };
}
