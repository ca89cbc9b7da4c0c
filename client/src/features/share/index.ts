// The share feature's public entry (app/ imports only this file).
export { ShareButton } from './share-button';
