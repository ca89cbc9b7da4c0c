import { useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { lazyWithRetry } from '../../lib/lazy-retry';
import { AccountPage } from './account-page';
import { DashboardPage } from './dashboard-page';
import { ViewerPhotographerQuery } from './documents';
import { GalleriesPage } from './galleries-page';
import { GallerySettingsPage } from './gallery-settings-page';
import { LegalPage } from './legal-page';
import { NewGalleryPage } from './new-gallery-page';
import { OrderPage } from './order-page';
import { OrdersPage } from './orders-page';
import { SignInPage } from './sign-in-page';
import { StudioLayout } from './studio-layout';

// Large screens used rarely are chunks of their own, loaded when opened
// under the layout's spinner (StudioLayout).
const CataloguePage = lazyWithRetry(() => import('./catalogue-page').then((m) => ({ default: m.CataloguePage })));
const CodesPage = lazyWithRetry(() => import('./codes-page').then((m) => ({ default: m.CodesPage })));

/** SIGN_IN_PATH is the studio's sign-in screen. */
export const SIGN_IN_PATH = '/studio/connexion';

/** RequireSignIn shows the studio to a signed-in photographer and sends anyone else to the sign-in screen. */
function RequireSignIn() {
  const { t } = useTranslation();
  const location = useLocation();
  const { data, loading } = useQuery(ViewerPhotographerQuery, { fetchPolicy: 'cache-and-network' });
  if (loading && !data) return <Spinner label={t('common.loading')} block />;
  const photographer = data?.viewerPhotographer;
  if (!photographer) return <Navigate to={SIGN_IN_PATH} replace state={{ from: location.pathname }} />;
  return <StudioLayout photographer={photographer} />;
}

/**
 * StudioApp is the photographer's studio under /studio: sign-in, galleries,
 * orders, account settings, a gallery's photos and what its clients picked,
 * whose screens (other features, their own chunks) the app hands in as
 * photosPage and picksPage.
 */
export function StudioApp({ photosPage, picksPage, musicPage }: { photosPage?: ReactNode; picksPage?: ReactNode; musicPage?: ReactNode }) {
  return (
    <Routes>
      <Route path="connexion" element={<SignInPage />} />
      <Route element={<RequireSignIn />}>
        <Route index element={<Navigate to="galeries" replace />} />
        <Route path="galeries" element={<GalleriesPage />} />
        <Route path="galeries/nouvelle" element={<NewGalleryPage />} />
        <Route path="galeries/:id" element={<GallerySettingsPage />} />
        {photosPage && <Route path="galeries/:id/photos" element={photosPage} />}
        {picksPage && <Route path="galeries/:id/selections" element={picksPage} />}
        {musicPage && <Route path="musique" element={musicPage} />}
        <Route path="commandes" element={<OrdersPage />} />
        <Route path="commandes/:id" element={<OrderPage />} />
        <Route path="compte" element={<AccountPage />} />
        <Route path="tableau-de-bord" element={<DashboardPage />} />
        <Route path="coordonnees-legales" element={<LegalPage />} />
        <Route path="catalogue" element={<CataloguePage />} />
        <Route path="codes" element={<CodesPage />} />
        <Route path="*" element={<Navigate to="galeries" replace />} />
      </Route>
    </Routes>
  );
}
