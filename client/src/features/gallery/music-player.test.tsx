import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeFragmentData } from '../../gql';
import '../../lib/i18n';
import { MUTED_KEY, MusicPlayer, MusicPlayerFragment } from './music-player';

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

describe('MusicPlayer', () => {
  let play: ReturnType<typeof vi.fn<() => Promise<void>>>;
  beforeEach(() => {
    window.localStorage.clear();
    play = vi.fn<() => Promise<void>>(() => Promise.resolve());
    vi.spyOn(window.HTMLMediaElement.prototype, 'play').mockImplementation(play);
    vi.spyOn(window.HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
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
});
