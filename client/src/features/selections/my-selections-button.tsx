import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { galleryPath } from '../../app/route-table';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { errorCodes } from '../notifications/error-message';
import { CreateSelectionForm } from './create-selection-form';
import { MySelectionsQuery } from './selection-documents';
import styles from './selections.module.css';

function SelectionsIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M12 19.5s-6.3-3.9-7.8-7.7C3.2 9.2 4.8 6 7.8 6c1.7 0 2.9.9 4.2 2.5C13.3 6.9 14.5 6 16.2 6c3 0 4.6 3.2 3.6 5.8-1.5 3.8-7.8 7.7-7.8 7.7Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** MySelectionsDialog lists the favourites and named selections with their counts, and creates new ones. */
export function MySelectionsDialog({ galleryUrl, galleryId, onClose }: { galleryUrl: string; galleryId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, loading, error } = useQuery(MySelectionsQuery, { variables: { galleryId }, context: { silentErrors: true }, fetchPolicy: 'cache-and-network' });
  const selections = data?.mySelections ?? [];
  const needEmail = !data && errorCodes(error).includes('unauthorized');
  return (
    <Modal title={t('selections.mySelections')} description={t('selections.mySelectionsHint')} onClose={onClose} size="medium">
      {loading && !data ? (
        <Spinner label={t('common.loading')} />
      ) : needEmail ? (
        <p>{t('selections.needEmail')}</p>
      ) : error && !data ? (
        <p role="alert">{t('selections.loadError')}</p>
      ) : (
        <ul className={styles.list}>
          {selections.map((s) => (
            <li key={s.id}>
              <Link className={styles.menuItem} to={galleryPath(galleryUrl, 'selection', { selectionId: s.isFavorites ? 'favorites' : s.id })} onClick={onClose}>
                <span>{s.isFavorites ? t('selections.favoritesName') : s.name}</span>
                <span className={styles.count}>{t('selections.itemsCount', { count: s.photoIds.length + s.videoIds.length })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <h3>{t('selections.create')}</h3>
      <CreateSelectionForm galleryId={galleryId} />
    </Modal>
  );
}

/** MySelectionsButton is the header's « Mes sélections » entry: it opens the selections dialog. */
export function MySelectionsButton({ galleryUrl, galleryId }: { galleryUrl: string; galleryId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="icon-button" aria-label={t('selections.mySelections')} title={t('selections.mySelections')} onClick={() => setOpen(true)}>
        <SelectionsIcon />
      </button>
      {open && <MySelectionsDialog galleryUrl={galleryUrl} galleryId={galleryId} onClose={() => setOpen(false)} />}
    </>
  );
}
