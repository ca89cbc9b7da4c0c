import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createCache } from '../../lib/apollo-cache';
import { notifications } from '../../lib/notification-store';
import { AlbumPhotosQuery, RemoveFromAlbumMutation, SendAlbumMutation } from './album-documents';
import { album, albumPayload, albumQueryMock } from './album-fixtures';
import { AlbumButton } from './album-panel';

afterEach(() => notifications.clear());

function photosMock(ids: string[]): MockLink.MockedResponse {
  return {
    request: { query: AlbumPhotosQuery, variables: { url: 'julie' } },
    result: {
      data: {
        gallery: {
          __typename: 'Gallery',
          id: 'gal_1',
          albumSelection: {
            __typename: 'AlbumSelection',
            photoIds: ids,
            photos: {
              __typename: 'PhotoConnection',
              edges: ids.map((id) => ({ __typename: 'PhotoEdge', node: { __typename: 'Photo', id, filename: `${id}.jpg`, urls: { __typename: 'PhotoUrls', thumbnail: `/t/${id}` } } })),
            },
          },
        },
      },
    },
  };
}

function setup(mocks: MockLink.MockedResponse[]) {
  const router = createMemoryRouter([{ path: '/:galleryId', element: <AlbumButton /> }], { initialEntries: ['/julie'] });
  render(
    <MockedProvider mocks={mocks} cache={createCache()}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
}

const three = ['pho_1', 'pho_2', 'pho_3'];

describe('AlbumButton', () => {
  it('shows the refusal to send an album over its maximum, then sends it once a photo is out', async () => {
    setup([
      albumQueryMock(album(three)),
      photosMock(three),
      {
        request: { query: SendAlbumMutation, variables: { input: { galleryId: 'gal_1' } } },
        result: {
          data: {
            sendAlbum: albumPayload(null, [{ code: 'album_too_many', message: 'Votre album contient 1 photos de trop : retirez-en 1 avant de l’envoyer.' }]),
          },
        },
      },
      {
        request: { query: RemoveFromAlbumMutation, variables: { input: { galleryId: 'gal_1', photoIds: ['pho_1'] } } },
        result: { data: { removeFromAlbum: albumPayload(album(['pho_2', 'pho_3'])) } },
      },
      {
        request: { query: SendAlbumMutation, variables: { input: { galleryId: 'gal_1' } } },
        result: { data: { sendAlbum: albumPayload(album(['pho_2', 'pho_3'], { state: 'sent', sentAt: '2026-06-01T10:00:00Z' })) } },
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Album (3 / 2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Votre album' });
    expect(within(dialog).getByText('3 / 2 photos')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(3));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer l’album au photographe' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Votre album contient 1 photos de trop : retirez-en 1 avant de l’envoyer.');

    fireEvent.click(within(within(dialog).getAllByRole('listitem')[0]).getByRole('button', { name: 'Retirer de l’album' }));
    await waitFor(() => expect(within(dialog).getByText('2 / 2 photos')).toBeTruthy());
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    expect(within(dialog).queryByRole('alert')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer l’album au photographe' }));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Envoyer l’album au photographe' })).toBeNull());
    expect(within(dialog).getByRole('status').textContent).toMatch(/^Album envoyé le /);
    expect(notifications.getSnapshot()[0]).toMatchObject({ type: 'success', message: 'Votre album a été envoyé au photographe.' });
  });

  it('shows nothing without an album', async () => {
    setup([albumQueryMock(null)]);
    await new Promise((r) => setTimeout(r, 30));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
