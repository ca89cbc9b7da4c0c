import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApolloClient } from '@apollo/client';
import { useApolloClient, useSubscription } from '@apollo/client/react';
import type { StudioGalleryPhotosQuery as QueryData } from '../../gql/graphql';
import { errorCodes } from '../../lib/error-message';
import { StudioGalleryPhotosQuery, StudioPhotoStatusesSubscription } from './studio-documents';

type GalleryNode = Extract<NonNullable<QueryData['node']>, { __typename: 'Gallery' }>;

/** StudioGallery is the gallery as the screen shows it. */
export type StudioGallery = Omit<GalleryNode, 'photos'>;
/** StudioPhoto is one photo of the grid. */
export type StudioPhoto = NonNullable<NonNullable<NonNullable<GalleryNode['photos']['edges']>[number]>['node']>;

/** RELOAD_DELAY_MS gathers bursts of changes (uploads, derivatives made) into one reload. */
const RELOAD_DELAY_MS = 800;

/** StudioPhotosState is the gallery, all its photos in display order, and how to refresh them. */
export interface StudioPhotosState {
  gallery?: StudioGallery;
  photos: StudioPhoto[];
  loading: boolean;
  /** 'unauthorized' (not signed in, or not their gallery), 'not_found' or 'failed'. */
  error?: 'unauthorized' | 'not_found' | 'failed';
  setPhotos: (photos: StudioPhoto[]) => void;
  reload: () => Promise<void>;
  /** reloadSoon reloads once after a burst of calls. */
  reloadSoon: () => void;
}

/** useStudioPhotos loads every photo of the gallery (pages of 100) and reloads when the server says their statuses changed. */
export function useStudioPhotos(galleryId: string): StudioPhotosState {
  const client = useApolloClient();
  const [gallery, setGallery] = useState<StudioGallery>();
  const [photos, setPhotos] = useState<StudioPhoto[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<StudioPhotosState['error']>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const generation = useRef(0);

  // Each answer is shown once it comes, unless a later reload was asked meanwhile.
  const reload = useCallback(() => {
    const mine = ++generation.current;
    return loadStudioPhotos(client, galleryId).then((loaded) => {
      if (mine !== generation.current) return;
      if ('error' in loaded) setError(loaded.error);
      else {
        setGallery(loaded.gallery);
        setPhotos(loaded.photos);
        setError(undefined);
      }
      setLoading(false);
    });
  }, [client, galleryId]);

  const reloadSoon = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void reload(), RELOAD_DELAY_MS);
  }, [reload]);

  useEffect(() => {
    void reload();
    return () => clearTimeout(timer.current);
  }, [reload]);

  // The counts by status change as derivatives are made: the grid follows.
  const { data: live } = useSubscription(StudioPhotoStatusesSubscription, {
    variables: { galleryId },
    skip: !gallery,
    context: { silentErrors: true },
  });
  const counts = live?.galleryPhotoStatuses;
  const signature = counts ? `${counts.processing}/${counts.ready}/${counts.failed}` : '';
  const seen = useRef('');
  useEffect(() => {
    if (!signature) return;
    if (seen.current && seen.current !== signature) reloadSoon();
    seen.current = signature;
  }, [signature, reloadSoon]);

  return { gallery, photos, loading, error, setPhotos, reload, reloadSoon };
}

type Loaded = { gallery: StudioGallery; photos: StudioPhoto[] } | { error: NonNullable<StudioPhotosState['error']> };

/** loadStudioPhotos reads the gallery and every one of its photos, page after page, or the reason it cannot. */
async function loadStudioPhotos(client: ApolloClient, galleryId: string): Promise<Loaded> {
  try {
    const all: StudioPhoto[] = [];
    let after: string | undefined;
    let g: GalleryNode | undefined;
    do {
      const res = await client.query({
        query: StudioGalleryPhotosQuery,
        variables: { id: galleryId, after },
        fetchPolicy: 'no-cache',
        context: { silentErrors: true },
      });
      const node = res.data?.node;
      if (!node || node.__typename !== 'Gallery') throw new Error('not_found');
      g = node;
      for (const e of node.photos.edges ?? []) if (e?.node) all.push(e.node);
      after = node.photos.pageInfo.hasNextPage ? (node.photos.pageInfo.endCursor ?? undefined) : undefined;
    } while (after);
    const { photos: _p, ...gallery } = g;
    return { gallery, photos: all };
  } catch (e) {
    const codes = errorCodes(e);
    return { error: codes.some((c) => c === 'unauthorized' || c === 'forbidden') ? 'unauthorized' : e instanceof Error && e.message === 'not_found' ? 'not_found' : codes.includes('not_found') ? 'not_found' : 'failed' };
  }
}
