// A video is played in the host's player (a YouTube or Vimeo iframe): the
// page cannot hear it, so the video card says when the visitor starts one,
// and the gallery's music pauses rather than playing over it.

type Listener = () => void;

const listeners = new Set<Listener>();

/** videoStarted tells the page that the visitor started a video. */
export function videoStarted(): void {
  for (const listener of [...listeners]) listener();
}

/** onVideoStarted calls listener each time a video starts; the returned function stops it. */
export function onVideoStarted(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
