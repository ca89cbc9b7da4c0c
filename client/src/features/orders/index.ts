// The orders feature's public entry (app/ imports only this file).
import { lazyWithRetry } from '../../lib/lazy-retry';

export const PaymentReturnPage = lazyWithRetry(() => import('./payment-return-page').then((m) => ({ default: m.PaymentReturnPage })));
