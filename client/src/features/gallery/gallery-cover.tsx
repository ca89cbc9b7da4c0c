import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import { formatEventDate } from '../../lib/event-date';
import styles from './gallery-cover.module.css';

export const GalleryCoverFragment = graphql(`
  fragment GalleryCover_gallery on Gallery {
    id
    eventName
    eventDateString
    coverPhotoPosition
    lightenHomepage
    hideSaleEmphasis
    photographer {
      id
      name
    }
    coverPhoto {
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
  }
`);

/**
 * GalleryCover is the home's opening: the cover photo, the event name and
 * its date; the way to the prints only when the home has a prints section
 * (`hasPrints`).
 */
export function GalleryCover({
  gallery: galleryRef,
  homePath,
  showActions = true,
  hasPrints = true,
}: {
  gallery: FragmentType<typeof GalleryCoverFragment>;
  homePath: string;
  showActions?: boolean;
  hasPrints?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const gallery = getFragmentData(GalleryCoverFragment, galleryRef);
  const date = formatEventDate(gallery.eventDateString, i18n.language);
  const cover = gallery.coverPhoto;
  const light = gallery.lightenHomepage;
  return (
    <header className={`${styles.cover} ${light ? styles.light : ''} ${cover ? '' : styles.noPhoto}`}>
      {cover && (
        <img
          className={styles.image}
          src={cover.urls.viewer}
          srcSet={cover.urls.srcSet || undefined}
          sizes="100vw"
          width={cover.width}
          height={cover.height}
          alt={t('gallery.coverAlt', { name: gallery.eventName })}
          style={{ objectPosition: gallery.coverPhotoPosition || 'center', backgroundColor: cover.dominantColor || undefined }}
          fetchPriority="high"
        />
      )}
      <div className={styles.overlay}>
        <div className={styles.text}>
          {date && (
            <p className={styles.date}>
              <time dateTime={gallery.eventDateString}>{date}</time>
            </p>
          )}
          <h1 className={styles.title}>{gallery.eventName}</h1>
          {gallery.photographer.name && <p className={styles.photographer}>{t('gallery.photographerBy', { name: gallery.photographer.name })}</p>}
          {showActions && (
            <div className={styles.actions}>
              <Link className="button button-light" to={{ pathname: homePath, hash: '#photos' }}>
                {t('gallery.viewPhotos')}
              </Link>
              {hasPrints && !gallery.hideSaleEmphasis && !light && (
                <Link className="button button-ghost-light" to={{ pathname: homePath, hash: '#prints' }}>
                  {t('gallery.visitShop')}
                </Link>
              )}
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
