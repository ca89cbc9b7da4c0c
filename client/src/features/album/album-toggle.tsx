import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { getFragmentData } from '../../gql';
import type { AddToAlbumMutation as AddData, RemoveFromAlbumMutation as RemoveData } from '../../gql/graphql';
import { UserErrorFieldsFragment } from '../../lib/user-error-fields';
import { notify } from '../../lib/notification-store';
import { AddToAlbumMutation, AlbumSelectionFieldsFragment, RemoveFromAlbumMutation, writeAlbum, type AlbumFields } from './album-documents';
import { useAlbum } from './use-album';
import styles from './album.module.css';

/** withPhoto is the album as the server will answer once a photo is added or taken out. */
export function withPhoto(album: AlbumFields, photoId: string, add: boolean): AlbumFields {
  const rest = album.photoIds.filter((id) => id !== photoId);
  const photoIds = add ? [...rest, photoId] : rest;
  const excess = album.maxPhotos > 0 ? Math.max(0, photoIds.length - album.maxPhotos) : 0;
  return { ...album, photoIds, photoCount: photoIds.length, excess };
}

/**
 * AlbumToggle puts the photo on screen in the clients' album or takes it
 * out, at once (optimistic) and back if the call fails. It shows nothing to
 * visitors or when the gallery has no album, and is locked once the album
 * is sent.
 */
export function AlbumToggle({ photoId }: { photoId: string }) {
  const { t } = useTranslation();
  const { galleryId, album } = useAlbum();
  const [add] = useMutation(AddToAlbumMutation, { context: { errorMessageKey: 'errors.addPhotoToAlbumError' } });
  const [remove] = useMutation(RemoveFromAlbumMutation, { context: { errorMessageKey: 'album.removeError' } });
  if (!album || !galleryId) return null;
  const inside = album.photoIds.includes(photoId);

  const toggle = async () => {
    const variables = { input: { galleryId, photoIds: [photoId] } };
    const optimistic = { __typename: 'AlbumSelection', ...withPhoto(album, photoId, !inside) };
    try {
      const problems = inside
        ? (
            await remove({
              variables,
              optimisticResponse: { removeFromAlbum: { __typename: 'AlbumPayload', album: optimistic, userErrors: [] } } as RemoveData,
              update: (cache, { data }) => writeAlbum(cache, galleryId, getFragmentData(AlbumSelectionFieldsFragment, data?.removeFromAlbum.album)),
            })
          ).data?.removeFromAlbum.userErrors
        : (
            await add({
              variables,
              optimisticResponse: { addToAlbum: { __typename: 'AlbumPayload', album: optimistic, userErrors: [] } } as AddData,
              update: (cache, { data }) => writeAlbum(cache, galleryId, getFragmentData(AlbumSelectionFieldsFragment, data?.addToAlbum.album)),
            })
          ).data?.addToAlbum.userErrors;
      const problem = getFragmentData(UserErrorFieldsFragment, problems)?.[0];
      if (problem) notify({ type: 'error', message: problem.message || t(inside ? 'album.removeError' : 'errors.addPhotoToAlbumError') });
    } catch {
      // The error link told the visitor; the optimistic answer is dropped.
    }
  };

  return (
    <button
      type="button"
      className={styles.toggle}
      aria-pressed={inside}
      aria-label={t('album.add')}
      title={inside ? t('album.remove') : t('album.add')}
      disabled={album.state === 'sent'}
      onClick={() => void toggle()}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <rect x="4" y="3" width="16" height="18" rx="2" fill={inside ? 'currentColor' : 'none'} fillOpacity={inside ? 0.3 : 0} stroke="currentColor" strokeWidth="1.8" />
        <path d={inside ? 'm8.5 12 2.5 2.5 4.5-5' : 'M12 8v8M8 12h8'} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
