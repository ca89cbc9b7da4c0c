import type { ApolloCache, ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppOperationContext } from '../../lib/apollo-client';
import { getFragmentData, makeFragmentData, type FragmentType } from '../../gql';
import type { AddToSelectionMutation as AddData, RemoveFromSelectionMutation as RemoveData, SelectionFieldsFragment as SelectionData } from '../../gql/graphql';
import { UserErrorFieldsFragment } from '../../lib/user-error-fields';
import { notify } from '../../lib/notification-store';
import { AddToSelectionMutation, FAVORITES_ID, FavoritesQuery, FavoritesViewerFragment, RemoveFromSelectionMutation, SelectionFieldsFragment } from './favorites-documents';

/** FAVORITE_ERROR_CONTEXT makes a failed favourite call toast the catalogue's message (a 401 still asks for an e-mail). */
const FAVORITE_ERROR_CONTEXT: AppOperationContext = { errorMessageKey: 'errors.addPhotoToFavoritesError' };

type SelectionFields = SelectionData & { __typename: 'Selection' };

function isVideoId(id: string): boolean {
  return id.startsWith('vid_');
}

/** withItem returns the favourites with an id added or taken out, as the server will answer. */
export function withItem(selection: SelectionFields, id: string, add: boolean): SelectionFields {
  const key = isVideoId(id) ? 'videoIds' : 'photoIds';
  const rest = selection[key].filter((x) => x !== id);
  return { ...selection, [key]: add ? [...rest, id] : rest };
}

/**
 * writeFavorites puts a selection answer on the favourites query: the cache
 * cannot tell that the selection with this id is the one that
 * mySelection(id: "favorites") names.
 */
function writeFavorites(cache: ApolloCache, galleryId: string, selection: FragmentType<typeof SelectionFieldsFragment> | null | undefined) {
  if (selection) cache.writeQuery({ query: FavoritesQuery, variables: { galleryId }, data: { mySelection: selection } });
}

function contains(selection: SelectionData | undefined, id: string): boolean {
  return Boolean(selection && (isVideoId(id) ? selection.videoIds : selection.photoIds).includes(id));
}

// The favourites of a gallery, watched once for every heart on screen: the
// home draws a heart over each of its ~120 thumbnails, and one query (one
// cache watch) per heart cost about 0.3 s of the home's first render
// (docs/performance.md, issue 9). Each heart reads only whether its own photo
// is in, so a toggle renders the heart it concerns.
interface FavoritesWatch {
  selection: SelectionData | undefined;
  listeners: Set<() => void>;
  stop?: () => void;
}

const watches = new WeakMap<ApolloClient, Map<string, FavoritesWatch>>();

/** favoritesWatch is the gallery's shared watch, made (not yet started) with what the cache holds. */
function favoritesWatch(client: ApolloClient, galleryId: string): FavoritesWatch {
  let byGallery = watches.get(client);
  if (!byGallery) watches.set(client, (byGallery = new Map()));
  let watch = byGallery.get(galleryId);
  if (!watch) {
    const cached = client.readQuery({ query: FavoritesQuery, variables: { galleryId } });
    watch = { selection: getFragmentData(SelectionFieldsFragment, cached?.mySelection) ?? undefined, listeners: new Set() };
    byGallery.set(galleryId, watch);
  }
  return watch;
}

type EmailState = 'unknown' | 'none' | 'confirmed';

/**
 * emailState reads from the cache whether the gallery's viewer has a
 * confirmed e-mail (the shell asks for it): without one the server refuses
 * the favourites, so they are not asked for (issue 19: no request that can
 * only fail on the opening screen). Unknown (no shell in the cache), they are.
 */
function emailState(result: { complete: boolean; data: unknown }): EmailState {
  if (!result.complete) return 'unknown';
  const auth = (result.data as { auth?: { accessEmail?: string | null } } | undefined)?.auth;
  return auth?.accessEmail ? 'confirmed' : 'none';
}

