import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import { formatEventDate } from '../../lib/event-date';
import { LanguagePicker } from '../../components/ui/language-picker';
import styles from './access.module.css';

export const AccessCoverFragment = graphql(`
  fragment AccessCover_gallery on Gallery {
    id
    eventName
    eventDateString
    coverPhotoPosition
    photographer {
      id
      name
    }
    coverPhoto {
      id
      dominantColor
      urls {
        viewer
        srcSet
      }
    }
  }
`);

/** AccessCover is the access screen's backdrop: the cover photo (when the server lets it through), the event and a card for the form. */
export function AccessCover({ gallery: galleryRef, children }: { gallery: FragmentType<typeof AccessCoverFragment>; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const gallery = getFragmentData(AccessCoverFragment, galleryRef);
  const [coverFailed, setCoverFailed] = useState(false);
  const cover = coverFailed ? null : gallery.coverPhoto;
  const date = formatEventDate(gallery.eventDateString, i18n.language);
  return (
    <section className={styles.screen} aria-labelledby="access-event" style={{ backgroundColor: cover?.dominantColor || undefined }}>
      {cover && (
        <img
          className={styles.backdrop}
          src={cover.urls.viewer}
          srcSet={cover.urls.srcSet || undefined}
          sizes="100vw"
          alt=""
          style={{ objectPosition: gallery.coverPhotoPosition || 'center' }}
          onError={() => setCoverFailed(true)}
        />
      )}
      <div className={styles.card}>
        <div className={styles.lock} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="26" height="26">
            <rect x="5" y="10.5" width="14" height="10" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </div>
        <h1 id="access-event" className={styles.event}>
          {gallery.eventName}
        </h1>
        {(date || gallery.photographer.name) && (
          <p className={styles.eventMeta}>
            {date && <time dateTime={gallery.eventDateString}>{date}</time>}
            {date && gallery.photographer.name && ' · '}
            {gallery.photographer.name && t('gallery.photographerBy', { name: gallery.photographer.name })}
          </p>
        )}
        {children}
        <LanguagePicker className={styles.languages} />
      </div>
    </section>
  );
}
