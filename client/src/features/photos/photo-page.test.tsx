import { ApolloProvider } from '@apollo/client/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../lib/apollo-client';
import { takeReturnFocus } from '../../lib/return-focus';
import { notifications } from '../../lib/notification-store';
import { Toaster } from '../../components/ui/toaster';
import { PhotoPage, SLIDE_MS } from './photo-page';

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

describe('PhotoPage, opened from a collection', () => {
  it('moves through that collection alone: the sequence asks for its photos', async () => {
    const sent: Array<Record<string, unknown>> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        const { operationName, variables } = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
        if (operationName === 'PhotoGallery') return json({ data: { gallery } });
        if (operationName === 'PhotoSequence') {
          sent.push(variables);
          return json({ data: { gallery: sequence } });
        }
        if (operationName === 'PhotoNode') return json({ data: { node: null } });
        throw new Error(`unexpected operation ${operationName}`);
      }),
    );
    const router = createMemoryRouter([{ path: '/:galleryId/photos/:photoId', element: <PhotoPage /> }], {
      initialEntries: [{ pathname: '/gala-2026/photos/pho_1', state: { fromGallery: true, grid: 'photos', collection: 'Spectacle' } }],
    });
    render(
      <ApolloProvider client={createApolloClient()}>
        <RouterProvider router={router} />
      </ApolloProvider>,
    );
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ url: 'gala-2026', first: 100, collection: 'Spectacle' });
  });

  it('moves through the whole gallery otherwise', async () => {
    const sent: Array<Record<string, unknown>> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        const { operationName, variables } = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
        if (operationName === 'PhotoSequence') sent.push(variables);
        if (operationName === 'PhotoGallery') return json({ data: { gallery } });
        if (operationName === 'PhotoSequence') return json({ data: { gallery: sequence } });
        return json({ data: { node: null } });
      }),
    );
    renderPhoto('pho_1');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).not.toHaveProperty('collection');
  });
});

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

describe('PhotoPage, the slideshow and the free download', () => {
  const three = {
    ...sequence,
    photos: {
      ...sequence.photos,
      totalCount: 3,
      edges: ['pho_1', 'pho_2', 'pho_3'].map((id, i) => ({ __typename: 'PhotoEdge', cursor: `c${i + 1}`, node: { __typename: 'Photo', id } })),
      pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: 'c3' },
    },
  };
  const node = (id: string) => ({
    __typename: 'Photo',
    id,
    filename: `${id}.jpg`,
    width: 1200,
    height: 800,
    dominantColor: '#336699',
    urls: {
      __typename: 'PhotoUrls',
      viewer: `/media/photos/${id}/h/1200.jpg`,
      srcSet: `/media/photos/${id}/h/320.jpg 320w, /media/photos/${id}/h/1200.jpg 1200w`,
      original: `/media/photos/${id}/h/original`,
      webDownload: `/media/photos/${id}/h/1200.jpg?download=1`,
    },
  });
  function serveGallery(downloads: { freeDownload: boolean; qualities: string[] }) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        const { operationName, variables } = JSON.parse(String(init?.body)) as { operationName: string; variables: { photoId?: string } };
        if (operationName === 'PhotoGallery') return json({ data: { gallery: { ...gallery, downloadInformation: { ...gallery.downloadInformation, ...downloads } } } });
        if (operationName === 'PhotoSequence') return json({ data: { gallery: three } });
        if (operationName === 'PhotoNode') return json({ data: { node: node(variables.photoId ?? '') } });
        throw new Error(`unexpected operation ${operationName}`);
      }),
    );
  }
  const position = () => screen.getByText(/sur 3$/).textContent;

  it('moves on every few seconds, stops after the last photo, and Escape stops it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      serveGallery({ freeDownload: false, qualities: [] });
      renderPhoto('pho_1');
      const play = await screen.findByRole('button', { name: 'Lancer le diaporama' });
      await waitFor(() => expect(position()).toBe('1 sur 3'));
      fireEvent.click(play);
      expect(screen.getByRole('button', { name: 'Mettre le diaporama en pause' }).getAttribute('aria-pressed')).toBe('true');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(SLIDE_MS + 50);
      });
      await waitFor(() => expect(position()).toBe('2 sur 3'));
      // Escape stops it and leaves the viewer open.
      fireEvent.keyDown(window, { key: 'Escape' });
      await screen.findByRole('button', { name: 'Lancer le diaporama' });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3 * SLIDE_MS);
      });
      expect(position()).toBe('2 sur 3');
      // Played again, it shows the last photo and stops there.
      fireEvent.click(screen.getByRole('button', { name: 'Lancer le diaporama' }));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(SLIDE_MS + 50);
      });
      await waitFor(() => expect(position()).toBe('3 sur 3'));
      await screen.findByRole('button', { name: 'Lancer le diaporama' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives the grid, once closed, the last photo it showed', async () => {
    serveGallery({ freeDownload: false, qualities: [] });
    const view = renderPhoto('pho_1');
    await waitFor(() => expect(position()).toBe('1 sur 3'));
    fireEvent.click(screen.getByRole('button', { name: 'Photo suivante' }));
    await waitFor(() => expect(position()).toBe('2 sur 3'));
    view.unmount();
    expect(takeReturnFocus('photos', ['pho_1', 'pho_2', 'pho_3'])).toBe('pho_2');
  });

  it('offers the HD original in one tap where the gallery gives HD files', async () => {
    serveGallery({ freeDownload: true, qualities: ['web', 'hd'] });
    renderPhoto('pho_2');
    const link = await screen.findByRole('link', { name: 'Télécharger cette photo en haute définition' });
    expect(link.getAttribute('href')).toBe('/media/photos/pho_2/h/original');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('offers the web file where only web files are free, nothing where none is', async () => {
    serveGallery({ freeDownload: true, qualities: ['web'] });
    const { unmount } = renderPhoto('pho_2');
    expect((await screen.findByRole('link', { name: 'Télécharger cette photo (format web)' })).getAttribute('href')).toBe('/media/photos/pho_2/h/1200.jpg?download=1');
    unmount();
    serveGallery({ freeDownload: false, qualities: ['web', 'hd'] });
    renderPhoto('pho_2');
    await screen.findByRole('link', { name: 'Commander' });
    expect(screen.queryByRole('link', { name: /Télécharger/ })).toBeNull();
  });
});
