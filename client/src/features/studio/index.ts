// The studio's public entry (app/ imports only this file): the whole
// photographer's studio, one lazily loaded chunk that no guest page loads.
import { lazyWithRetry } from '../../lib/lazy-retry';

export const StudioApp = lazyWithRetry(() => import('./studio-app').then((m) => ({ default: m.StudioApp })), 'guest', 'studio');
