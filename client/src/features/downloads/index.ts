// The downloads feature's public entry (app/ imports only this file): the
// tracker of the archives being prepared. The download dialog that screens
// open is shared (components/downloads).
export { DownloadTracker } from './download-tracker';
