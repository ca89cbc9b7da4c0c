import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { getFragmentData } from '../../gql';
import { UserErrorFieldsFragment } from '../../lib/user-error-fields';
import { notify } from '../../lib/notification-store';
import { AlbumPhotosQuery, AlbumSelectionFieldsFragment, RemoveFromAlbumMutation, SendAlbumMutation, writeAlbum, type AlbumFields } from './album-documents';
import styles from './album.module.css';
import { intlLocale } from '../../lib/locale';

/** AlbumDialog shows the album's counter and photos, takes photos out and sends it to the photographer. */
export function AlbumDialog({ galleryId, album, variables, onClose }: { galleryId: string; album: AlbumFields; variables: { url: string; previewHash?: string }; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const photos = useQuery(AlbumPhotosQuery, { variables, fetchPolicy: 'cache-and-network', context: { silentErrors: true } });
  const [remove, { loading: removing }] = useMutation(RemoveFromAlbumMutation, { context: { errorMessageKey: 'album.removeError' } });
  const [send, { loading: sending }] = useMutation(SendAlbumMutation);
  const [refusal, setRefusal] = useState<string>();
  const open = album.state === 'open';
  const present = new Set(album.photoIds);
  const nodes = (photos.data?.gallery.albumSelection?.photos.edges ?? []).flatMap((e) => (e?.node && present.has(e.node.id) ? [e.node] : []));

  const removePhoto = async (photoId: string) => {
    setRefusal(undefined);
    try {
      const result = await remove({
        variables: { input: { galleryId, photoIds: [photoId] } },
        update: (cache, { data }) => writeAlbum(cache, galleryId, getFragmentData(AlbumSelectionFieldsFragment, data?.removeFromAlbum.album)),
      });
      const problem = getFragmentData(UserErrorFieldsFragment, result.data?.removeFromAlbum.userErrors)?.[0];
      if (problem) setRefusal(problem.message || t('album.removeError'));
    } catch {
      // The error link told the visitor.
    }
  };

  const sendAlbum = async () => {
    setRefusal(undefined);
    try {
      const result = await send({
        variables: { input: { galleryId } },
        update: (cache, { data }) => writeAlbum(cache, galleryId, getFragmentData(AlbumSelectionFieldsFragment, data?.sendAlbum.album)),
      });
      const problem = getFragmentData(UserErrorFieldsFragment, result.data?.sendAlbum.userErrors)?.[0];
      if (problem) {
        setRefusal(problem.message || (problem.code === 'album_too_many' ? t('album.excess', { count: album.excess }) : t('errors.unknown')));
        return;
      }
      notify({ type: 'success', message: t('album.sent') });
    } catch {
      // The error link told the visitor.
    }
  };

  const sentAt = typeof album.sentAt === 'string' ? new Date(album.sentAt).toLocaleDateString(intlLocale(i18n.language), { dateStyle: 'long' }) : '';
  return (
    <Modal title={t('album.title')} description={<p>{t('album.intro')}</p>} onClose={onClose} size="medium">
      <p className={styles.counter} data-testid="album-counter">
        {album.maxPhotos > 0 ? t('album.counter', { n: album.photoCount, count: album.maxPhotos }) : t('album.counterUnlimited', { count: album.photoCount })}
      </p>
      {!open && <p role="status">{t('album.sentOn', { date: sentAt })}</p>}
      {album.photoCount === 0 ? (
        <p>{t('album.empty')}</p>
      ) : photos.loading && !photos.data ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <ul className={styles.grid}>
          {nodes.map((photo) => (
            <li key={photo.id} className={styles.cell} data-photo-id={photo.id}>
              <img src={photo.urls.thumbnail} alt={t('gallery.photoAlt', { filename: photo.filename })} loading="lazy" />
              {open && (
                <button type="button" className="button button-outline" disabled={removing} onClick={() => void removePhoto(photo.id)}>
                  {t('album.remove')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {refusal && (
        <p className={styles.refusal} role="alert">
          {refusal}
        </p>
      )}
      {open && (
        <button type="button" className="button button-primary" disabled={sending || album.photoCount === 0} onClick={() => void sendAlbum()}>
          {t('album.send')}
        </button>
      )}
    </Modal>
  );
}
