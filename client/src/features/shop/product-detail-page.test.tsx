import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createCache } from '../../lib/apollo-cache';
import { ProductDetailPage } from './product-detail-page';
import { shopGalleryMock, shopPhotosMock } from './shop-fixtures';

function renderDetail(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/:galleryId/products/:productId', element: <ProductDetailPage /> },
      { path: '/:galleryId/photos/:photoId/:categoryId', element: <p>Personnalisation</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <MockedProvider mocks={[shopGalleryMock(), shopPhotosMock(3)]} cache={createCache()}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return router;
}

describe('ProductDetailPage', () => {
  it('lists the family’s formats with their prices and leads to the customization of the chosen photo and format', async () => {
    const router = renderDetail('/gala/products/fam_classic');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tirages classiques' })).toBeTruthy();
    const formats = screen.getByRole('group', { name: 'Format' });
    expect(within(formats).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['fmt_13x18', 'fmt_20x30']);
    expect(within(formats).getByText('6,90 €')).toBeTruthy();

    const next = screen.getByRole('button', { name: 'Personnaliser' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Photo IMG_ph2.jpg' }));
    fireEvent.click(within(formats).getByRole('radio', { name: /20x30/ }));
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/gala/photos/ph2/cat_prints'));
    expect(router.state.location.search).toBe('?format=fmt_20x30');
  });

  it('comes with the photo ordered from the photo view already chosen', async () => {
    renderDetail('/gala/products/fam_classic?photoId=ph3');
    expect((await screen.findByRole('button', { name: 'Photo IMG_ph3.jpg' })).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByRole('button', { name: 'Personnaliser' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('does not sell a family whose formats are sold only in packs', async () => {
    renderDetail('/gala/products/fam_packonly');
    expect(await screen.findByRole('heading', { name: 'Produit introuvable' })).toBeTruthy();
  });
});
