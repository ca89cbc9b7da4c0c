// The album feature's public entry (app/ imports only this file).
import { lazyWithRetry } from '../../lib/lazy-retry';

export const AlbumToggle = lazyWithRetry(() => import('./album-toggle').then((m) => ({ default: m.AlbumToggle })));
export { AlbumButton } from './album-panel';
