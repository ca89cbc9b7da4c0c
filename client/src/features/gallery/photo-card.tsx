import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { galleryPath } from '../../app/route-table';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import styles from './photo-grid.module.css';

export const PhotoCardFragment = graphql(`
  fragment PhotoCard_photo on Photo {
    id
    filename
    width
    height
    dominantColor
    urls {
      thumbnail
      srcSet
    }
  }
`);

/** ROW_HEIGHT_PX is the target height of a grid row; sizes hints derive from it. */
const ROW_HEIGHT_PX = 240;

/** PhotoCard is one thumbnail of the grid, linking to the photo view, with an optional control over it. */
export function PhotoCard({
  photo: photoRef,
  galleryId,
  showFilename,
  action,
}: {
  photo: FragmentType<typeof PhotoCardFragment>;
  galleryId: string;
  showFilename: boolean;
  /** A control drawn over the thumbnail (the favourites heart, composed by the app). */
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  const photo = getFragmentData(PhotoCardFragment, photoRef);
  const ratio = photo.width > 0 && photo.height > 0 ? photo.width / photo.height : 1.5;
  const style = { '--ratio': ratio.toFixed(4) } as CSSProperties;
  return (
    <li className={styles.item} style={style}>
      <Link className={styles.link} to={galleryPath(galleryId, 'photo', { photoId: photo.id })} state={{ fromGallery: true }}>
        <img
          className={styles.image}
          src={photo.urls.thumbnail}
          srcSet={photo.urls.srcSet || undefined}
          sizes={`(max-width: 600px) ${Math.min(100, Math.ceil(ratio * 45))}vw, ${Math.ceil(ratio * ROW_HEIGHT_PX * 1.3)}px`}
          width={photo.width || undefined}
          height={photo.height || undefined}
          loading="lazy"
          decoding="async"
          alt={t('gallery.photoAlt', { filename: photo.filename })}
          style={{ backgroundColor: photo.dominantColor || undefined }}
        />
      </Link>
      {action && <div className={styles.action}>{action}</div>}
      {showFilename && <p className={styles.filename}>{photo.filename}</p>}
    </li>
  );
}
