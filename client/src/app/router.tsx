import { Suspense, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { FreeDownloadEntry } from '../components/downloads/free-download-entry';
import { AccessCodePage } from '../features/access';
import { AlbumToggle } from '../features/album';
import { CartPage } from '../features/cart';
import { AddressPage, ValidationPage } from '../features/checkout';
import { ContactPage } from '../features/contact';
import { GalleryHomePage, PreviewPage } from '../features/gallery';
import { LandingPage, NotFoundPage } from '../features/landing';
import { PaymentReturnPage } from '../features/orders';
import { PhotoPage } from '../features/photos';
import { StudioApp } from '../features/studio';
import { AddToSelectionButton, FavoriteButton, SelectionPage } from '../features/selections';
import { StudioPhotosPage } from '../features/studio-photos';
import { StudioPicksPage } from '../features/studio-picks';
import { StudioMusicPage } from '../features/studio-music';
import {
  DownloadsPage,
  PackConfigurationPage,
  PackDetailPage,
  PackPhotosCustomizationPage,
  PackPhotosSelectionPage,
  PacksPage,
  PhotoCustomizationPage,
  ProductDetailPage,
  ProductsPage,
} from '../features/shop';
import { Writable } from '../lib/read-only';
import { GalleryLayout } from './gallery-layout';
import { RootLayout } from './root-layout';
import { GALLERY_ROUTES, type RouteHandle, type RouteName } from '../lib/route-table';

// The gallery home is in the first download; every other screen, and the
// photo view's controls, load when first needed (the layout shows a spinner
// meanwhile), which keeps the home's JavaScript small (docs/performance.md):
// each feature's index.ts wraps them in lazyWithRetry. A download that fails
// (offline) is tried again by the screen boundary's « Réessayer » or when the
// network returns (lib/lazy-retry.ts).

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
        {
          path: 'studio/*',
          element: (
            <Suspense fallback={null}>
              <StudioApp photosPage={<StudioPhotosPage />} picksPage={<StudioPicksPage />} musicPage={<StudioMusicPage />} />
            </Suspense>
          ),
        },
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
