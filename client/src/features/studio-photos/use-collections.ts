import { useMutation } from '@apollo/client/react';
import { notify } from '../../lib/notification-store';
import { StudioDeleteCollectionMutation, StudioRenameCollectionMutation, StudioUpdateGalleryMutation } from './studio-documents';

/** CollectionActions create, rename, reorder and delete the gallery's collections. */
export interface CollectionActions {
  create: (name: string) => Promise<boolean>;
  rename: (name: string, newName: string) => Promise<boolean>;
  move: (name: string, by: -1 | 1) => Promise<boolean>;
  remove: (name: string) => Promise<boolean>;
}

/** useCollections changes the collections, then calls done (the screen reloads). */
export function useCollections(galleryId: string, names: readonly string[], done: () => void): CollectionActions {
  const [updateGallery] = useMutation(StudioUpdateGalleryMutation);
  const [renameCollection] = useMutation(StudioRenameCollectionMutation);
  const [deleteCollection] = useMutation(StudioDeleteCollectionMutation);
  const finish = (errors: readonly { message: string }[] | undefined) => {
    done();
    if (errors && errors.length > 0) {
      notify({ type: 'error', message: errors[0].message });
      return false;
    }
    return true;
  };
  const setNames = async (collectionNames: string[]) => {
    const r = await updateGallery({ variables: { input: { galleryId, settings: { collectionNames } } } });
    return finish(r.data?.updateGallery.userErrors);
  };
  return {
    create: (name) => setNames([...names, name]),
    rename: async (name, newName) => {
      const r = await renameCollection({ variables: { input: { galleryId, name, newName } } });
      return finish(r.data?.renameCollection.userErrors);
    },
    move: (name, by) => {
      const i = names.indexOf(name);
      const j = i + by;
      if (i < 0 || j < 0 || j >= names.length) return Promise.resolve(false);
      const next = [...names];
      [next[i], next[j]] = [next[j], next[i]];
      return setNames(next);
    },
    remove: async (name) => {
      const r = await deleteCollection({ variables: { input: { galleryId, name } } });
      return finish(r.data?.deleteCollection.userErrors);
    },
  };
}
