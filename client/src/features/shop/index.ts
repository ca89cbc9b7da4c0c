// The shop feature's public entry (app/ imports only this file): its screens,
// each loaded when first needed.
import { lazyWithRetry } from '../../lib/lazy-retry';

export const DownloadsPage = lazyWithRetry(() => import('./downloads-page').then((m) => ({ default: m.DownloadsPage })));
export const PackConfigurationPage = lazyWithRetry(() => import('./pack-configuration-page').then((m) => ({ default: m.PackConfigurationPage })));
export const PackDetailPage = lazyWithRetry(() => import('./pack-detail-page').then((m) => ({ default: m.PackDetailPage })));
export const PackPhotosCustomizationPage = lazyWithRetry(() => import('./pack-photos-customization-page').then((m) => ({ default: m.PackPhotosCustomizationPage })));
export const PackPhotosSelectionPage = lazyWithRetry(() => import('./pack-photos-selection-page').then((m) => ({ default: m.PackPhotosSelectionPage })));
export const PacksPage = lazyWithRetry(() => import('./packs-page').then((m) => ({ default: m.PacksPage })));
export const PhotoCustomizationPage = lazyWithRetry(() => import('./photo-customization-page').then((m) => ({ default: m.PhotoCustomizationPage })));
export const ProductDetailPage = lazyWithRetry(() => import('./product-detail-page').then((m) => ({ default: m.ProductDetailPage })));
export const ProductsPage = lazyWithRetry(() => import('./products-page').then((m) => ({ default: m.ProductsPage })));
