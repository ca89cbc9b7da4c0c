// The checkout feature's public entry (app/ imports only this file).
import { lazyWithRetry } from '../../lib/lazy-retry';

export const AddressPage = lazyWithRetry(() => import('./address-page').then((m) => ({ default: m.AddressPage })));
export const ValidationPage = lazyWithRetry(() => import('./validation-page').then((m) => ({ default: m.ValidationPage })));
