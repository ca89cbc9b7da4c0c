import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createCache } from '../../lib/apollo-cache';
import { notifications } from '../../lib/notification-store';
import { DeleteSelectionMutation, RemoveFromSelectionMutation } from './selection-documents';
import { GALLERY_ID, payload, selection } from './selection-fixtures';
import { SelectionGalleryQuery, SelectionPage, SelectionPageQuery } from './selection-page';

afterEach(() => notifications.clear());

const galleryMock: MockLink.MockedResponse = {
  request: { query: SelectionGalleryQuery, variables: { url: 'gala' } },
  result: { data: { gallery: { __typename: 'Gallery', id: GALLERY_ID } } },
};

function photo(id: string) {
  return { __typename: 'Photo' as const, id, filename: `${id}.jpg`, dominantColor: '#ccc', urls: { __typename: 'PhotoUrls' as const, thumbnail: `/t/${id}.jpg` } };
}

function pageMock(id: string, sel: ReturnType<typeof selection> | null, code?: string): MockLink.MockedResponse {
  return {
    request: { query: SelectionPageQuery, variables: { galleryId: GALLERY_ID, id } },
    result: sel
      ? {
          data: {
            mySelection: {
              ...sel,
              photos: { __typename: 'PhotoConnection', edges: sel.photoIds.map((p) => ({ __typename: 'PhotoEdge', node: photo(p) })) },
            },
          },
        }
      : { data: null, errors: [{ message: 'Sélection introuvable', extensions: { code } }] },
  };
}

function setup(path: string, mocks: MockLink.MockedResponse[]) {
  const router = createMemoryRouter(
    [
      { path: '/:galleryId/selections/:selectionId', element: <SelectionPage /> },
      { path: '/:galleryId', element: <p>Accueil</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <MockedProvider mocks={mocks} cache={createCache()}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return router;
}

const named = selection({ id: 'sel_2', name: 'Album', isFavorites: false, photoIds: ['pho_1', 'pho_2'] });

describe('SelectionPage', () => {
  it('lists the photos and takes one out', async () => {
    setup('/gala/selections/sel_2', [
      galleryMock,
      pageMock('sel_2', named),
      {
        request: { query: RemoveFromSelectionMutation, variables: { input: { galleryId: GALLERY_ID, selectionId: 'sel_2', photoIds: ['pho_1'] } } },
        result: { data: { removeFromSelection: payload({ ...named, photoIds: ['pho_2'] }) } },
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Album' })).toBeTruthy();
    expect(screen.getByText('2 photos')).toBeTruthy();
    const cells = () => screen.getAllByRole('listitem');
    expect(cells()).toHaveLength(2);
    fireEvent.click(within(cells()[0]).getByRole('button', { name: 'Retirer de la sélection' }));
    await waitFor(() => expect(cells()).toHaveLength(1));
    expect(cells()[0].getAttribute('data-photo-id')).toBe('pho_2');
    expect(screen.getByText('1 photo')).toBeTruthy();
  });

  it('names the favourites and offers no delete for them', async () => {
    setup('/gala/selections/favorites', [galleryMock, pageMock('favorites', selection({ photoIds: ['pho_1'] }))]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Favoris' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Supprimer la sélection' })).toBeNull();
  });

  it('says « Sélection introuvable » for an unknown id', async () => {
    setup('/gala/selections/sel_x', [galleryMock, pageMock('sel_x', null, 'selection_not_found')]);
    expect(await screen.findByRole('heading', { name: 'Sélection introuvable' })).toBeTruthy();
  });

  it('deletes a named selection after confirmation and goes back to the gallery', async () => {
    const router = setup('/gala/selections/sel_2', [
      galleryMock,
      pageMock('sel_2', named),
      {
        request: { query: DeleteSelectionMutation, variables: { input: { galleryId: GALLERY_ID, selectionId: 'sel_2' } } },
        result: { data: { deleteSelection: { __typename: 'DeleteSelectionPayload', deletedSelectionId: 'sel_2', userErrors: [] } } },
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer la sélection' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer la sélection' });
    expect(within(dialog).getByText('Supprimer la sélection « Album » ? Les photos restent dans la galerie.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gala'));
    expect(notifications.getSnapshot()[0]?.message).toBe('La sélection « Album » a été supprimée.');
  });
});
