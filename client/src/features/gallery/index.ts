// The gallery feature's public entry (app/ imports only this file). The home
// is in the first download, so it is not lazy; prefetch.ts starts its queries.
export { GalleryHomePage, collectionPhotosPage, GalleryCollectionPhotosQuery, GalleryHomeQuery } from './gallery-home-page';
export { COLLECTION_PARAM } from './collection-bar';
export { GalleryHeader } from './gallery-header';
export { MobileFooter } from './mobile-footer';
export { PreviewPage } from './preview-page';
