import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createCache } from '../../lib/apollo-cache';
import { AddAllGalleryMutation } from '../../lib/cart/cart-documents';
import { cart, cartMock, digitalItem, GALLERY_ID, money, payload } from '../../lib/cart/cart-fixtures';
import { notifications } from '../../lib/notification-store';
import { DownloadsPage } from './downloads-page';
import { shopDownloadsMock } from './shop-fixtures';

afterEach(() => notifications.clear());

describe('DownloadsPage', () => {
  it('sells a photo’s file, and the whole gallery where offered, replacing the single files', async () => {
    const router = createMemoryRouter([{ path: '/:galleryId/products/downloads', element: <DownloadsPage /> }], { initialEntries: ['/gala/products/downloads'] });
    const wholeGallery = { __typename: 'CartAllGalleryItem', id: 'ci_all', format: { __typename: 'Format', id: 'fmt_hd', name: 'Fichier HD', digitalQuality: 'hd' }, price: money('49.00'), photoCount: 120 };
    render(
      <MockedProvider
        cache={createCache()}
        mocks={[
          shopDownloadsMock('Les fichiers sont livrés sans filigrane.'),
          cartMock(cart({ photos: [digitalItem({ photoId: 'ph1' }), digitalItem({ id: 'ci_f2', photoId: 'ph2' })] })),
          {
            request: { query: AddAllGalleryMutation, variables: { input: { galleryId: GALLERY_ID, formatId: 'fmt_hd' } } },
            result: { data: { addAllGallery: payload(cart({ photos: [], allDigitalFileFormats: [wholeGallery] })) } },
          },
        ]}
      >
        <RouterProvider router={router} />
      </MockedProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Fichiers numériques' })).toBeTruthy();
    expect(screen.getByText('Les fichiers sont livrés sans filigrane.')).toBeTruthy();

    const web = screen.getByRole('heading', { name: 'Fichier web' }).closest('li')!;
    expect(within(web).getByText('5 €')).toBeTruthy();
    expect(within(web).getByRole('link', { name: 'Choisir une photo (Fichier web)' }).getAttribute('href')).toBe('/gala/products/fam_files');
    expect(within(web).queryByRole('button', { name: /Ajouter toute la galerie/ })).toBeNull();

    const hd = screen.getByRole('heading', { name: 'Fichier HD' }).closest('li')!;
    expect(within(hd).getByText('12 €')).toBeTruthy();
    expect(within(hd).getByText('49 €')).toBeTruthy();
    expect(
      await within(hd).findByText('Toutes les photos de la galerie dans ce format. Les 2 fichiers de ce format déjà dans votre panier seront remplacés.'),
    ).toBeTruthy();
    fireEvent.click(within(hd).getByRole('button', { name: 'Ajouter toute la galerie (Fichier HD)' }));
    expect(await within(hd).findByText('Toute la galerie est dans votre panier dans ce format.')).toBeTruthy();
    await waitFor(() => expect(notifications.getSnapshot().map((n) => n.message)).toContain('Toute la galerie a été ajoutée à votre panier.'));
  });
});
