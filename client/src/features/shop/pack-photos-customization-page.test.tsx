import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createCache } from '../../lib/apollo-cache';
import { ConfigureOngoingPackMutation } from '../../lib/cart/cart-documents';
import { cart, cartFormat, cartMock, GALLERY_ID, galleryIdMock, packFormat, packInstance, packPhoto, payload } from '../../lib/cart/cart-fixtures';
import { notifications } from '../../lib/notification-store';
import { PackPhotosCustomizationPage } from './pack-photos-customization-page';
import { shopGalleryMock, shopPhotoMock } from './shop-fixtures';

afterEach(() => notifications.clear());

describe('PackPhotosCustomizationPage', () => {
  it('sets the finish, border and crop of each photo of a pack format and saves them', async () => {
    const pack = packInstance({ formats: [packFormat(cartFormat('fmt_13x18', '13x18'), 3, 3, [packPhoto('ph1', 1, { finish: 'mat' }), packPhoto('ph2', 2)])] });
    const router = createMemoryRouter(
      [
        { path: '/:galleryId/packs/:packId/configuration/:packInstanceId/:formatId/customization', element: <PackPhotosCustomizationPage /> },
        { path: '/:galleryId/packs/:packId/configuration/:packInstanceId', element: <p>Configuration</p> },
      ],
      { initialEntries: ['/gala/packs/pk_souvenir/configuration/pki_1/fmt_13x18/customization'] },
    );
    render(
      <MockedProvider
        cache={createCache()}
        mocks={[
          galleryIdMock(),
          cartMock(cart({ ongoingPacks: [pack] })),
          shopGalleryMock(),
          shopPhotoMock('ph1'),
          shopPhotoMock('ph2'),
          {
            request: {
              query: ConfigureOngoingPackMutation,
              variables: {
                input: {
                  galleryId: GALLERY_ID,
                  packInstanceId: 'pki_1',
                  formats: [
                    {
                      formatId: 'fmt_13x18',
                      photos: [
                        { photoId: 'ph1', quantity: 1, finish: 'mat', border: 'white' },
                        { photoId: 'ph2', quantity: 2, finish: 'glossy', border: 'none', crop: { x: 171, y: 0, width: 5538, height: 4000 } },
                      ],
                    },
                  ],
                },
              },
            },
            result: { data: { configureOngoingPack: payload(cart({ ongoingPacks: [pack] })) } },
          },
        ]}
      >
        <RouterProvider router={router} />
      </MockedProvider>,
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Personnalisez vos tirages 13x18' })).toBeTruthy();
    expect(screen.getByText('Photo 1 sur 2 : IMG_ph1.jpg')).toBeTruthy();
    // The first photo keeps the finish chosen before; the white-margin warning applies to its ratio.
    expect((screen.getByRole('radio', { name: 'Mat' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/des marges blanches apparaîtront/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Bord blanc' }));

    fireEvent.click(screen.getByRole('button', { name: 'Photo suivante' }));
    expect(screen.getByText('Photo 2 sur 2 : IMG_ph2.jpg')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Brillant' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Recadrer la photo' }));
    const box = screen.getByRole('group', { name: 'Cadre du tirage' });
    expect(box.getAttribute('data-crop')).toBe('231,0,5538,4000');
    fireEvent.keyDown(box, { key: 'ArrowLeft' });

    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gala/packs/pk_souvenir/configuration/pki_1'));
    expect(notifications.getSnapshot().map((n) => n.message)).toContain('Vos photos ont été enregistrées.');
  });
});
