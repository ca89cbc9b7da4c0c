import type { ApolloCache } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppOperationContext } from '../../app/apollo-client';
import { notify } from '../notifications/notification-store';
import type { AddToSelectionMutation as AddData, RemoveFromSelectionMutation as RemoveData } from '../../gql/graphql';
import { AddToSelectionMutation, FAVORITES_ID, FavoritesQuery, RemoveFromSelectionMutation } from './favorites-documents';

/** FAVORITE_ERROR_CONTEXT makes a failed favourite call toast the catalogue's message (a 401 still asks for an e-mail). */
const FAVORITE_ERROR_CONTEXT: AppOperationContext = { errorMessageKey: 'errors.addPhotoToFavoritesError' };

interface SelectionFields {
  __typename: 'Selection';
  id: string;
  name: string;
  isFavorites: boolean;
  photoIds: string[];
  videoIds: string[];
}

function isVideoId(id: string): boolean {
  return id.startsWith('vid_');
}

/** withItem returns the favourites with an id added or taken out, as the server will answer. */
export function withItem(selection: SelectionFields, id: string, add: boolean): SelectionFields {
  const key = isVideoId(id) ? 'videoIds' : 'photoIds';
  const rest = selection[key].filter((x) => x !== id);
  return { ...selection, [key]: add ? [...rest, id] : rest };
}

function writeFavorites(cache: ApolloCache, galleryId: string, selection: SelectionFields | null | undefined) {
  if (selection) cache.writeQuery({ query: FavoritesQuery, variables: { galleryId }, data: { mySelection: selection } });
}

/**
 * useFavorites tells which photos (and videos) are in the visitor's
 * favourites and toggles them. A toggle shows at once (a pending state and an
 * optimistic cache answer) and goes back if the call fails; the failure is a
 * toast, except a 401, which the error link turns into the e-mail dialog and
 * a replay once the e-mail is confirmed. Without a confirmed e-mail the
 * favourites query fails quietly and nothing is marked.
 */
export function useFavorites(galleryId: string) {
  const { t } = useTranslation();
  const favorites = useQuery(FavoritesQuery, { variables: { galleryId }, skip: !galleryId, context: { silentErrors: true } });
  const [add] = useMutation(AddToSelectionMutation);
  const [remove] = useMutation(RemoveFromSelectionMutation);
  const [pending, setPending] = useState<Record<string, boolean>>({});

  const current = favorites.data?.mySelection;
  const stored = useCallback((id: string) => Boolean(current && (isVideoId(id) ? current.videoIds : current.photoIds).includes(id)), [current]);
  const isFavorite = useCallback((id: string) => pending[id] ?? stored(id), [pending, stored]);

  const toggle = useCallback(
    async (id: string) => {
      if (pending[id] !== undefined) return;
      const next = !stored(id);
      setPending((p) => ({ ...p, [id]: next }));
      const base: SelectionFields = current
        ? { __typename: 'Selection', ...current, photoIds: [...current.photoIds], videoIds: [...current.videoIds] }
        : { __typename: 'Selection', id: FAVORITES_ID, name: t('selections.favoritesName'), isFavorites: true, photoIds: [], videoIds: [] };
      const options = {
        variables: { input: { galleryId, selectionId: FAVORITES_ID, photoIds: [id] } },
        context: FAVORITE_ERROR_CONTEXT,
      };
      try {
        let userErrors: ReadonlyArray<unknown> = [];
        if (next) {
          const result = await add({
            ...options,
            // __typename, which the generated types leave out, lets the cache normalise the answer.
            optimisticResponse: { addToSelection: { __typename: 'SelectionPayload', selection: withItem(base, id, true), userErrors: [] } } as AddData,
            update: (cache, { data }) => writeFavorites(cache, galleryId, data?.addToSelection.selection as SelectionFields | null | undefined),
          });
          userErrors = result.data?.addToSelection.userErrors ?? [];
        } else {
          const result = await remove({
            ...options,
            optimisticResponse: { removeFromSelection: { __typename: 'SelectionPayload', selection: withItem(base, id, false), userErrors: [] } } as RemoveData,
            update: (cache, { data }) => writeFavorites(cache, galleryId, data?.removeFromSelection.selection as SelectionFields | null | undefined),
          });
          userErrors = result.data?.removeFromSelection.userErrors ?? [];
        }
        if (userErrors.length > 0) notify({ type: 'error', message: t('errors.addPhotoToFavoritesError') });
      } catch {
        // The error link has told the visitor; the optimistic answer is gone with the pending state.
      } finally {
        setPending(({ [id]: _, ...rest }) => rest);
      }
    },
    [add, remove, current, galleryId, pending, stored, t],
  );

  return { isFavorite, toggle, busy: (id: string) => pending[id] !== undefined };
}
