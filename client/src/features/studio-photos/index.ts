// The studio's photo screen (issue 23): its public entry. The screen is its
// own chunk, loaded only on /studio/galeries/:id/photos, never with the
// guests' screens.
import { lazyWithRetry } from '../../lib/lazy-retry';

export const StudioPhotosPage = lazyWithRetry(() => import('./studio-photos-page').then((m) => ({ default: m.StudioPhotosPage })), 'guest', 'studio');
