import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createCache } from '../../lib/apollo-cache';
import { notifications } from '../../lib/notification-store';
import { AddToSelectionButton } from './add-to-selection-button';
import { AddToSelectionMutation, MySelectionsQuery } from './selection-documents';
import { GALLERY_ID, payload, selection } from './selection-fixtures';

afterEach(() => notifications.clear());

describe('AddToSelectionButton', () => {
  it('lists the named selections and adds the photo to the chosen one', async () => {
    const album = selection({ id: 'sel_2', name: 'Album', isFavorites: false, photoIds: ['pho_9'] });
    const done = selection({ id: 'sel_3', name: 'Déjà', isFavorites: false, photoIds: ['pho_1'] });
    render(
      <MockedProvider
        cache={createCache()}
        mocks={[
          { request: { query: MySelectionsQuery, variables: { galleryId: GALLERY_ID } }, result: { data: { mySelections: [selection(), album, done] } } },
          {
            request: { query: AddToSelectionMutation, variables: { input: { galleryId: GALLERY_ID, selectionId: 'sel_2', photoIds: ['pho_1'] } } },
            result: { data: { addToSelection: payload({ ...album, photoIds: ['pho_9', 'pho_1'] }) } },
          },
        ]}
      >
        <AddToSelectionButton galleryId={GALLERY_ID} photoId="pho_1" />
      </MockedProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter à une sélection' }));
    const dialog = screen.getByRole('dialog', { name: 'Ajouter à une sélection' });
    const albumButton = await within(dialog).findByRole('button', { name: /Album\s*1 photo/ });
    expect(within(dialog).queryByRole('button', { name: /Favoris/ })).toBeNull();
    expect((within(dialog).getByRole('button', { name: /Déjà\s*Déjà dedans/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(albumButton);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notifications.getSnapshot()[0]).toMatchObject({ type: 'success', message: 'Photo ajoutée à « Album ».' });
  });
});
