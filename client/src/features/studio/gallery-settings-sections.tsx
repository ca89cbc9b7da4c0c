import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { getFragmentData } from '../../gql';
import { GalleryFeaturesSection, GalleryMusicSection } from './gallery-features-section';
import { GalleryLookSection } from './gallery-look-section';
import { GalleryMessagesSection } from './gallery-messages-section';
import { GalleryStatusSection } from './gallery-status-section';
import { StudioGallerySettingsDetailsFragment, StudioGallerySettingsDetailsQuery } from './settings-documents';
import studio from './studio.module.css';

/** GallerySettingsSections are the gallery's other settings, a section each: status and expiry, look, welcome messages, features, music. */
export function GallerySettingsSections({ galleryId }: { galleryId: string }) {
  const { t } = useTranslation();
  const { data, loading, error } = useQuery(StudioGallerySettingsDetailsQuery, { variables: { id: galleryId } });
  const node = data?.node?.__typename === 'Gallery' ? data.node : null;
  const gallery = getFragmentData(StudioGallerySettingsDetailsFragment, node);
  if (loading && !data) return <Spinner label={t('common.loading')} block />;
  if (!gallery) return <p className={studio.error}>{error ? t('studio.error') : t('studio.notFound')}</p>;
  return (
    <>
      <GalleryStatusSection gallery={gallery} />
      <GalleryLookSection gallery={gallery} />
      <GalleryMessagesSection gallery={gallery} />
      <GalleryFeaturesSection gallery={gallery} />
      <GalleryMusicSection gallery={gallery} tracks={data?.studioMusicTracks ?? []} />
    </>
  );
}

