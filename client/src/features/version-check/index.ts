// The version check's public entry (app/ imports only this file).
export { VersionBanner } from './version-banner';
