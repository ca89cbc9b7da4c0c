import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createCache } from '../../lib/apollo-cache';
import { notifications } from '../../lib/notification-store';
import { AddToAlbumMutation } from './album-documents';
import { album, albumPayload, albumQueryMock } from './album-fixtures';
import { AlbumToggle, withPhoto } from './album-toggle';

afterEach(() => notifications.clear());

function setup(mocks: MockLink.MockedResponse[]) {
  const router = createMemoryRouter([{ path: '/:galleryId/photos/:photoId', element: <AlbumToggle photoId="pho_3" /> }], { initialEntries: ['/julie/photos/pho_3'] });
  render(
    <MockedProvider mocks={mocks} cache={createCache()}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
}

const addMock = (answer: MockLink.MockedResponse['result'] | undefined, error?: Error): MockLink.MockedResponse => ({
  request: { query: AddToAlbumMutation, variables: { input: { galleryId: 'gal_1', photoIds: ['pho_3'] } } },
  delay: 30,
  ...(error ? { error } : { result: answer }),
});

describe('withPhoto', () => {
  it('counts the excess over maxPhotos', () => {
    expect(withPhoto(album(['a', 'b']), 'c', true)).toMatchObject({ photoIds: ['a', 'b', 'c'], photoCount: 3, excess: 1 });
    expect(withPhoto(album(['a', 'b', 'c']), 'a', false)).toMatchObject({ photoIds: ['b', 'c'], photoCount: 2, excess: 0 });
  });
});

describe('AlbumToggle', () => {
  it('shows nothing without an album (visitors, galleries without one)', async () => {
    setup([albumQueryMock(null)]);
    await new Promise((r) => setTimeout(r, 30));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('adds the photo at once and keeps it', async () => {
    setup([albumQueryMock(album(['pho_1'])), addMock({ data: { addToAlbum: albumPayload(album(['pho_1', 'pho_3'])) } })]);
    const button = await screen.findByRole('button', { name: 'Ajouter à l’album' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    await new Promise((r) => setTimeout(r, 60));
    expect(button.getAttribute('aria-pressed')).toBe('true');
  });

  it('rolls back when the call fails', async () => {
    setup([albumQueryMock(album(['pho_1'])), addMock(undefined, new Error('Failed'))]);
    const button = await screen.findByRole('button', { name: 'Ajouter à l’album' });
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
  });

  it('is locked once the album is sent', async () => {
    setup([albumQueryMock(album(['pho_3'], { state: 'sent', sentAt: '2026-06-01T10:00:00Z' }))]);
    const button = await screen.findByRole('button', { name: 'Ajouter à l’album' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-pressed')).toBe('true');
  });
});
