import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import { useApplyAccess } from './access-auth';
import { LogoutButton } from './logout-button';
import styles from './access.module.css';
import { withStrings } from '../../lib/i18n';

// The dialog loads when first opened (docs/performance.md).
const ClientCodeDialog = lazy(() => withStrings(import('./client-code-dialog').then((m) => ({ default: m.ClientCodeDialog }))));

export const AccountActionsFragment = graphql(`
  fragment AccountActions_gallery on Gallery {
    id
    accessPolicy {
      isPublic
      needEmail
      hasClients
    }
    auth {
      accessCodeAuthorized
      isClient
      isPhotographer
      accessEmail
    }
  }
`);

/**
 * AccountActions are the header's identity tools: « Vous êtes client ? » for
 * visitors of a gallery with clients, and « Se déconnecter » for protected
 * galleries or once an e-mail is confirmed.
 */
export function AccountActions({ galleryUrl, gallery: galleryRef }: { galleryUrl: string; gallery: FragmentType<typeof AccountActionsFragment> }) {
  const { t } = useTranslation();
  const gallery = getFragmentData(AccountActionsFragment, galleryRef);
  const applyAccess = useApplyAccess();
  const [clientOpen, setClientOpen] = useState(false);
  const { auth, accessPolicy } = gallery;
  if (!auth.accessCodeAuthorized) return null;

  const offerClient = accessPolicy.hasClients && !auth.isClient && !auth.isPhotographer;
  const offerLogout = !accessPolicy.isPublic || Boolean(auth.accessEmail);
  return (
    <div className={styles.account}>
      {offerClient && (
        <button type="button" className="button button-outline button-small" onClick={() => setClientOpen(true)}>
          {t('client.open')}
        </button>
      )}
      {offerLogout && (
        <LogoutButton galleryUrl={galleryUrl} galleryId={gallery.id} isPublic={accessPolicy.isPublic} needsEmail={accessPolicy.needEmail} email={auth.accessEmail} />
      )}
      {clientOpen && (
        <Suspense fallback={null}>
          <ClientCodeDialog
            galleryId={gallery.id}
            initialEmail={auth.accessEmail ?? undefined}
            onAccepted={(next) => applyAccess(gallery.id, next)}
            onClose={() => setClientOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
