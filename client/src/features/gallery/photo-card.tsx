import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import { rememberGridImage } from '../../lib/image-sources';
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

/**
 * PhotoCard is one thumbnail of the grid, linking to the photo view, with an
 * optional control over it. The grid places it (`style`) and numbers it
 * (`index` from 0 of `setSize`, -1 when the total is unknown); the image is
 * lazy (but fetched at once and first on the grid's first screen:
 * `priority`), picks its file from the srcset by the width it is drawn at
 * (`sizesHint`, in CSS pixels), and shows the photo's dominant colour until
 * it arrives.
 */
export function PhotoCard({
  photo: photoRef,
  galleryId,
  showFilename,
  action,
  style,
  index,
  setSize,
  sizesHint,
  gridName,
  collection,
  priority = false,
}: {
  photo: FragmentType<typeof PhotoCardFragment>;
  galleryId: string;
  showFilename: boolean;
  /** A control drawn over the thumbnail (the favourites heart, composed by the app). */
  action?: ReactNode;
  style?: CSSProperties;
  index?: number;
  setSize?: number;
  sizesHint?: number;
  /** The grid's name, given to the photo view so that it can give the focus back here. */
  gridName?: string;
  /** The collection the grid shows: the viewer moves through it alone. */
  collection?: string;
  /** A thumbnail of the grid's first screen: fetched at once and first, not lazily (the home's first paint). */
  priority?: boolean;
}) {
  const { t } = useTranslation();
  const photo = getFragmentData(PhotoCardFragment, photoRef);
  const ratio = photo.width > 0 && photo.height > 0 ? photo.width / photo.height : 1.5;
  const sizes = sizesHint ? `${sizesHint}px` : `(max-width: 600px) ${Math.min(100, Math.ceil(ratio * 45))}vw, ${Math.ceil(ratio * 240 * 1.3)}px`;
  return (
    <li
      className={styles.item}
      style={style}
      data-index={index}
      data-photo-id={photo.id}
      aria-posinset={index !== undefined ? index + 1 : undefined}
      aria-setsize={index !== undefined ? setSize : undefined}
    >
      <Link className={styles.link} to={galleryPath(galleryId, 'photo', { photoId: photo.id })} state={{ fromGallery: true, grid: gridName, ...(collection ? { collection } : {}) }}>
        <img
          className={styles.image}
          src={photo.urls.thumbnail}
          srcSet={photo.urls.srcSet || undefined}
          sizes={sizes}
          width={photo.width || undefined}
          height={photo.height || undefined}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          onLoad={(e) => rememberGridImage(photo.id, e.currentTarget)}
          alt={t('gallery.photoAlt', { filename: photo.filename })}
          style={{ backgroundColor: photo.dominantColor || undefined }}
        />
      </Link>
      {action && <div className={styles.action}>{action}</div>}
      {showFilename && <p className={styles.filename}>{photo.filename}</p>}
    </li>
  );
}
