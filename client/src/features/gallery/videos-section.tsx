import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import styles from './videos-section.module.css';
import { videoStarted } from './video-playback';

export const VideoCardFragment = graphql(`
  fragment VideoCard_video on Video {
    id
    title
    host
    thumbnailUrl
    embedUrl
  }
`);

function withAutoplay(embedUrl: string): string {
  try {
    const url = new URL(embedUrl, window.location.origin);
    url.searchParams.set('autoplay', '1');
    return url.toString();
  } catch {
    return embedUrl;
  }
}

function VideoCard({ video: videoRef, index, action }: { video: FragmentType<typeof VideoCardFragment>; index: number; action?: ReactNode }) {
  const { t } = useTranslation();
  const video = getFragmentData(VideoCardFragment, videoRef);
  const [playing, setPlaying] = useState(false);
  const [thumbnailFailed, setThumbnailFailed] = useState(false);
  const title = video.title || t('gallery.videoFallbackTitle', { index: index + 1 });
  return (
    <li className={styles.card}>
      <div className={styles.frame}>
        {playing ? (
          <iframe
            className={styles.iframe}
            src={withAutoplay(video.embedUrl)}
            title={title}
            allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <button type="button" className={styles.poster} onClick={() => {
              // The gallery's music pauses: the video has its own sound.
              videoStarted();
              setPlaying(true);
            }} aria-label={t('gallery.playVideo', { title })}>
            {video.thumbnailUrl && !thumbnailFailed && (
              <img src={video.thumbnailUrl} alt="" loading="lazy" decoding="async" className={styles.thumbnail} onError={() => setThumbnailFailed(true)} />
            )}
            <span className={styles.play} aria-hidden="true">
              <svg viewBox="0 0 24 24" width="28" height="28">
                <path d="M8 5.5v13l11-6.5z" fill="currentColor" />
              </svg>
            </span>
          </button>
        )}
        {action && <div className={styles.action}>{action}</div>}
      </div>
      {video.title && <p className={styles.title}>{video.title}</p>}
    </li>
  );
}

/**
 * VideosList shows the gallery's videos as posters that turn into the host's
 * player on click, each with an optional control (the favourites heart, by
 * video id).
 */
export function VideosList({
  videos,
  videoAction,
}: {
  videos: ReadonlyArray<{ key: string; video: FragmentType<typeof VideoCardFragment> }>;
  videoAction?: (videoId: string) => ReactNode;
}) {
  return (
    <ul className={styles.list}>
      {videos.map(({ key, video }, index) => (
        <VideoCard key={key} video={video} index={index} action={videoAction?.(key)} />
      ))}
    </ul>
  );
}
