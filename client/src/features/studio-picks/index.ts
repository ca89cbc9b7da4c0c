// The studio's « Sélections des clients » screen (issue 23): its public
// entry. The screen is its own chunk, loaded only on
// /studio/galeries/:id/selections, never with the guests' screens.
import { lazyWithRetry } from '../../lib/lazy-retry';

export const StudioPicksPage = lazyWithRetry(() => import('./studio-picks-page').then((m) => ({ default: m.StudioPicksPage })), 'guest', 'studio');
