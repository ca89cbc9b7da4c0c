import { useApolloClient, useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { graphql, getFragmentData } from '../../gql';
import { AccessAuthStateFragment, writeGalleryAuth, type AuthFields } from './access-auth';

export const LogoutMutation = graphql(`
  mutation Logout($input: LogoutInput!) {
    logout(input: $input) {
      auth {
        ...AccessAuthState
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

/** LogoutButtonProps: the gallery's address and id, and what its access looks like without credentials. */
export interface LogoutButtonProps {
  galleryUrl: string;
  galleryId: string;
  isPublic: boolean;
  needsEmail: boolean;
  email?: string | null;
}

/** loggedOutAuth is the access state of a stranger, for when the server's answer omits it. */
export function loggedOutAuth(isPublic: boolean, needsEmail: boolean): AuthFields {
  return { accessCodeAuthorized: isPublic, isClient: false, isPhotographer: false, accessEmail: null, connectedAs: 'visitor', needEmail: needsEmail, readOnly: false };
}

/**
 * LogoutButton logs out of the gallery (its access cookie and the confirmed
 * e-mail go), shows the access screen (or the public gallery again) and then
 * resets the Apollo store, so nothing seen with the credentials stays cached.
 * The new access state is written first and the navigation is flushed, so
 * the screens that needed access are gone before the store refetches.
 */
export function LogoutButton({ galleryUrl, galleryId, isPublic, needsEmail, email }: LogoutButtonProps) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const navigate = useNavigate();
  const [logout] = useMutation(LogoutMutation, { context: { skipNeedEmail: true } });
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { data } = await logout({ variables: { input: { galleryId } } });
      const auth = getFragmentData(AccessAuthStateFragment, data?.logout.auth) ?? loggedOutAuth(isPublic, needsEmail);
      writeGalleryAuth(client.cache, galleryId, auth);
      const target = auth.accessCodeAuthorized ? galleryPath(galleryUrl, 'galleryHome') : galleryPath(galleryUrl, 'galleryAccess');
      await navigate(target, { replace: true, flushSync: true });
      await client.resetStore();
    } catch {
      // The error link has shown the failure.
    } finally {
      setBusy(false);
    }
  };

  const label = email ? t('account.logoutAs', { email }) : t('account.logout');
  return (
    <button type="button" className="button button-outline button-small" onClick={() => void onClick()} disabled={busy} title={label}>
      {t('account.logout')}
    </button>
  );
}
