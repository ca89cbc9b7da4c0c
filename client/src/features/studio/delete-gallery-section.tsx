import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteGalleryMutation } from './documents';
import styles from './studio.module.css';

/** DeleteGallerySection deletes the gallery after a confirmation that names it. */
export function DeleteGallerySection({ galleryId, name }: { galleryId: string; name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string>();
  const [remove, { loading }] = useMutation(DeleteGalleryMutation, { refetchQueries: ['StudioGalleries'] });
  const confirm = async () => {
    const { data } = await remove({ variables: { input: { galleryId } } }).catch(() => ({ data: undefined }));
    const problem = data?.deleteGallery.userErrors[0];
    if (!data || problem) return setError(problem?.message || t('studio.error'));
    void navigate('/studio/galeries', { replace: true });
  };
  return (
    <section className={styles.card}>
      {asking ? (
        <div className={styles.form} role="alertdialog" aria-label={t('studio.deleteGallery')}>
          <p>{t('studio.deleteConfirm', { name })}</p>
          {error && <p className={styles.error}>{error}</p>}
          <div className={styles.actions}>
            <button type="button" className={styles.danger} disabled={loading} onClick={() => void confirm()}>
              {t('studio.deleteYes')}
            </button>
            <button type="button" className={styles.secondary} onClick={() => setAsking(false)}>
              {t('studio.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className={styles.danger} onClick={() => setAsking(true)}>
          {t('studio.deleteGallery')}
        </button>
      )}
    </section>
  );
}
