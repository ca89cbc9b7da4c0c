import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createCache } from '../../lib/apollo-cache';
import { ProductsPage } from './products-page';
import { shopGalleryMock } from './shop-fixtures';

function renderProducts(path: string, mocks: MockLink.MockedResponse[]) {
  const router = createMemoryRouter([{ path: '/:galleryId/products', element: <ProductsPage /> }], { initialEntries: [path] });
  render(
    <MockedProvider mocks={mocks} cache={createCache()}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
}

describe('ProductsPage', () => {
  it('lists the products by section with their lowest price, without the formats sold only in packs', async () => {
    renderProducts('/gala/products', [shopGalleryMock()]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Boutique' })).toBeTruthy();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Tirages photo', 'Papiers d’art', 'Décoration murale', 'Fichiers numériques', 'Packs']);

    const prints = screen.getByRole('region', { name: 'Tirages photo' });
    const cards = within(prints).getAllByRole('listitem');
    expect(cards).toHaveLength(1); // the pack-only family is not sold here
    const classic = cards[0];
    expect(within(classic).getByRole('heading', { name: 'Tirages classiques' })).toBeTruthy();
    expect(within(classic).getByText('Papier photo professionnel.')).toBeTruthy();
    expect(within(classic).getByText('13x18 · 20x30')).toBeTruthy(); // not the 10x15 of the packs
    expect(within(classic).getByText('à partir de 2,50 €')).toBeTruthy();
    expect(within(classic).getByRole('link', { name: 'Choisir : Tirages classiques' }).getAttribute('href')).toBe('/gala/products/fam_classic');
    expect(screen.queryByText('Tirages des packs')).toBeNull();

    expect(within(screen.getByRole('region', { name: 'Papiers d’art' })).getByText('à partir de 24 €')).toBeTruthy();
    const digital = screen.getByRole('region', { name: 'Fichiers numériques' });
    expect(within(digital).getByText('à partir de 5 €')).toBeTruthy();
    expect(within(digital).getByRole('link', { name: 'Choisir : Fichiers' }).getAttribute('href')).toBe('/gala/products/downloads');
    expect(screen.getByRole('link', { name: 'Voir les packs' }).getAttribute('href')).toBe('/gala/packs');
  });

  it('leads from the photo view straight to the customization of that photo, its files one tap away (issue 20)', async () => {
    renderProducts('/gala/products?photoId=ph7', [shopGalleryMock([])]);
    expect(await screen.findByText('Choisissez un produit pour la photo sélectionnée.')).toBeTruthy();
    // No photo to pick again: the product opens its formats for ph7, the first one chosen.
    expect(screen.getByRole('link', { name: 'Choisir : Tirages classiques' }).getAttribute('href')).toBe('/gala/photos/ph7/cat_prints?format=fmt_13x18');
    expect(screen.getByRole('link', { name: 'Choisir : Fichiers' }).getAttribute('href')).toBe('/gala/photos/ph7/cat_digital');
    const quick = screen.getByRole('region', { name: 'Cette photo en fichier numérique' });
    expect(within(quick).getByRole('button', { name: /^Fichier web – 5\s€$/ })).toBeTruthy();
    expect(within(quick).getByRole('button', { name: /^Fichier HD – 12\s€$/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Voir les packs' })).toBeNull();
  });
});
