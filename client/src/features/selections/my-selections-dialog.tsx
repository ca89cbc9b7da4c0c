import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { getFragmentData } from '../../gql';
import { errorCodes } from '../../lib/error-message';
import { CreateSelectionForm } from './create-selection-form';
import { MySelectionsQuery, SelectionFieldsFragment } from './selection-documents';
import styles from './selections.module.css';

/** MySelectionsDialog lists the favourites and named selections with their counts, and creates new ones. */
export function MySelectionsDialog({ galleryUrl, galleryId, onClose }: { galleryUrl: string; galleryId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, loading, error } = useQuery(MySelectionsQuery, { variables: { galleryId }, context: { silentErrors: true }, fetchPolicy: 'cache-and-network' });
  const selections = getFragmentData(SelectionFieldsFragment, data?.mySelections ?? []);
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
