import { useCallback, useEffect, useEffectEvent, useState } from 'react';

/** How long the slideshow shows each photo. */
export const SLIDE_MS = 4000;

/**
 * useSlideshow moves on every SLIDE_MS while it plays, and stops after the
 * last photo; pause() is for any gesture, key or button of the viewer.
 */
export function useSlideshow(photoId: string, canGoNext: boolean, goNext: () => void) {
  const [playing, setPlaying] = useState(false);
  const pause = useCallback(() => setPlaying(false), []);
  // After the last photo the slideshow stops.
  if (playing && !canGoNext) setPlaying(false);
  const advance = useEffectEvent(goNext);
  useEffect(() => {
    if (!playing || !canGoNext) return;
    const timer = window.setTimeout(() => advance(), SLIDE_MS);
    return () => window.clearTimeout(timer);
  }, [playing, photoId, canGoNext]);
  return { playing, toggle: () => setPlaying((p) => !p), pause };
}
