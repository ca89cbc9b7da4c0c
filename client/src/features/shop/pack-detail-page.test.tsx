import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createCache } from '../../lib/apollo-cache';
import { CreateOngoingPackMutation } from '../../lib/cart/cart-documents';
import { cart, cartMock, GALLERY_ID, packInstance, payload } from '../../lib/cart/cart-fixtures';
import { PackDetailPage } from './pack-detail-page';
import { PacksPage } from './packs-page';
import { shopGalleryMock } from './shop-fixtures';

function renderAt(path: string, mocks: MockLink.MockedResponse[]) {
  const router = createMemoryRouter(
    [
      { path: '/:galleryId/packs', element: <PacksPage /> },
      { path: '/:galleryId/packs/:packId', element: <PackDetailPage /> },
      { path: '/:galleryId/packs/:packId/configuration/:packInstanceId', element: <p>Configuration</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <MockedProvider mocks={[shopGalleryMock(), ...mocks]} cache={createCache()}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return router;
}

describe('PacksPage', () => {
  it('lists the packs with their offer, contents and price', async () => {
    renderAt('/gala/packs', []);
    const card = (await screen.findByRole('link', { name: 'Pack Souvenir' })).closest('li')!;
    // The default offer type, « Gratuit », is not put on a 29 € pack (issue 20).
    expect(within(card).queryByText('Gratuit')).toBeNull();
    expect(within(card).getByText('3 × tirage 13x18')).toBeTruthy();
    expect(within(card).getByText('1 × Fichier HD')).toBeTruthy();
    expect(within(card).getByText('Livraison offerte : Belgique, France')).toBeTruthy();
    expect(within(card).getByText('29 €')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Découvrir le Pack Souvenir' }).getAttribute('href')).toBe('/gala/packs/pk_souvenir');
  });
});

describe('PackDetailPage', () => {
  it('starts composing the pack and opens the configuration of the new one', async () => {
    const earlier = packInstance({ id: 'ci_1', packInstanceId: 'pki_old' });
    const router = renderAt('/gala/packs/pk_souvenir', [
      cartMock(cart({ ongoingPacks: [earlier] })),
      {
        request: { query: CreateOngoingPackMutation, variables: { input: { galleryId: GALLERY_ID, packId: 'pk_souvenir' } } },
        result: {
          data: {
            createOngoingPack: payload(
              cart({ ongoingPacks: [earlier, packInstance({ id: 'ci_other', packInstanceId: 'pki_other', packId: 'pk_other' }), packInstance({ id: 'ci_2', packInstanceId: 'pki_new' })] }),
            ),
          },
        },
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pack Souvenir' })).toBeTruthy();
    expect(screen.getByText('Haute définition, pour imprimer', { exact: false })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Reprendre le pack n° 1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Composer ce pack' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gala/packs/pk_souvenir/configuration/pki_new'));
  });

  it('says so for an unknown pack', async () => {
    renderAt('/gala/packs/pk_nope', [cartMock(cart())]);
    expect(await screen.findByRole('heading', { name: 'Pack introuvable' })).toBeTruthy();
  });
});
