import type { ApolloCache } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../gql';
import type { AccessAuthStateFragment as AuthStateData } from '../../gql/graphql';

// The access state an access mutation answers with. Access payloads carry no
// gallery id, so the new state is written into the gallery's cache entry by
// hand (AuthState objects merge, see lib/apollo-cache.ts).
export const AccessAuthStateFragment = graphql(`
  fragment AccessAuthState on AuthState {
    accessCodeAuthorized
    isClient
    isPhotographer
    accessEmail
    connectedAs
    needEmail
    readOnly
  }
`);

export const AccessGalleryAuthFragment = graphql(`
  fragment AccessGalleryAuth on Gallery {
    id
    auth {
      accessCodeAuthorized
      isClient
      isPhotographer
      accessEmail
      connectedAs
      needEmail
      readOnly
    }
  }
`);

/** AuthFields is an access state as the mutations return it. */
export type AuthFields = Omit<AuthStateData, ' $fragmentName'>;

/** writeGalleryAuth stores a new access state on the gallery in the cache, so every screen sees it at once. */
export function writeGalleryAuth(cache: ApolloCache, galleryId: string, auth: AuthFields): void {
  // __typename lets the cache find the AuthState merge policy; the generated
  // types leave it out, hence the separate object.
  const state = {
    __typename: 'AuthState' as const,
    accessCodeAuthorized: auth.accessCodeAuthorized,
    isClient: auth.isClient,
    isPhotographer: auth.isPhotographer,
    accessEmail: auth.accessEmail ?? null,
    connectedAs: auth.connectedAs,
    needEmail: auth.needEmail,
    readOnly: auth.readOnly,
  };
  const data = { __typename: 'Gallery' as const, id: galleryId, auth: state };
  cache.writeFragment({ id: cache.identify(data), fragment: AccessGalleryAuthFragment, data });
}

/**
 * useApplyAccess returns what to do after an access change (code accepted,
 * e-mail confirmed, client code): write the new state on the gallery, then
 * refetch the queries on screen, whose answers depend on who is asking
 * (gallery, photos, videos, prices). Refetch failures are left to the
 * queries themselves.
 */
export function useApplyAccess(): (galleryId: string, auth: AuthFields | null | undefined) => Promise<void> {
  const client = useApolloClient();
  return useCallback(
    async (galleryId, auth) => {
      if (auth) writeGalleryAuth(client.cache, galleryId, auth);
      await client.refetchQueries({ include: 'active' }).catch(() => undefined);
    },
    [client],
  );
}
