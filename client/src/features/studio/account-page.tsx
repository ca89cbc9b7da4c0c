import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiTokensSection, PasskeysSection } from './account-security';
import { SignOutMutation, ViewerPhotographerQuery } from './documents';
import styles from './studio.module.css';

/** AccountPage is /studio/compte: who is signed in, « Se déconnecter partout », the passkeys and the API tokens. */
export function AccountPage() {
  const { t } = useTranslation();
  const client = useApolloClient();
  const navigate = useNavigate();
  const { data } = useQuery(ViewerPhotographerQuery);
  const [signOut, { loading }] = useMutation(SignOutMutation);
  const me = data?.viewerPhotographer;
  const everywhere = async () => {
    await signOut({ variables: { input: { everywhere: true } } }).catch(() => undefined);
    await client.clearStore();
    void navigate('/studio/connexion', { replace: true });
  };
  return (
    <>
      <div className={styles.pageHead}>
        <h1>{t('studio.accountTitle')}</h1>
      </div>
      <section className={styles.card}>
        {me && <p>{t('studio.signedInAs', { name: me.name, email: me.email })}</p>}
        <p className={styles.muted}>{t('studio.signOutEverywhereHint')}</p>
        <div className={styles.actions}>
          <button type="button" className={styles.danger} disabled={loading} onClick={() => void everywhere()}>
            {t('studio.signOutEverywhere')}
          </button>
        </div>
      </section>
      <PasskeysSection />
      <ApiTokensSection />
    </>
  );
}