/** subscribeFavorites starts the gallery's favourites query with its first listener and stops it with its last. */
function subscribeFavorites(client: ApolloClient, galleryId: string, listener: () => void): () => void {
  const watch = favoritesWatch(client, galleryId);
  watch.listeners.add(listener);
  if (!watch.stop) {
    let query: { unsubscribe(): void } | undefined;
    let state: EmailState | undefined;
    const ask = (next: EmailState) => {
      if (next === state) return;
      state = next;
      query?.unsubscribe();
      // Without a confirmed e-mail only the cache is read (an answer a
      // mutation left there); a failure stays quiet and nothing is marked.
      const observable = client.watchQuery({
        query: FavoritesQuery,
        variables: { galleryId },
        context: { silentErrors: true },
        fetchPolicy: next === 'none' ? 'cache-only' : 'cache-first',
      });
      query = observable.subscribe({
        next: (result) => {
          const selection = result.dataState === 'complete' ? (getFragmentData(SelectionFieldsFragment, result.data.mySelection) ?? undefined) : undefined;
          if (selection === watch.selection) return;
          watch.selection = selection;
          for (const notifyListener of [...watch.listeners]) notifyListener();
        },
        error: () => undefined,
      });
    };
    const from = { __typename: 'Gallery' as const, id: galleryId };
    const now = client.cache.readFragment({ fragment: FavoritesViewerFragment, id: client.cache.identify(from) });
    ask(emailState({ complete: now != null, data: now }));
    // The viewer's e-mail, followed: confirming one (or logging out) asks again.
    const viewer = client.watchFragment({ fragment: FavoritesViewerFragment, from }).subscribe({
      next: (result) => ask(emailState(result)),
      error: () => undefined,
    });
    watch.stop = () => {
      viewer.unsubscribe();
      query?.unsubscribe();
    };
  }
  return () => {
    watch.listeners.delete(listener);
    if (watch.listeners.size > 0) return;
    watch.stop?.();
    const byGallery = watches.get(client);
    if (byGallery?.get(galleryId) === watch) byGallery.delete(galleryId);
  };
}

/**
 * useFavorite tells whether a photo (or a video) is in the visitor's
 * favourites and toggles it. All hearts of a gallery share one favourites
 * query. A toggle shows at once (a pending state and an optimistic cache
 * answer) and goes back if the call fails; the failure is a toast, except a
 * 401, which the error link turns into the e-mail dialog and a replay once
 * the e-mail is confirmed. Without a confirmed e-mail the favourites query
 * fails quietly and nothing is marked.
 */
export function useFavorite(galleryId: string, id: string) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const subscribe = useCallback((listener: () => void) => (galleryId ? subscribeFavorites(client, galleryId, listener) : () => undefined), [client, galleryId]);
  const stored = useSyncExternalStore(subscribe, () => (galleryId ? contains(favoritesWatch(client, galleryId).selection, id) : false));
  const [pending, setPending] = useState<boolean>();

  const toggle = useCallback(async () => {
    if (pending !== undefined || !galleryId) return;
    const current = favoritesWatch(client, galleryId).selection;
    const next = !contains(current, id);
    setPending(next);
    const base: SelectionFields = current
      ? { ...current, __typename: 'Selection', photoIds: [...current.photoIds], videoIds: [...current.videoIds] }
      : { __typename: 'Selection', id: FAVORITES_ID, name: t('selections.favoritesName'), isFavorites: true, photoIds: [], videoIds: [] };
    const optimistic = makeFragmentData(withItem(base, id, next), SelectionFieldsFragment);
    const options = {
      variables: { input: { galleryId, selectionId: FAVORITES_ID, photoIds: [id] } },
      context: FAVORITE_ERROR_CONTEXT,
    };
    try {
      let userErrors;
      if (next) {
        const result = await client.mutate({
          mutation: AddToSelectionMutation,
          ...options,
          // __typename, which the generated types leave out, lets the cache normalise the answer.
          optimisticResponse: { addToSelection: { __typename: 'SelectionPayload', selection: optimistic, userErrors: [] } } as AddData,
          update: (cache, { data }) => writeFavorites(cache, galleryId, data?.addToSelection.selection),
        });
        userErrors = result.data?.addToSelection.userErrors;
      } else {
        const result = await client.mutate({
          mutation: RemoveFromSelectionMutation,
          ...options,
          optimisticResponse: { removeFromSelection: { __typename: 'SelectionPayload', selection: optimistic, userErrors: [] } } as RemoveData,
          update: (cache, { data }) => writeFavorites(cache, galleryId, data?.removeFromSelection.selection),
        });
        userErrors = result.data?.removeFromSelection.userErrors;
      }
      if ((getFragmentData(UserErrorFieldsFragment, userErrors) ?? []).length > 0) notify({ type: 'error', message: t('errors.addPhotoToFavoritesError') });
    } catch {
      // The error link has told the visitor; the optimistic answer is gone with the pending state.
    } finally {
      setPending(undefined);
    }
  }, [client, galleryId, id, pending, t]);

  return { isFavorite: pending ?? stored, toggle, busy: pending !== undefined };
}
