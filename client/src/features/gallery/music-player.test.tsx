import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeFragmentData } from '../../gql';
import '../../lib/i18n';
import { MUTED_KEY, MusicPlayer, MusicPlayerFragment } from './music-player';
import { VideoCardFragment, VideosList } from './videos-section';

function gallery(active: boolean) {
  return makeFragmentData(
    {
      music: {
        __typename: 'Music',
        active,
        track: { __typename: 'MusicTrack', id: 'trk_1', title: 'Arpèges', url: '/media/music/trk_1' },
      },
    },
    MusicPlayerFragment,
  );
}

const video = makeFragmentData(
  { id: 'vid_1', title: 'Le spectacle', host: 'youtube', thumbnailUrl: '', embedUrl: 'https://www.youtube-nocookie.com/embed/abc' },
  VideoCardFragment,
);

describe('MusicPlayer', () => {
  let play: ReturnType<typeof vi.fn<() => Promise<void>>>;
  let pause: ReturnType<typeof vi.fn<() => void>>;
  beforeEach(() => {
    window.localStorage.clear();
    play = vi.fn<() => Promise<void>>(() => Promise.resolve());
    pause = vi.fn<() => void>();
    vi.spyOn(window.HTMLMediaElement.prototype, 'play').mockImplementation(play);
    vi.spyOn(window.HTMLMediaElement.prototype, 'pause').mockImplementation(pause);
  });
  afterEach(() => vi.restoreAllMocks());

  it('renders nothing when music is off', () => {
    const { container } = render(<MusicPlayer gallery={gallery(false)} />);
    expect(container.innerHTML).toBe('');
  });

  it('plays the track and remembers a mute', () => {
    const { container } = render(<MusicPlayer gallery={gallery(true)} />);
    expect(container.querySelector('audio')?.getAttribute('src')).toBe('/media/music/trk_1');
    expect(play).toHaveBeenCalled();
    const button = screen.getByRole('button', { name: /Couper la musique/ });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button);
    expect(window.localStorage.getItem(MUTED_KEY)).toBe('1');
    expect(screen.getByRole('button', { name: /Écouter la musique/ }).getAttribute('aria-pressed')).toBe('false');
  });

  it('starts muted when the visitor muted it before', () => {
    window.localStorage.setItem(MUTED_KEY, '1');
    render(<MusicPlayer gallery={gallery(true)} />);
    expect(play).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /Écouter la musique/ })).toBeTruthy();
  });

  it('pauses when the visitor starts a video, and later gestures do not start it again', () => {
    render(
      <>
        <MusicPlayer gallery={gallery(true)} />
        <VideosList videos={[{ key: 'vid_1', video }]} />
      </>,
    );
    expect(play).toHaveBeenCalledTimes(1);
    expect(pause).not.toHaveBeenCalled();
    const poster = screen.getByRole('button', { name: /Le spectacle/ });
    // The click that starts the video is also the page's first gesture.
    fireEvent.pointerDown(poster);
    fireEvent.click(poster);
    expect(screen.getByTitle('Le spectacle').tagName).toBe('IFRAME');
    expect(pause).toHaveBeenCalled();
    expect(pause.mock.invocationCallOrder.at(-1)!).toBeGreaterThan(play.mock.invocationCallOrder.at(-1)!);
    const plays = play.mock.calls.length;
    fireEvent.keyDown(window, { key: 'a' });
    fireEvent.pointerDown(document.body);
    expect(play).toHaveBeenCalledTimes(plays);
    // Turning the music off and on again is asked for: it plays.
    fireEvent.click(screen.getByRole('button', { name: /Couper la musique/ }));
    fireEvent.click(screen.getByRole('button', { name: /Écouter la musique/ }));
    expect(play).toHaveBeenCalledTimes(plays + 1);
  });
});
