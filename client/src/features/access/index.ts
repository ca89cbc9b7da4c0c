// The access feature's public entry (app/ imports only this file): the access
// code screen, loaded when first needed, and what the gallery layout shows.
import { lazyWithRetry } from '../../lib/lazy-retry';

export const AccessCodePage = lazyWithRetry(() => import('./access-code-page').then((m) => ({ default: m.AccessCodePage })));
export type { AccessLocationState } from './access-code-page';
export { AccountActions } from './account-actions';
export { NeedEmailHost } from './need-email-host';
export { WelcomePopup } from './welcome-popup';
