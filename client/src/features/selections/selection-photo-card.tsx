import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import styles from './selections.module.css';

export const SelectionPhotoFragment = graphql(`
  fragment SelectionPhoto_photo on Photo {
    id
    filename
    dominantColor
    urls {
      thumbnail
    }
  }
`);

/** SelectionPhotoCard is one photo of a selection, with the button that takes it out. */
export function SelectionPhotoCard({
  photo: photoRef,
  galleryUrl,
  onRemove,
  removing,
}: {
  photo: FragmentType<typeof SelectionPhotoFragment>;
  galleryUrl: string;
  onRemove: (photoId: string) => void;
  removing: boolean;
}) {
  const { t } = useTranslation();
  const photo = getFragmentData(SelectionPhotoFragment, photoRef);
  return (
    <li className={styles.cell} data-photo-id={photo.id}>
      <Link to={galleryPath(galleryUrl, 'photo', { photoId: photo.id })}>
        <img src={photo.urls.thumbnail} alt={t('gallery.photoAlt', { filename: photo.filename })} loading="lazy" style={{ backgroundColor: photo.dominantColor || undefined }} />
      </Link>
      <button type="button" className="button button-outline" onClick={() => onRemove(photo.id)} disabled={removing}>
        {t('selections.remove')}
      </button>
    </li>
  );
}
