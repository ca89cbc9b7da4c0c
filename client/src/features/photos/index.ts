// The photos feature's public entry (app/ imports only this file).
import { lazyWithRetry } from '../../lib/lazy-retry';

export const PhotoPage = lazyWithRetry(() => import('./photo-page').then((m) => ({ default: m.PhotoPage })));
