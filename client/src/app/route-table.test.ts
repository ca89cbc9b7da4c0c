import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from './router';
import { GALLERY_ROUTES, galleryPath, galleryRoute, isRouteHandle, type RouteName } from '../lib/route-table';
import { galleryRouteAt } from './use-current-route';

const flagged = (flag: 'noCommonHeader' | 'noMobileFooter' | 'skipVersionCheck' | 'keepPosition') =>
  GALLERY_ROUTES.filter((r) => r[flag])
    .map((r) => r.name)
    .sort();

function matchedName(path: string): RouteName | undefined {
  const matches = matchRoutes(appRoutes(), path) ?? [];
  const last = matches[matches.length - 1];
  return isRouteHandle(last?.route.handle) ? last.route.handle.route.name : undefined;
}

describe('route table', () => {
  it('declares every route of spec §2 once', () => {
    const names = GALLERY_ROUTES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toHaveLength(20);
  });

  it('flags routes as the specification says', () => {
    expect(flagged('noCommonHeader')).toEqual(['packConfiguration', 'photoCustomization', 'photoEditCustomization']);
    expect(flagged('noMobileFooter')).toEqual(['cartContent', 'packDetail', 'selection']);
    expect(flagged('skipVersionCheck')).toEqual(['preview']);
    expect(flagged('keepPosition')).toEqual(['galleryHome']);
    expect(galleryRoute('galleryHome').requiresAccess).toBe(true);
    expect(galleryRoute('galleryAccess').requiresAccess).toBe(false);
    expect(galleryRoute('galleryAccess').redirectFrom).toBe('authentication');
    // A preview shows the gallery's content: its hash opens it, else the access screen does.
    expect(galleryRoute('preview').requiresAccess).toBe(true);
  });

  it('builds addresses', () => {
    expect(galleryPath('gala-2026', 'galleryHome')).toBe('/gala-2026');
    expect(galleryPath('gala-2026', 'photo', { photoId: 'ph 1' })).toBe('/gala-2026/photos/ph%201');
    expect(galleryPath('g', 'packFormatPhotosCustomization', { packId: 'p', packInstanceId: 'i', formatId: 'f' })).toBe('/g/packs/p/configuration/i/f/customization');
    expect(() => galleryPath('g', 'photo')).toThrow(/photoId/);
  });

  it('matches each address to its route', () => {
    const cases: Array<[string, RouteName]> = [
      ['/g', 'galleryHome'],
      ['/g/photos/p1', 'photo'],
      ['/g/photos/p1/c1', 'photoCustomization'],
      ['/g/photos/p1/edit/i1', 'photoEditCustomization'],
      ['/g/packs', 'galleryPacks'],
      ['/g/packs/k', 'packDetail'],
      ['/g/packs/k/configuration/i', 'packConfiguration'],
      ['/g/packs/k/configuration/i/f', 'packFormatPhotosSelection'],
      ['/g/packs/k/configuration/i/f/customization', 'packFormatPhotosCustomization'],
      ['/g/products', 'galleryProducts'],
      ['/g/products/downloads', 'galleryDownloads'],
      ['/g/products/x', 'galleryProductDetail'],
      ['/g/selections/s', 'selection'],
      ['/g/authentication/accessCode', 'galleryAccess'],
      ['/g/cart', 'cartContent'],
      ['/g/cart/address', 'cartAddress'],
      ['/g/cart/validation', 'cartValidation'],
      ['/g/contact', 'contactPhotographer'],
      ['/g/preview', 'preview'],
      ['/g/paymentReturn', 'paymentReturn'],
    ];
    for (const [path, name] of cases) {
      expect(matchedName(path), path).toBe(name);
      // The layouts find the route on display the same way.
      expect(galleryRouteAt(path)?.name, path).toBe(name);
    }
    expect(galleryRouteAt('/g/authentication')?.name).toBe('galleryAccess');
    expect(cases.map((c) => c[1]).sort()).toEqual(GALLERY_ROUTES.map((r) => r.name).sort());
  });

  it('sends unknown addresses to a 404', () => {
    expect(matchedName('/g/nothing/here')).toBeUndefined();
    expect(galleryRouteAt('/g/nothing/here')).toBeUndefined();
    expect(galleryRouteAt('/')).toBeUndefined();
    const matches = matchRoutes(appRoutes(), '/g/nothing/here') ?? [];
    expect(matches[matches.length - 1].route.path).toBe('*');
  });
});
