import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import { onVideoStarted } from './video-playback';

export const MusicPlayerFragment = graphql(`
  fragment MusicPlayer_gallery on Gallery {
    music {
      active
      track {
        id
        title
        url
      }
    }
  }
`);

/** MUTED_KEY remembers, across galleries and visits, that the visitor muted the music. */
export const MUTED_KEY = 'gallery.music.muted';

function readMuted(): boolean {
  try {
    return window.localStorage.getItem(MUTED_KEY) === '1';
  } catch {
    return false;
  }
}

function SoundIcon({ muted }: { muted: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      {muted ? (
        <path d="m16 9.5 5 5m0-5-5 5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      ) : (
        <path d="M15.5 9a4 4 0 0 1 0 6m2.5-8.5a7.5 7.5 0 0 1 0 11" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      )}
    </svg>
  );
}

/**
 * MusicPlayer plays the gallery's track in a loop when the photographer turned
 * music on. Browsers only allow sound after a gesture, so playback starts at
 * the visitor's first click or key press, unless they muted it before. It
 * pauses when the visitor starts a video, and stays paused (a later gesture
 * does not start it again) until they turn it off and on.
 */
export function MusicPlayer({ gallery: galleryRef }: { gallery: FragmentType<typeof MusicPlayerFragment> }) {
  const { t } = useTranslation();
  const { music } = getFragmentData(MusicPlayerFragment, galleryRef);
  const audio = useRef<HTMLAudioElement>(null);
  const [muted, setMuted] = useState(readMuted);
  const track = music.active ? music.track : null;
  // Set while a video the visitor started has the sound.
  const yielded = useRef(false);

  useEffect(
    () =>
      onVideoStarted(() => {
        yielded.current = true;
        audio.current?.pause();
      }),
    [],
  );

  useEffect(() => {
    const el = audio.current;
    if (!el || !track) return;
    if (muted) {
      el.pause();
      return;
    }
    const start = () => {
      if (yielded.current) return;
      el.play().catch(() => {
        /* still blocked: the next gesture tries again */
      });
    };
    start();
    window.addEventListener('pointerdown', start, { once: true });
    window.addEventListener('keydown', start, { once: true });
    return () => {
      window.removeEventListener('pointerdown', start);
      window.removeEventListener('keydown', start);
    };
  }, [muted, track]);

  if (!track) return null;
  const toggle = () => {
    const next = !muted;
    // Turning the music back on is asked for, even after a video.
    if (!next) yielded.current = false;
    setMuted(next);
    try {
      window.localStorage.setItem(MUTED_KEY, next ? '1' : '0');
    } catch {
      /* private mode: the choice lasts for this page only */
    }
  };
  const label = muted ? t('music.unmute', { title: track.title }) : t('music.mute', { title: track.title });
  return (
    <>
      <audio ref={audio} src={track.url} loop preload="none" />
      <button type="button" className="icon-button" onClick={toggle} aria-pressed={!muted} aria-label={label} title={label}>
        <SoundIcon muted={muted} />
      </button>
    </>
  );
}
