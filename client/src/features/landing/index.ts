// The landing feature's public entry (app/ imports only this file).
export { LandingPage } from './landing-page';
export { NotFoundPage } from './not-found-page';
