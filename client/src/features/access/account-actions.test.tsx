import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeFragmentData } from '../../gql';
import { createCache } from '../../lib/apollo-cache';
import { writeGalleryAuth } from './access-auth';
import { AccountActions, AccountActionsFragment } from './account-actions';
import { authState, GALLERY_ID } from './access-fixtures';
import { LogoutMutation } from './logout-button';

function Where() {
  return <p>Page {useLocation().pathname}</p>;
}

function setup({ isPublic = false, hasClients = true, isClient = false, accessEmail = null as string | null, after = authState() } = {}) {
  const gallery = makeFragmentData(
    {
      id: GALLERY_ID,
      accessPolicy: { isPublic, needEmail: false, hasClients },
      auth: { accessCodeAuthorized: true, isClient, isPhotographer: false, accessEmail },
    },
    AccountActionsFragment,
  );
  const mocks: MockLink.MockedResponse[] = [
    {
      request: { query: LogoutMutation, variables: { input: { galleryId: GALLERY_ID } } },
      result: { data: { logout: { __typename: 'AccessPayload' as const, auth: after, userErrors: [] } } },
    },
  ];
  const cache = createCache();
  writeGalleryAuth(cache, GALLERY_ID, authState({ accessCodeAuthorized: true, accessEmail }));
  const router = createMemoryRouter(
    [
      {
        path: '/:galleryId/*',
        element: (
          <>
            <AccountActions galleryUrl="julie" gallery={gallery} />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ['/julie/photos/p1'] },
  );
  render(
    <MockedProvider mocks={mocks} cache={cache}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return { router, cache };
}

describe('AccountActions', () => {
  it('logs out of a protected gallery: access screen, empty cache', async () => {
    const { router, cache } = setup();
    expect(screen.getByRole('button', { name: 'Vous êtes client ?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/julie/authentication/accessCode'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(cache.extract()).toEqual({}));
  });

  it('stays on a public gallery after logging out of the confirmed e-mail', async () => {
    const { router } = setup({ isPublic: true, hasClients: false, accessEmail: 'julie@example.com', after: authState({ accessCodeAuthorized: true }) });
    expect(screen.queryByRole('button', { name: 'Vous êtes client ?' })).toBeNull();
    const logout = screen.getByRole('button', { name: 'Se déconnecter' });
    expect(logout.getAttribute('title')).toBe('Se déconnecter (julie@example.com)');
    fireEvent.click(logout);
    await waitFor(() => expect(router.state.location.pathname).toBe('/julie'));
  });

  it('offers nothing to a client of a public gallery without e-mail', () => {
    setup({ isPublic: true, isClient: true });
    expect(screen.queryByRole('button', { name: 'Vous êtes client ?' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Se déconnecter' })).toBeNull();
  });
});
