// The studio's music library (issue 23): its public entry. The screen is its
// own chunk, loaded only on /studio/musique, never with the guests' screens.
import { lazyWithRetry } from '../../lib/lazy-retry';

export const StudioMusicPage = lazyWithRetry(() => import('./studio-music-page').then((m) => ({ default: m.StudioMusicPage })));
