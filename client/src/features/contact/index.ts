// The contact feature's public entry (app/ imports only this file).
import { lazyWithRetry } from '../../lib/lazy-retry';

export const ContactPage = lazyWithRetry(() => import('./contact-page').then((m) => ({ default: m.ContactPage })));
