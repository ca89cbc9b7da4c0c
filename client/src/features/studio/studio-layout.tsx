import { useApolloClient, useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { SignOutMutation } from './documents';
import styles from './studio.module.css';

/** StudioPhotographer is who the studio's header names. */
export interface StudioPhotographer {
  name: string;
  email: string;
}

/** StudioLayout is the studio's frame: its header with the navigation (Galeries, Commandes, Tableau de bord, Coordonnées légales, Réglages du compte) and sign out, over the screen. */
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
          <NavLink to="/studio/commandes" className={link}>
            {t('studioOrders.nav')}
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
        <Outlet />
      </main>
    </div>
  );
}
