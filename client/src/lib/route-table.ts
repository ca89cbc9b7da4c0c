// The gallery's screens (spec §2), all under /:galleryId. This table is the
// one place that names them and says how the layout treats each one; the
// router (router.tsx) only maps each name to a component.

/** RouteName is the name of a gallery route. */
export type RouteName =
  | 'galleryHome'
  | 'photo'
  | 'photoCustomization'
  | 'photoEditCustomization'
  | 'galleryPacks'
  | 'packDetail'
  | 'packConfiguration'
  | 'packFormatPhotosSelection'
  | 'packFormatPhotosCustomization'
  | 'galleryProducts'
  | 'galleryDownloads'
  | 'galleryProductDetail'
  | 'selection'
  | 'galleryAccess'
  | 'cartContent'
  | 'cartAddress'
  | 'cartValidation'
  | 'contactPhotographer'
  | 'preview'
  | 'paymentReturn';

/** RouteFlags says how the layout treats a route. */
export interface RouteFlags {
  /** The route needs gallery access (an accepted access code or a public gallery). */
  requiresAccess: boolean;
  /** The common gallery header is hidden. */
  noCommonHeader: boolean;
  /** The mobile footer bar is hidden. */
  noMobileFooter: boolean;
  /** The new-version banner is not shown and /version is not polled. */
  skipVersionCheck: boolean;
  /** Navigating here does not scroll to the top; the last position is restored. */
  keepPosition: boolean;
}

/** GalleryRoute is one row of the route table. */
export interface GalleryRoute extends RouteFlags {
  name: RouteName;
  /** Path relative to /:galleryId ('' is the gallery home). */
  path: string;
  /** An older or shorter path that redirects here. */
  redirectFrom?: string;
}

const defaults: RouteFlags = {
  requiresAccess: true,
  noCommonHeader: false,
  noMobileFooter: false,
  skipVersionCheck: false,
  keepPosition: false,
};

function route(name: RouteName, path: string, flags: Partial<RouteFlags> & { redirectFrom?: string } = {}): GalleryRoute {
  return { ...defaults, ...flags, name, path };
}

/** GALLERY_ROUTES is the route table, in matching-independent declaration order. */
export const GALLERY_ROUTES: readonly GalleryRoute[] = [
  route('galleryHome', '', { keepPosition: true }),
  route('photo', 'photos/:photoId'),
  route('photoCustomization', 'photos/:photoId/:categoryId', { noCommonHeader: true }),
  route('photoEditCustomization', 'photos/:photoId/edit/:cartItemId', { noCommonHeader: true }),
  route('galleryPacks', 'packs'),
  route('packDetail', 'packs/:packId', { noMobileFooter: true }),
  route('packConfiguration', 'packs/:packId/configuration/:packInstanceId', { noCommonHeader: true }),
  route('packFormatPhotosSelection', 'packs/:packId/configuration/:packInstanceId/:formatId'),
  route('packFormatPhotosCustomization', 'packs/:packId/configuration/:packInstanceId/:formatId/customization'),
  route('galleryProducts', 'products'),
  route('galleryDownloads', 'products/downloads'),
  route('galleryProductDetail', 'products/:productId'),
  route('selection', 'selections/:selectionId', { noMobileFooter: true }),
  route('galleryAccess', 'authentication/accessCode', { requiresAccess: false, redirectFrom: 'authentication' }),
  route('cartContent', 'cart', { noMobileFooter: true }),
  route('cartAddress', 'cart/address'),
  route('cartValidation', 'cart/validation'),
  route('contactPhotographer', 'contact', { requiresAccess: false }),
  // The preview link's hash opens the gallery; without a valid one the
  // visitor meets the access screen like anywhere else in the gallery.
  route('preview', 'preview', { skipVersionCheck: true }),
  route('paymentReturn', 'paymentReturn'),
];

const byName = new Map(GALLERY_ROUTES.map((r) => [r.name, r]));

/** galleryRoute returns the table row of a route name. */
export function galleryRoute(name: RouteName): GalleryRoute {
  const found = byName.get(name);
  if (!found) throw new Error(`unknown route ${name}`);
  return found;
}

/**
 * galleryPath builds the absolute address of a gallery route, filling
 * `:param` segments from params (encoded). A missing parameter throws.
 */
export function galleryPath(galleryId: string, name: RouteName, params: Record<string, string> = {}): string {
  const rest = galleryRoute(name).path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') throw new Error(`route ${name}: missing parameter ${key}`);
    return encodeURIComponent(value);
  });
  const base = `/${encodeURIComponent(galleryId)}`;
  return rest ? `${base}/${rest}` : base;
}

/** RouteHandle is the `handle` every gallery route carries in the router. */
export interface RouteHandle {
  route: GalleryRoute;
}

/** isRouteHandle tells a gallery route handle from other handles. */
export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}
