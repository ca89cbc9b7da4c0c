import type { Reference } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { Modal } from '../../components/ui/modal';
import { PageMessage } from '../../components/ui/page-message';
import { Spinner } from '../../components/ui/spinner';
import { getFragmentData, graphql } from '../../gql';
import { UserErrorFieldsFragment } from '../../lib/user-error-fields';
import { galleryVariables, usePreviewHash } from '../../lib/preview-hash';
import { errorCodes } from '../../lib/error-message';
import { notify } from '../../lib/notification-store';
import { SelectionPhotoCard } from './selection-photo-card';
import { DeleteSelectionMutation, FAVORITES_ID, RemoveFromSelectionMutation } from './selection-documents';
import styles from './selections.module.css';

export const SelectionGalleryQuery = graphql(`
  query SelectionGallery($url: String!, $previewHash: String) {
    gallery(url: $url, previewHash: $previewHash) {
      id
    }
  }
`);

export const SelectionPageQuery = graphql(`
  query SelectionPage($galleryId: ID!, $id: ID!) {
    mySelection(galleryId: $galleryId, id: $id) {
      id
      name
      isFavorites
      photoIds
      videoIds
      photos(first: 100) {
        edges {
          node {
            id
            ...SelectionPhoto_photo
          }
        }
      }
    }
  }
`);

/**
 * SelectionPage shows one of the visitor's selections (selections/favorites
 * for the favourites): its photos, each with a remove button, and, for a
 * named selection, a delete button. An unknown id is « Sélection
 * introuvable ».
 */
export function SelectionPage() {
  const { t } = useTranslation();
  const { galleryId: galleryUrl = '', selectionId = '' } = useParams();
  const navigate = useNavigate();
  const gallery = useQuery(SelectionGalleryQuery, { variables: galleryVariables(galleryUrl, usePreviewHash(galleryUrl)) });
  const galleryId = gallery.data?.gallery.id ?? '';
  const { data, error, refetch } = useQuery(SelectionPageQuery, {
    variables: { galleryId, id: selectionId },
    skip: !galleryId,
    context: { silentErrors: true },
  });
  const [remove, { loading: removing }] = useMutation(RemoveFromSelectionMutation, { context: { errorMessageKey: 'selections.removeError' } });
  const [deleteSelection, { loading: deleting }] = useMutation(DeleteSelectionMutation);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const home = galleryPath(galleryUrl, 'galleryHome');
  const backLink = (
    <Link to={home} className="button button-outline">
      {t('selections.back')}
    </Link>
  );

  const selection = data?.mySelection;
  if (!selection) {
    const codes = errorCodes(error);
    if (codes.includes('selection_not_found')) {
      return (
        <PageMessage title={t('selections.notFound')} actions={backLink}>
          <p>{t('selections.notFoundHint')}</p>
        </PageMessage>
      );
    }
    if (codes.includes('unauthorized')) {
      return (
        <PageMessage title={t('selections.mySelections')} actions={backLink}>
          <p>{t('selections.needEmail')}</p>
        </PageMessage>
      );
    }
    if (error || gallery.error) {
      return (
        <PageMessage
          title={t('selections.loadError')}
          tone="error"
          icon="!"
          actions={
            <button type="button" className="button button-primary" onClick={() => void refetch()}>
              {t('common.retry')}
            </button>
          }
        />
      );
    }
    return <Spinner block label={t('selections.loading')} />;
  }

  const name = selection.isFavorites ? t('selections.favoritesName') : selection.name;
  // photoIds follows every change at once; the connection is the page loaded first.
  const present = new Set(selection.photoIds);
  const photos = (selection.photos.edges ?? []).flatMap((e) => (e?.node && present.has(e.node.id) ? [e.node] : []));

  const removePhoto = async (photoId: string) => {
    try {
      await remove({ variables: { input: { galleryId, selectionId: selection.isFavorites ? FAVORITES_ID : selection.id, photoIds: [photoId] } } });
    } catch {
      // The error link told the visitor.
    }
  };

  const destroy = async () => {
    try {
      const result = await deleteSelection({
        variables: { input: { galleryId, selectionId: selection.id } },
        update: (cache, { data: answer }) => {
          if (!answer?.deleteSelection.deletedSelectionId) return;
          // Out of the lists; the entry itself stays until this screen is gone, so it does not fetch itself again.
          const gone = answer.deleteSelection.deletedSelectionId;
          cache.modify({
            fields: {
              mySelections: (existing: readonly Reference[], { readField }) => existing.filter((ref) => readField('id', ref) !== gone),
            },
          });
        },
      });
      const problem = getFragmentData(UserErrorFieldsFragment, result.data?.deleteSelection.userErrors)?.[0];
      if (problem) {
        notify({ type: 'error', message: problem.message || t('errors.unknown') });
        return;
      }
      setConfirmDelete(false);
      notify({ type: 'success', message: t('selections.deleted', { name }) });
      navigate(home, { replace: true });
    } catch {
      // The error link told the visitor.
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1 className={styles.pageTitle}>{name}</h1>
        <p className={styles.count}>{t('selections.itemsCount', { count: selection.photoIds.length + selection.videoIds.length })}</p>
        <div className={styles.actions}>
          {backLink}
          {!selection.isFavorites && (
            <button type="button" className="button button-outline" onClick={() => setConfirmDelete(true)}>
              {t('selections.delete')}
            </button>
          )}
        </div>
      </div>
      {photos.length === 0 ? (
        <p>{t('selections.empty')}</p>
      ) : (
        <ul className={styles.grid}>
          {photos.map((photo) => (
            <SelectionPhotoCard key={photo.id} photo={photo} galleryUrl={galleryUrl} onRemove={(id) => void removePhoto(id)} removing={removing} />
          ))}
        </ul>
      )}
      {confirmDelete && (
        <Modal title={t('selections.delete')} onClose={() => setConfirmDelete(false)}>
          <p>{t('selections.deleteConfirm', { name })}</p>
          <div className={styles.actions}>
            <button type="button" className="button button-outline" onClick={() => setConfirmDelete(false)}>
              {t('selections.cancel')}
            </button>
            <button type="button" className="button button-primary" onClick={() => void destroy()} disabled={deleting}>
              {t('selections.deleteSubmit')}
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
