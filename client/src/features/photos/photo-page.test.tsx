import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../app/apollo-client';
import { notifications } from '../notifications/notification-store';
import { Toaster } from '../notifications/toaster';
import { PhotoPage } from './photo-page';

// graphql-ws is loaded with the first subscription; none here.
vi.mock('graphql-ws', () => ({ createClient: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  for (const n of notifications.getSnapshot()) notifications.dismiss(n.id);
});

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

const gallery = {
  __typename: 'Gallery',
  id: 'gal_1',
  showFilename: false,
  theme: { __typename: 'GalleryTheme', viewerLimitSize: false, viewerMaxSize: null },
  downloadInformation: { __typename: 'DownloadInformation', freeDownload: false, clientsOnly: false, qualities: [] },
  auth: { __typename: 'AuthState', accessCodeAuthorized: true, needEmail: false, isClient: false, isPhotographer: false, readOnly: false },
};
const sequence = {
  __typename: 'Gallery',
  id: 'gal_1',
  photos: {
    __typename: 'PhotoConnection',
    totalCount: 1,
    edges: [{ __typename: 'PhotoEdge', cursor: 'c1', node: { __typename: 'Photo', id: 'pho_1' } }],
    pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: 'c1' },
  },
};

/** serve answers the page's three queries as the server does, the photo's with nodeAnswer. */
function serve(nodeAnswer: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const { operationName } = JSON.parse(String(init?.body)) as { operationName: string };
      if (operationName === 'PhotoGallery') return json({ data: { gallery } });
      if (operationName === 'PhotoSequence') return json({ data: { gallery: sequence } });
      if (operationName === 'PhotoNode') return json(nodeAnswer);
      throw new Error(`unexpected operation ${operationName}`);
    }),
  );
}

function renderPhoto(photoId: string) {
  const router = createMemoryRouter([{ path: '/:galleryId/photos/:photoId', element: <PhotoPage /> }], {
    initialEntries: [`/gala-2026/photos/${photoId}`],
  });
  return render(
    <ApolloProvider client={createApolloClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </ApolloProvider>,
  );
}

describe('PhotoPage, an unknown photo', () => {
  it('says it is not found once: in the viewer, without a toast', async () => {
    serve({ data: { node: null }, errors: [{ message: 'Élément introuvable.', path: ['node'], extensions: { code: 'not_found' } }] });
    renderPhoto('pho_unknown');
    expect(await screen.findByText('Cette photo est introuvable.')).toBeTruthy();
    // Give the error link its turn: a toast would have been drawn by now.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryAllByText(/introuvable/i)).toHaveLength(1);
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });

  it('still toasts other failures of the photo', async () => {
    serve({ data: { node: null }, errors: [{ message: 'Erreur interne du serveur.', path: ['node'], extensions: { code: 'internal' } }] });
    renderPhoto('pho_1');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Erreur interne du serveur.'));
  });
});
