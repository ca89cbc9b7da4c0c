// The cart feature's public entry (app/ imports only this file).
import { lazyWithRetry } from '../../lib/lazy-retry';

export const CartPage = lazyWithRetry(() => import('./cart-page').then((m) => ({ default: m.CartPage })));
