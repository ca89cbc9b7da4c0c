import { useApolloClient, useMutation } from '@apollo/client/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { SignOutMutation } from './documents';
import styles from './studio.module.css';

/** StudioPhotographer is who the studio's header names. */
export interface StudioPhotographer {
  name: string;
  email: string;
}

/** StudioLayout is the studio's frame: its header with the navigation and sign out, over the screen, which shows a spinner while its chunk loads. */
export function StudioLayout({ photographer }: { photographer: StudioPhotographer }) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const navigate = useNavigate();
  const [signOut, { loading }] = useMutation(SignOutMutation);
  const leave = async () => {
    await signOut({ variables: { input: { everywhere: false } } }).catch(() => undefined);
    await client.clearStore();
    void navigate('/studio/connexion', { replace: true });
  };
  const link = ({ isActive }: { isActive: boolean }) => `${styles.navLink} ${isActive ? styles.navActive : ''}`;
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <p className={styles.brand}>
          {t('studio.title')} <span className={styles.brandName}>{photographer.name}</span>
        </p>
        <nav aria-label={t('studio.nav')} className={styles.nav}>
          <NavLink to="/studio/galeries" className={link}>
            {t('studio.galleries')}
          </NavLink>
          <NavLink to="/studio/musique" className={link}>
            {t('studioMusic.nav')}
          </NavLink>
          <NavLink to="/studio/catalogue" className={link}>
            {t('studioCatalogue.nav')}
          </NavLink>
          <NavLink to="/studio/commandes" className={link}>
            {t('studioOrders.nav')}
          </NavLink>
          <NavLink to="/studio/codes" className={link}>
            {t('studioCodes.nav')}
          </NavLink>
          <NavLink to="/studio/tableau-de-bord" className={link}>
            {t('studio.dashboard')}
          </NavLink>
          <NavLink to="/studio/coordonnees-legales" className={link}>
            {t('studio.legal')}
          </NavLink>
          <NavLink to="/studio/compte" className={link}>
            {t('studio.account')}
          </NavLink>
        </nav>
        <button type="button" className={styles.linkButton} onClick={() => void leave()} disabled={loading}>
          {t('studio.signOut')}
        </button>
      </header>
      <main id="main" className={styles.main}>
        {/* The screens that are chunks of their own (catalogue, codes, a
            gallery's photos and picks, music) load under the header. */}
        <Suspense fallback={<Spinner label={t('common.loading')} block />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
