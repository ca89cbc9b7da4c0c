// The selections feature's public entry (app/ imports only this file).
import { lazyWithRetry } from '../../lib/lazy-retry';

export const AddToSelectionButton = lazyWithRetry(() => import('./add-to-selection-button').then((m) => ({ default: m.AddToSelectionButton })));
export const SelectionPage = lazyWithRetry(() => import('./selection-page').then((m) => ({ default: m.SelectionPage })));
export { FavoriteButton } from './favorite-button';
export { MySelectionsButton } from './my-selections-button';
