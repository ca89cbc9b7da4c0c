import { Suspense, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { FreeDownloadEntry } from '../features/downloads/free-download-entry';
import { GalleryHomePage } from '../features/gallery/gallery-home-page';
import { PreviewPage } from '../features/gallery/preview-page';
import { LandingPage } from '../features/landing/landing-page';
import { NotFoundPage } from '../features/landing/not-found-page';
import { FavoriteButton } from '../features/selections/favorite-button';
import { lazyWithRetry } from './lazy-retry';
import { Writable } from './read-only';
import { GalleryLayout } from './gallery-layout';
import { RootLayout } from './root-layout';
import { GALLERY_ROUTES, type RouteHandle, type RouteName } from './route-table';

// The gallery home is in the first download; every other screen, and the
// photo view's controls, load when first needed (the layout shows a spinner
// meanwhile), which keeps the home's JavaScript small (docs/performance.md).
// A download that fails (offline) is tried again by the screen boundary's
// « Réessayer » or when the network returns (lazy-retry.ts).
const AlbumToggle = lazyWithRetry(() => import('../features/album/album-toggle').then((m) => ({ default: m.AlbumToggle })));
const AccessCodePage = lazyWithRetry(() => import('../features/access/access-code-page').then((m) => ({ default: m.AccessCodePage })));
const CartPage = lazyWithRetry(() => import('../features/cart/cart-page').then((m) => ({ default: m.CartPage })));
const AddressPage = lazyWithRetry(() => import('../features/checkout/address-page').then((m) => ({ default: m.AddressPage })));
const ValidationPage = lazyWithRetry(() => import('../features/checkout/validation-page').then((m) => ({ default: m.ValidationPage })));
const ContactPage = lazyWithRetry(() => import('../features/contact/contact-page').then((m) => ({ default: m.ContactPage })));
const PaymentReturnPage = lazyWithRetry(() => import('../features/orders/payment-return-page').then((m) => ({ default: m.PaymentReturnPage })));
const PhotoPage = lazyWithRetry(() => import('../features/photos/photo-page').then((m) => ({ default: m.PhotoPage })));
const AddToSelectionButton = lazyWithRetry(() => import('../features/selections/add-to-selection-button').then((m) => ({ default: m.AddToSelectionButton })));
const SelectionPage = lazyWithRetry(() => import('../features/selections/selection-page').then((m) => ({ default: m.SelectionPage })));
const DownloadsPage = lazyWithRetry(() => import('../features/shop/downloads-page').then((m) => ({ default: m.DownloadsPage })));
const PackConfigurationPage = lazyWithRetry(() => import('../features/shop/pack-configuration-page').then((m) => ({ default: m.PackConfigurationPage })));
const PackDetailPage = lazyWithRetry(() => import('../features/shop/pack-detail-page').then((m) => ({ default: m.PackDetailPage })));
const PackPhotosCustomizationPage = lazyWithRetry(() => import('../features/shop/pack-photos-customization-page').then((m) => ({ default: m.PackPhotosCustomizationPage })));
const PackPhotosSelectionPage = lazyWithRetry(() => import('../features/shop/pack-photos-selection-page').then((m) => ({ default: m.PackPhotosSelectionPage })));
const PacksPage = lazyWithRetry(() => import('../features/shop/packs-page').then((m) => ({ default: m.PacksPage })));
const PhotoCustomizationPage = lazyWithRetry(() => import('../features/shop/photo-customization-page').then((m) => ({ default: m.PhotoCustomizationPage })));
const ProductDetailPage = lazyWithRetry(() => import('../features/shop/product-detail-page').then((m) => ({ default: m.ProductDetailPage })));
const ProductsPage = lazyWithRetry(() => import('../features/shop/products-page').then((m) => ({ default: m.ProductsPage })));

/** PhotoTarget is a photo of a gallery (its API id), as the grid and the viewer name it to controls of other features. */
interface PhotoTarget {
  galleryId: string;
  photoId: string;
}

/** gridPhotoAction is the favourites heart over each thumbnail of the home grid. */
function gridPhotoAction({ galleryId, photoId }: PhotoTarget) {
  return (
    <Writable>
      <FavoriteButton galleryId={galleryId} photoId={photoId} />
    </Writable>
  );
}

/** viewerPhotoActions are the single-photo view's favourites heart, selections menu and (for clients) album toggle. */
function viewerPhotoActions({ galleryId, photoId }: PhotoTarget) {
  return (
    <Writable>
      <Suspense fallback={null}>
        <FavoriteButton galleryId={galleryId} photoId={photoId} tone="dark" />
        <AddToSelectionButton galleryId={galleryId} photoId={photoId} />
        <AlbumToggle photoId={photoId} />
      </Suspense>
    </Writable>
  );
}

/** homeDownloadsAction is the home's « Télécharger les photos », for galleries that offer them. */
function homeDownloadsAction(galleryUrl: string) {
  return <FreeDownloadEntry galleryUrl={galleryUrl} />;
}

/** ROUTE_ELEMENTS maps every route of the table to its screen. */
const ROUTE_ELEMENTS: Record<RouteName, ReactNode> = {
  galleryHome: <GalleryHomePage photoAction={gridPhotoAction} downloadsAction={homeDownloadsAction} />,
  photo: <PhotoPage actions={viewerPhotoActions} />,
  photoCustomization: <PhotoCustomizationPage />,
  photoEditCustomization: <PhotoCustomizationPage edit />,
  galleryPacks: <PacksPage />,
  packDetail: <PackDetailPage />,
  packConfiguration: <PackConfigurationPage />,
  packFormatPhotosSelection: <PackPhotosSelectionPage />,
  packFormatPhotosCustomization: <PackPhotosCustomizationPage />,
  galleryProducts: <ProductsPage />,
  galleryDownloads: <DownloadsPage />,
  galleryProductDetail: <ProductDetailPage />,
  selection: <SelectionPage />,
  galleryAccess: <AccessCodePage />,
  cartContent: <CartPage />,
  cartAddress: <AddressPage />,
  cartValidation: <ValidationPage />,
  contactPhotographer: <ContactPage />,
  preview: <PreviewPage />,
  paymentReturn: <PaymentReturnPage />,
};

/** galleryChildRoutes turns the route table into router children of /:galleryId. */
function galleryChildRoutes(): RouteObject[] {
  const children: RouteObject[] = [];
  for (const route of GALLERY_ROUTES) {
    const handle: RouteHandle = { route };
    const element = ROUTE_ELEMENTS[route.name];
    children.push(route.path === '' ? { index: true, id: route.name, element, handle } : { path: route.path, id: route.name, element, handle });
    if (route.redirectFrom) {
      children.push({ path: route.redirectFrom, handle, element: <Navigate to={`../${route.path}`} relative="route" replace /> });
    }
  }
  children.push({ path: '*', element: <NotFoundPage /> });
  return children;
}

/** appRoutes is the whole route tree: the landing page, the gallery routes and the 404. */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      children: [
        { index: true, element: <LandingPage /> },
        { path: ':galleryId', element: <GalleryLayout />, children: galleryChildRoutes() },
        {
          path: '*',
          element: (
            <main id="main">
              <NotFoundPage />
            </main>
          ),
        },
      ],
    },
  ];
}

const routes = appRoutes();

/** AppRoutes draws the route of the address (inside AppRouter). */
export function AppRoutes() {
  return useRoutes(routes);
}
