import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import styles from './photo-page.module.css';

export const PhotoViewerFragment = graphql(`
  fragment PhotoViewer_photo on Photo {
    id
    filename
    width
    height
    dominantColor
    urls {
      viewer
      srcSet
    }
  }
`);

/** PhotoViewer shows one photo as large as the screen allows (or up to the theme's viewer size). */
export function PhotoViewer({ photo: photoRef, showFilename, maxSize }: { photo: FragmentType<typeof PhotoViewerFragment>; showFilename: boolean; maxSize?: number }) {
  const { t } = useTranslation();
  const photo = getFragmentData(PhotoViewerFragment, photoRef);
  const style: CSSProperties = { backgroundColor: photo.dominantColor || undefined };
  if (maxSize && maxSize > 0) {
    style.maxWidth = `min(100%, ${maxSize}px)`;
    style.maxHeight = `min(100%, ${maxSize}px)`;
  }
  return (
    <figure className={styles.figure}>
      <img
        key={photo.id}
        className={styles.image}
        src={photo.urls.viewer}
        srcSet={photo.urls.srcSet || undefined}
        sizes="100vw"
        width={photo.width || undefined}
        height={photo.height || undefined}
        alt={t('gallery.photoAlt', { filename: photo.filename })}
        style={style}
        data-photo-id={photo.id}
      />
      {showFilename && <figcaption className={styles.caption}>{photo.filename}</figcaption>}
    </figure>
  );
}
