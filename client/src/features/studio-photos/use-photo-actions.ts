import { useCallback, useEffect, useRef } from 'react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notification-store';
import {
  StudioDeletePhotosMutation,
  StudioMovePhotosMutation,
  StudioReorderPhotosMutation,
  StudioSetPhotosFavoriteMutation,
  StudioSetPhotosHiddenMutation,
  StudioSetPhotosPrivateMutation,
  StudioUpdateGalleryMutation,
} from './studio-documents';
import type { StudioPhotosState } from './use-studio-photos';

/** UNDO_MS is how long a deletion can be taken back before it is sent. */
export const UNDO_MS = 6000;

type UserErrors = readonly { message: string }[] | undefined;

/** PhotoActions are the changes the toolbar and the grid make to photos. */
export interface PhotoActions {
  reorder: (ids: string[]) => Promise<void>;
  setCover: (id: string) => Promise<void>;
  setFavorite: (ids: string[], on: boolean) => Promise<void>;
  setPrivate: (ids: string[], on: boolean) => Promise<void>;
  setHidden: (ids: string[], on: boolean) => Promise<void>;
  move: (ids: string[], collection: string) => Promise<void>;
  /** remove hides the photos at once and deletes them after UNDO_MS unless « Annuler » is pressed. */
  remove: (ids: string[]) => void;
}

/** usePhotoActions sends the photographer's changes, then reloads the grid. */
export function usePhotoActions(galleryId: string, state: StudioPhotosState): PhotoActions {
  const { t } = useTranslation();
  const [reorderPhotos] = useMutation(StudioReorderPhotosMutation);
  const [movePhotos] = useMutation(StudioMovePhotosMutation);
  const [setPrivate] = useMutation(StudioSetPhotosPrivateMutation);
  const [setFavorite] = useMutation(StudioSetPhotosFavoriteMutation);
  const [setHidden] = useMutation(StudioSetPhotosHiddenMutation);
  const [deletePhotos] = useMutation(StudioDeletePhotosMutation);
  const [updateGallery] = useMutation(StudioUpdateGalleryMutation);
  const pending = useRef(new Map<number, { ids: string[]; timer: ReturnType<typeof setTimeout> }>());
  const seq = useRef(0);
  const { reloadSoon, setPhotos, photos } = state;

  const done = useCallback(
    (errors: UserErrors, success?: string) => {
      if (errors && errors.length > 0) notify({ type: 'error', message: errors[0].message });
      else if (success) notify({ type: 'success', message: success, timeout: 2500 });
      reloadSoon();
    },
    [reloadSoon],
  );

  const flush = useCallback(
    (key: number) => {
      const p = pending.current.get(key);
      if (!p) return;
      pending.current.delete(key);
      clearTimeout(p.timer);
      void deletePhotos({ variables: { input: { galleryId, photoIds: p.ids } } }).then((r) => done(r.data?.deletePhotos.userErrors));
    },
    [deletePhotos, done, galleryId],
  );

  // Leaving the screen sends the deletions still waiting.
  useEffect(() => {
    const all = pending.current;
    return () => {
      for (const key of [...all.keys()]) flush(key);
    };
  }, [flush]);

  const input = (ids: string[]) => ({ galleryId, photoIds: ids });
  return {
    reorder: async (ids) => {
      const r = await reorderPhotos({ variables: { input: input(ids) } });
      done(r.data?.reorderPhotos.userErrors);
    },
    setCover: async (id) => {
      const r = await updateGallery({ variables: { input: { galleryId, settings: { coverPhotoId: id } } } });
      done(r.data?.updateGallery.userErrors, t('studioPhotosActions.coverSet'));
    },
    setFavorite: async (ids, on) => {
      const r = await setFavorite({ variables: { input: { ...input(ids), favorite: on } } });
      done(r.data?.setPhotosFavorite.userErrors);
    },
    setPrivate: async (ids, on) => {
      const r = await setPrivate({ variables: { input: { ...input(ids), isPrivate: on } } });
      done(r.data?.setPhotosPrivate.userErrors);
    },
    setHidden: async (ids, on) => {
      const r = await setHidden({ variables: { input: { ...input(ids), hidden: on } } });
      done(r.data?.setPhotosClientHidden.userErrors);
    },
    move: async (ids, collection) => {
      const r = await movePhotos({ variables: { input: { ...input(ids), collection } } });
      done(r.data?.movePhotos.userErrors, t('studioPhotosActions.moved', { count: ids.length }));
    },
    remove: (ids) => {
      const before = photos;
      setPhotos(photos.filter((p) => !ids.includes(p.id)));
      const key = ++seq.current;
      notify({
        type: 'info',
        message: t('studioPhotosActions.deleted', { count: ids.length }),
        timeout: UNDO_MS,
        actions: [
          {
            label: t('studioPhotosActions.undo'),
            onClick: () => {
              const p = pending.current.get(key);
              if (!p) return;
              clearTimeout(p.timer);
              pending.current.delete(key);
              setPhotos(before);
            },
          },
        ],
      });
      pending.current.set(key, { ids, timer: setTimeout(() => flush(key), UNDO_MS) });
    },
  };
}
