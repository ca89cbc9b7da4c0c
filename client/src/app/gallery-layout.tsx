import { useQuery } from '@apollo/client/react';
import { Suspense, useEffect, useLayoutEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { PageMessage } from '../components/ui/page-message';
import { Spinner } from '../components/ui/spinner';
import { AccountActions, NeedEmailHost, WelcomePopup, type AccessLocationState } from '../features/access';
import { EmailRequiredGate } from '../components/access/email-required-gate';
import { DownloadTracker } from '../features/downloads';
import { GalleryHeader, MobileFooter } from '../features/gallery';
import { AlbumButton } from '../features/album';
import { MySelectionsButton } from '../features/selections';
import { ShareButton } from '../features/share';
import { errorCodes } from '../lib/error-message';
import { getFragmentData } from '../gql';
import { setCurrentGalleryId } from '../lib/gallery-id';
import { forgetGallery, rememberGallery, useKnownGallery } from '../lib/known-galleries';
import { galleryVariables, usePreviewHash } from '../lib/preview-hash';
import { parsePreviewParams } from '../lib/preview-params';
import { applyGalleryLanguage } from '../lib/i18n';
import { themeVariables } from '../lib/theme';
import { galleryPath } from '../lib/route-table';
import { useCurrentRoute } from './use-current-route';
import styles from './gallery-layout.module.css';
import { ReadOnlyContext } from '../lib/read-only';
import { ScreenBoundary } from './screen-boundary';
import { GalleryShellFragment, GalleryShellQuery, GalleryShellWithCartQuery, shellWithCartVariables } from './gallery-shell';
import type { GalleryLayoutContext } from '../lib/gallery-layout-context';

// The shell's documents are in gallery-shell.ts (prefetch.ts sends them too).
export { GalleryShellQuery } from './gallery-shell';

/** notFoundAddress is where an unknown gallery sends the browser (spec §2). */
export function notFoundAddress(pathname: string): string {
  return `/?${new URLSearchParams({ notFound: pathname }).toString()}`;
}

/** GalleryOffline is what guests see of a gallery its photographer archived, or past its expiry date (gallery_offline, the page answered 410). */
function GalleryOffline() {
  const { t } = useTranslation();
  return (
    <main id="main">
      <PageMessage title={t('gallery.offlineTitle')} icon="⏾">
        <p>{t('gallery.offlineBody')}</p>
      </PageMessage>
    </main>
  );
}

const OPEN: GalleryLayoutContext = { open: true };
const CLOSED: GalleryLayoutContext = { open: false };

/**
 * GalleryLayout is the /:galleryId route: it loads the gallery (with the
 * preview hash kept for it, if any), applies its theme (with the preview
 * route's overrides), names it in request headers, sends unknown galleries
 * to the root, shows the header and mobile footer unless the route opts
 * out, and guards routes that need access: without it the visitor goes to
 * the access screen (which brings them back afterwards), and a gallery that
 * needs an e-mail asks for one first. It also hosts the e-mail dialog, the
 * welcome popup and the follow-up of download requests still being prepared
 * when their dialog was closed.
 */
export function GalleryLayout() {
  const { t } = useTranslation();
  const { galleryId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const route = useCurrentRoute();
  const previewHash = usePreviewHash(galleryId);
  // A gallery known from an earlier visit comes with the viewer's cart and
  // favourites (gallery-shell.ts); should that knowledge be out of date (the
  // access has expired), it is forgotten and the plain shell asked for.
  const known = useKnownGallery(galleryId);
  const variables = galleryVariables(galleryId, previewHash);
  const withCart = shellWithCartVariables(variables, known);
  const plain = useQuery(GalleryShellQuery, { variables, skip: withCart !== undefined, context: { initialLoad: true } });
  const combined = useQuery(GalleryShellWithCartQuery, {
    variables: withCart ?? { ...variables, galleryId: '', favorites: false },
    skip: withCart === undefined,
    context: { initialLoad: true },
  });
  const { error, refetch } = withCart ? combined : plain;
  const gallery = getFragmentData(GalleryShellFragment, (withCart ? combined.data : plain.data)?.gallery);
  const errors = errorCodes(error);
  const notFound = errors.includes('gallery_not_found');
  // Archived by its photographer, or past its expiry date (the page answered 410).
  const offline = errors.includes('gallery_offline');
  const staleKnowledge = withCart !== undefined && error !== undefined && !notFound && !offline;

  useEffect(() => {
    if (staleKnowledge) forgetGallery(galleryId);
  }, [staleKnowledge, galleryId]);

  // What the next visit may assume (outside previews, which see the gallery as someone else).
  const auth = gallery?.auth;
  useEffect(() => {
    if (!gallery?.id || !auth || previewHash) return;
    rememberGallery(galleryId, { id: gallery.id, open: auth.accessCodeAuthorized && !auth.needEmail, email: Boolean(auth.accessEmail) });
  }, [galleryId, gallery?.id, auth, previewHash]);

  useEffect(() => {
    if (notFound) navigate(notFoundAddress(location.pathname), { replace: true });
  }, [notFound, navigate, location.pathname]);

  useEffect(() => {
    setCurrentGalleryId(gallery?.id);
    return () => setCurrentGalleryId(undefined);
  }, [gallery?.id]);

  // The preview route shows the gallery with its address's settings instead of the saved ones.
  const previewSearch = route?.name === 'preview' ? location.search : undefined;
  const overrides = useMemo(() => (previewSearch === undefined ? undefined : parsePreviewParams(previewSearch)), [previewSearch]);
  const theme = gallery?.theme;
  const vars = useMemo(
    () =>
      theme &&
      themeVariables({
        colors: { ...theme.colorTheme.colors, ...overrides?.colors },
        photosGap: overrides?.photosGap ?? theme.photosGap.value,
        variant: overrides?.variant ?? theme.variant,
      }),
    [theme, overrides],
  );
  useLayoutEffect(() => {
    if (!vars) return;
    const root = document.documentElement;
    for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
    return () => {
      for (const name of Object.keys(vars)) root.style.removeProperty(name);
    };
  }, [vars]);

  // The gallery's default language, when the visitor chose none and the browser names none we speak.
  const galleryLanguage = gallery?.language;
  useEffect(() => {
    if (galleryLanguage) void applyGalleryLanguage(galleryLanguage);
  }, [galleryLanguage]);

  useEffect(() => {
    if (gallery?.eventName) document.title = `${gallery.eventName} · ${t('common.appName')}`;
  }, [gallery?.eventName, t]);

  if (!gallery) {
    if (notFound || staleKnowledge) return null;
    if (offline) return <GalleryOffline />;
    if (error) {
      return (
        <main id="main">
          <PageMessage
            title={t('gallery.errorLoading')}
            tone="error"
            icon="!"
            actions={
              <button type="button" className="button button-primary" onClick={() => void refetch()}>
                {t('common.retry')}
              </button>
            }
          />
        </main>
      );
    }
    return (
      <main id="main">
        <Spinner block label={t('gallery.loading')} />
      </main>
    );
  }

  const { accessCodeAuthorized, needEmail } = gallery.auth;
  const guarded = route?.requiresAccess === true;
  const open = accessCodeAuthorized && !needEmail;
  let content = <Outlet context={open ? OPEN : CLOSED} />;
  if (guarded && !accessCodeAuthorized) {
    const state: AccessLocationState = { from: location.pathname + location.search + location.hash };
    content = <Navigate to={{ pathname: galleryPath(galleryId, 'galleryAccess'), search: location.search }} replace state={state} />;
  } else if (guarded && needEmail) {
    content = <EmailRequiredGate />;
  }
  const showFooter = !route?.noMobileFooter && open;
  return (
    <ReadOnlyContext.Provider value={gallery.auth.readOnly}>
      <div
        className={`${styles.shell} ${showFooter ? styles.withFooter : ''}`}
        data-theme={overrides?.theme ?? gallery.theme.theme}
        data-variant={overrides?.variant ?? gallery.theme.variant}
      >
        <NeedEmailHost gallery={gallery} />
        {!route?.noCommonHeader && (
          <GalleryHeader
            galleryId={galleryId}
            gallery={gallery}
            actions={
              <>
                {open && route?.name !== 'preview' && !gallery.auth.readOnly && (
                  <>
                    {(gallery.auth.isClient || gallery.auth.isPhotographer) && <AlbumButton />}
                    <ShareButton galleryId={gallery.id} />
                    <MySelectionsButton galleryUrl={galleryId} galleryId={gallery.id} />
                  </>
                )}
                <AccountActions galleryUrl={galleryId} gallery={gallery} />
              </>
            }
          />
        )}
        {gallery.auth.readOnly && route?.name !== 'preview' && (
          <p className={styles.readOnly} role="status">
            {t('preview.readOnly')}
          </p>
        )}
        <main id="main" className={styles.main}>
          {/* A screen that fails (its code not downloaded, offline) fails here, under the header. */}
          <ScreenBoundary at={location.pathname}>
            <Suspense fallback={<Spinner block label={t('common.loading')} />}>{content}</Suspense>
          </ScreenBoundary>
        </main>
        {showFooter && <MobileFooter galleryId={galleryId} />}
        <WelcomePopup gallery={gallery} enabled={route?.name !== 'galleryAccess' && route?.name !== 'preview'} />
        <DownloadTracker />
      </div>
    </ReadOnlyContext.Provider>
  );
}
