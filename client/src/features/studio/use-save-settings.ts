import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GallerySettingsInput } from '../../gql/graphql';
import { StudioUpdateGallerySettingsMutation } from './settings-documents';
import { fieldErrors } from './user-errors';

/**
 * useSaveSettings saves part of a gallery's settings through updateGallery:
 * errors come back by field name (the last part of their path, the server's
 * French message), '' for what belongs to no field.
 */
export function useSaveSettings(galleryId: string) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const [update, { loading }] = useMutation(StudioUpdateGallerySettingsMutation, { refetchQueries: ['StudioGalleries'] });
  const save = async (settings: GallerySettingsInput): Promise<boolean> => {
    setSaved(false);
    try {
      const { data } = await update({ variables: { input: { galleryId, settings } } });
      const problems = data?.updateGallery.userErrors ?? [];
      setErrors(problems.length ? fieldErrors(problems, t) : {});
      const ok = Boolean(data?.updateGallery.gallery) && problems.length === 0;
      setSaved(ok);
      return ok;
    } catch {
      setErrors({ '': t('studio.error') });
      return false;
    }
  };
  return { save, errors, saved, loading };
}
