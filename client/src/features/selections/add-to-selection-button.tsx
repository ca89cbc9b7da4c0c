import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { getFragmentData } from '../../gql';
import { UserErrorFieldsFragment } from '../../lib/user-error-fields';
import { errorCodes } from '../../lib/error-message';
import { notify } from '../../lib/notification-store';
import { CreateSelectionForm } from './create-selection-form';
import { AddToSelectionMutation, MySelectionsQuery, SelectionFieldsFragment } from './selection-documents';
import styles from './selections.module.css';

/**
 * AddToSelectionDialog lists the visitor's named selections; choosing one
 * adds the photo to it. A selection created here gets the photo at once.
 */
export function AddToSelectionDialog({ galleryId, photoId, onClose }: { galleryId: string; photoId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, loading, error } = useQuery(MySelectionsQuery, { variables: { galleryId }, context: { silentErrors: true }, fetchPolicy: 'cache-and-network' });
  const [add, { loading: adding }] = useMutation(AddToSelectionMutation, { context: { errorMessageKey: 'selections.addError' } });
  const named = getFragmentData(SelectionFieldsFragment, data?.mySelections ?? []).filter((s) => !s.isFavorites);

  const addTo = async (selection: { id: string; name: string }) => {
    try {
      const result = await add({ variables: { input: { galleryId, selectionId: selection.id, photoIds: [photoId] } } });
      const problem = getFragmentData(UserErrorFieldsFragment, result.data?.addToSelection.userErrors)?.[0];
      if (problem) {
        notify({ type: 'error', message: problem.message || t('selections.addError') });
        return;
      }
      notify({ type: 'success', message: t('selections.added', { name: selection.name }) });
      onClose();
    } catch {
      // The error link told the visitor.
    }
  };

  return (
    <Modal title={t('selections.addToSelection')} description={t('selections.addToSelectionHint')} onClose={onClose} size="medium">
      {loading && !data ? (
        <Spinner label={t('common.loading')} />
      ) : error && !data && !errorCodes(error).includes('unauthorized') ? (
        <p role="alert">{t('selections.loadError')}</p>
      ) : named.length === 0 ? (
        <p>{t('selections.noNamedSelection')}</p>
      ) : (
        <ul className={styles.list}>
          {named.map((s) => {
            const inside = s.photoIds.includes(photoId);
            return (
              <li key={s.id}>
                <button type="button" className={styles.menuItem} disabled={inside || adding} onClick={() => void addTo(s)}>
                  <span>{s.name}</span>
                  <span className={styles.count}>{inside ? t('selections.inSelection') : t('selections.itemsCount', { count: s.photoIds.length + s.videoIds.length })}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <h3>{t('selections.create')}</h3>
      <CreateSelectionForm galleryId={galleryId} onCreated={(s) => void addTo(s)} />
    </Modal>
  );
}

/** AddToSelectionButton is the photo view's « Ajouter à une sélection » control. */
export function AddToSelectionButton({ galleryId, photoId, className }: { galleryId: string; photoId: string; className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className ?? `${styles.heart} ${styles.heartDark}`} aria-label={t('selections.addToSelection')} title={t('selections.addToSelection')} onClick={() => setOpen(true)}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M4 7h10M4 12h10M4 17h6M18 13v8M14 17h8" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      {open && <AddToSelectionDialog galleryId={galleryId} photoId={photoId} onClose={() => setOpen(false)} />}
    </>
  );
}
