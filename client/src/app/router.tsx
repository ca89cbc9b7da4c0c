import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AlbumToggle } from '../features/album/album-toggle';
import { AccessCodePage } from '../features/access/access-code-page';
import { CartPage } from '../features/cart/cart-page';
import { AddressPage } from '../features/checkout/address-page';
import { ValidationPage } from '../features/checkout/validation-page';
import { ContactPage } from '../features/contact/contact-page';
import { FreeDownloadEntry } from '../features/downloads/free-download-entry';
import { GalleryHomePage } from '../features/gallery/gallery-home-page';
import { PreviewPage } from '../features/gallery/preview-page';
import { LandingPage } from '../features/landing/landing-page';
import { NotFoundPage } from '../features/landing/not-found-page';
import { PaymentReturnPage } from '../features/orders/payment-return-page';
import { PhotoPage } from '../features/photos/photo-page';
import { AddToSelectionButton } from '../features/selections/add-to-selection-button';
import { FavoriteButton } from '../features/selections/favorite-button';
import { SelectionPage } from '../features/selections/selection-page';
import { DownloadsPage } from '../features/shop/downloads-page';
import { PackConfigurationPage } from '../features/shop/pack-configuration-page';
import { PackDetailPage } from '../features/shop/pack-detail-page';
import { PackPhotosCustomizationPage } from '../features/shop/pack-photos-customization-page';
import { PackPhotosSelectionPage } from '../features/shop/pack-photos-selection-page';
import { PacksPage } from '../features/shop/packs-page';
import { PhotoCustomizationPage } from '../features/shop/photo-customization-page';
import { ProductDetailPage } from '../features/shop/product-detail-page';
import { ProductsPage } from '../features/shop/products-page';
import { GalleryLayout } from './gallery-layout';
import { RootLayout } from './root-layout';
import { GALLERY_ROUTES, type RouteHandle, type RouteName } from './route-table';

/** PhotoTarget is a photo of a gallery (its API id), as the grid and the viewer name it to controls of other features. */
interface PhotoTarget {
  galleryId: string;
  photoId: string;
}

/** gridPhotoAction is the favourites heart over each thumbnail of the home grid. */
function gridPhotoAction({ galleryId, photoId }: PhotoTarget) {
  return <FavoriteButton galleryId={galleryId} photoId={photoId} />;
}

/** viewerPhotoActions are the single-photo view's favourites heart, selections menu and (for clients) album toggle. */
function viewerPhotoActions({ galleryId, photoId }: PhotoTarget) {
  return (
    <>
      <FavoriteButton galleryId={galleryId} photoId={photoId} tone="dark" />
      <AddToSelectionButton galleryId={galleryId} photoId={photoId} />
      <AlbumToggle photoId={photoId} />
    </>
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

/** createAppRouter makes the browser router of the application. */
export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
