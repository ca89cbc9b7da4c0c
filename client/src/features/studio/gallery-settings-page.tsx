import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { AccessCodesSection } from './access-codes-section';
import { DeleteGallerySection } from './delete-gallery-section';
import { CreatePreviewLinkMutation, StudioGallerySettingsQuery } from './documents';
import { GallerySettingsForm } from './gallery-settings-form';
import { GallerySettingsSections } from './gallery-settings-sections';
import { ShareDialog } from './share-dialog';
import styles from './studio.module.css';

/** GallerySettingsPage is /studio/galeries/:id: the gallery's settings, its codes, its photos, the guest preview, deletion. */
export function GallerySettingsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(StudioGallerySettingsQuery, { variables: { id } });
  const [preview] = useMutation(CreatePreviewLinkMutation);
  const [sharing, setSharing] = useState(false);
  const gallery = data?.node?.__typename === 'Gallery' ? data.node : null;
  if (loading && !data) return <Spinner label={t('common.loading')} block />;
  if (!gallery) {
    return (
      <section className={styles.card}>
        <p className={styles.error}>{error ? t('studio.error') : t('studio.notFound')}</p>
        <Link to="/studio/galeries">{t('studio.back')}</Link>
      </section>
    );
  }
  const openPreview = async () => {
    // The tab opens at once (a popup opened after an await is blocked), then goes to the link.
    const tab = window.open('', '_blank');
    const { data: link } = await preview({ variables: { input: { galleryId: gallery.id } } }).catch(() => ({ data: undefined }));
    const url = link?.createPreviewLink.url;
    if (tab && url) tab.location.href = url;
    else tab?.close();
  };
  return (
    <>
      <div className={styles.pageHead}>
        <h1>{gallery.eventName}</h1>
        <div className={styles.actions}>
          <Link to={`/studio/galeries/${gallery.id}/photos`} className={styles.secondary}>
            {t('studio.photosLink')}
          </Link>
          <Link to={`/studio/galeries/${gallery.id}/selections`} className={styles.secondary}>
            {t('studio.picksLink')}
          </Link>
          <button type="button" className={styles.secondary} onClick={() => void openPreview()}>
            {t('studio.previewAsGuest')}
          </button>
          <button type="button" className={styles.secondary} onClick={() => setSharing(true)}>
            {t('studioSettings.share')}
          </button>
        </div>
      </div>
      {sharing && <ShareDialog url={gallery.url} eventName={gallery.eventName} codes={gallery.accessCodes} onClose={() => setSharing(false)} />}
      <GallerySettingsForm key={gallery.id} gallery={gallery} />
      <GallerySettingsSections key={`sections-${gallery.id}`} galleryId={gallery.id} />
      <AccessCodesSection galleryId={gallery.id} codes={gallery.accessCodes} />
      <DeleteGallerySection galleryId={gallery.id} name={gallery.eventName} />
    </>
  );
}
