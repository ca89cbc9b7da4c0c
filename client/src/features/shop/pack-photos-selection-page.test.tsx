import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createCache } from '../../lib/apollo-cache';
import { ConfigureOngoingPackMutation } from '../../lib/cart/cart-documents';
import { cart, cartFormat, cartMock, GALLERY_ID, galleryIdMock, packFormat, packInstance, packPhoto, payload } from '../../lib/cart/cart-fixtures';
import { PackPhotosSelectionPage } from './pack-photos-selection-page';
import { shopGalleryMock, shopPhotosMock } from './shop-fixtures';

const pack = packInstance({ formats: [packFormat(cartFormat('fmt_13x18', '13x18'), 3, 3, [packPhoto('ph1', 1, { finish: 'mat' })])] });

function renderSelection(formatId: string, mocks: MockLink.MockedResponse[]) {
  const base = '/gala/packs/pk_souvenir/configuration/pki_1';
  const router = createMemoryRouter(
    [
      { path: '/:galleryId/packs/:packId/configuration/:packInstanceId/:formatId', element: <PackPhotosSelectionPage /> },
      { path: '/:galleryId/packs/:packId/configuration/:packInstanceId/:formatId/customization', element: <p>Personnalisation</p> },
      { path: '/:galleryId/packs/:packId/configuration/:packInstanceId', element: <p>Configuration</p> },
    ],
    { initialEntries: [`${base}/${formatId}`] },
  );
  render(
    <MockedProvider mocks={[galleryIdMock(), cartMock(cart({ ongoingPacks: [pack] })), shopGalleryMock(), shopPhotosMock(4), ...mocks]} cache={createCache()}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return router;
}

function configureMock(input: Record<string, unknown>): MockLink.MockedResponse {
  return {
    request: { query: ConfigureOngoingPackMutation, variables: { input: { galleryId: GALLERY_ID, packInstanceId: 'pki_1', ...input } } },
    result: { data: { configureOngoingPack: payload(cart({ ongoingPacks: [pack] })) } },
  };
}

const photoButton = (n: number) => screen.getByRole('button', { name: `Photo IMG_ph${n}.jpg` });

describe('PackPhotosSelectionPage', () => {
  it('chooses one photo per digital file (quantity 1) and sends them as digitalFiles', async () => {
    const router = renderSelection('fmt_hd', [configureMock({ digitalFiles: [{ formatId: 'fmt_hd', photos: [{ photoId: 'ph2', quantity: 1 }] }] })]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fichier HD' })).toBeTruthy();
    await screen.findByRole('button', { name: 'Photo IMG_ph2.jpg' });
    fireEvent.click(photoButton(2));
    expect(photoButton(2).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('1 fichier choisi sur 1')).toBeTruthy();
    // The file is taken: no other photo, and no quantity to set.
    expect((photoButton(3) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('spinbutton')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gala/packs/pk_souvenir/configuration/pki_1'));
  });

  it('chooses prints with quantities within the format, keeps the options of those already chosen, then opens their customization', async () => {
    const router = renderSelection('fmt_13x18', [
      configureMock({
        formats: [
          {
            formatId: 'fmt_13x18',
            photos: [
              { photoId: 'ph1', quantity: 1, finish: 'mat' },
              { photoId: 'ph2', quantity: 2 },
            ],
          },
        ],
      }),
    ]);
    await screen.findByRole('button', { name: 'Photo IMG_ph2.jpg' });
    expect(photoButton(1).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('1 tirage choisi sur 3')).toBeTruthy();
    fireEvent.click(photoButton(2));
    fireEvent.click(screen.getByRole('button', { name: 'Augmenter la quantité (IMG_ph2.jpg)' }));
    expect(screen.getByText('3 tirages choisis sur 3')).toBeTruthy();
    expect((photoButton(3) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Augmenter la quantité (IMG_ph2.jpg)' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer et personnaliser' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gala/packs/pk_souvenir/configuration/pki_1/fmt_13x18/customization'));
  });
});
