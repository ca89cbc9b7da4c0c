import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ReadOnlyContext } from '../../lib/read-only';
import { createCache } from '../../lib/apollo-cache';
import { AddDigitalFileMutation, SetPrintMutation } from '../../lib/cart/cart-documents';
import { cart, cartCountMock, cartMock, crop, digitalItem, GALLERY_ID, galleryIdMock, payload, printItem, userError } from '../../lib/cart/cart-fixtures';
import { notifications } from '../../lib/notification-store';
import { PhotoCustomizationPage } from './photo-customization-page';
import { photoProduct, photoProductsMock, shopPhotoMock } from './shop-fixtures';

afterEach(() => notifications.clear());

/** The photo's products: 13x18 (white margins allowed), 20x30, a fine-art paper that must be cropped, and the files. */
const products = photoProductsMock('ph1', [
  photoProduct('fmt_20x30'),
  photoProduct('fmt_13x18', { whiteMargin: 'warning', defaultCrop: { x: 231, y: 0, width: 5538, height: 4000 } }),
  photoProduct('fmt_fineart', { whiteMargin: 'crop_required', finishes: ['mat'], borders: ['none'], defaultCrop: { x: 171, y: 0, width: 5657, height: 4000 } }),
  photoProduct('fmt_web'),
  photoProduct('fmt_hd'),
]);

function renderAt(path: string, mocks: MockLink.MockedResponse[], readOnly = false, size?: { width: number; height: number }) {
  const router = createMemoryRouter(
    [
      { path: '/:galleryId/photos/:photoId/:categoryId', element: <PhotoCustomizationPage /> },
      { path: '/:galleryId/photos/:photoId/edit/:cartItemId', element: <PhotoCustomizationPage edit /> },
      { path: '/:galleryId/cart', element: <p>Panier</p> },
      { path: '/:galleryId/*', element: <p>autre page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <ReadOnlyContext.Provider value={readOnly}>
      <MockedProvider mocks={[galleryIdMock(), cartCountMock(), shopPhotoMock('ph1', size), products, ...mocks]} cache={createCache()}>
        <RouterProvider router={router} />
      </MockedProvider>
    </ReadOnlyContext.Provider>,
  );
  return router;
}

function setPrintMock(input: Record<string, unknown>, answer: ReturnType<typeof payload>): MockLink.MockedResponse {
  return { request: { query: SetPrintMutation, variables: { input: { galleryId: GALLERY_ID, photoId: 'ph1', ...input } } }, result: { data: { setPrint: answer } } };
}

const cropBox = () => screen.getByRole('group', { name: 'Cadre du tirage' });

describe('PhotoCustomizationPage', () => {
  it('does not offer a size the photo has too few pixels for, and warns under 150 dpi (issue 20)', async () => {
    // 900 x 600 pixels: 20 x 30 makes 76 dpi, 13 x 18 117 dpi.
    renderAt('/gala/photos/ph1/cat_prints?format=fmt_20x30', [], false, { width: 900, height: 600 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Personnalisez votre tirage' })).toBeTruthy();
    const big = screen.getByRole('radio', { name: /^20x30/ }) as HTMLInputElement;
    expect(big.disabled).toBe(true);
    expect(document.getElementById(big.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Résolution trop faible (76\u00a0dpi)');
    // The size asked for is not offered: the first one that is comes chosen.
    expect((screen.getByRole('radio', { name: /^13x18/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('print-quality').textContent).toBe('Résolution faible pour ce format (117\u00a0dpi)\u00a0: le tirage risque de manquer de netteté.');
    expect((screen.getByRole('button', { name: 'Ajouter au panier' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says nothing of the resolution of a camera’s original', async () => {
    renderAt('/gala/photos/ph1/cat_prints?format=fmt_20x30', []);
    expect(await screen.findByRole('heading', { level: 1, name: 'Personnalisez votre tirage' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /^20x30/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('print-quality')).toBeNull();
  });

  it('in a read-only preview, shows the print but does not let it be added, and says why', async () => {
    renderAt('/gala/photos/ph1/cat_prints?format=fmt_13x18', [], true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Personnalisez votre tirage' })).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Ajouter au panier' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(add.getAttribute('aria-describedby')).toBe('print-read-only');
    expect(document.getElementById('print-read-only')?.textContent).toBe('Cet aperçu est en lecture seule.');
  });

  it('adds a print with its finish, border, crop and quantity', async () => {
    renderAt('/gala/photos/ph1/cat_prints?format=fmt_13x18', [
      setPrintMock(
        { formatId: 'fmt_13x18', finish: 'mat', border: 'white', crop: { x: 291, y: 0, width: 5538, height: 4000 }, quantity: 2 },
        payload(cart({ photos: [printItem({ finish: 'mat', border: 'white', crop: crop(291, 0, 5538, 4000) })] })),
      ),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Personnalisez votre tirage' })).toBeTruthy();
    expect(screen.getByText('Tirages photo')).toBeTruthy();

    // The category's formats that suit the photo, in order, the one asked for chosen.
    const formats = screen.getByRole('group', { name: 'Format' });
    expect(within(formats).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['fmt_13x18', 'fmt_20x30']);
    expect(within(within(formats).getByRole('radio', { name: /13x18/ }).closest('label')!).getByText('2,50 €')).toBeTruthy();
    expect((within(formats).getByRole('radio', { name: /13x18/ }) as HTMLInputElement).checked).toBe(true);

    // Glossy and no border first; white margins announced until the photo is cropped.
    expect((screen.getByRole('radio', { name: 'Brillant' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Sans bord' }) as HTMLInputElement).checked).toBe(true);
    const warning = 'Le format de cette photo est différent de celui du tirage : des marges blanches apparaîtront, sauf si vous recadrez.';
    expect(screen.getByText(warning)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Cadre du tirage' })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Mat' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Bord blanc' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Recadrer la photo' }));
    expect(screen.queryByText(warning)).toBeNull();
    // The crop starts from the server's default crop and moves with the arrows (1 % of the photo).
    expect(cropBox().getAttribute('data-crop')).toBe('231,0,5538,4000');
    fireEvent.keyDown(cropBox(), { key: 'ArrowRight' });
    fireEvent.keyDown(cropBox(), { key: 'ArrowDown' }); // already at the bottom edge
    expect(cropBox().getAttribute('data-crop')).toBe('291,0,5538,4000');

    fireEvent.click(screen.getByRole('button', { name: 'Augmenter la quantité (13x18)' }));
    expect(screen.getByText('2 × 2,50 €')).toBeTruthy();
    expect(screen.getByTestId('print-total').textContent?.replace(/\s/g, ' ')).toBe('5 €');

    fireEvent.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    await waitFor(() => expect(notifications.getSnapshot().map((n) => n.message)).toContain('Ajouté à votre panier.'));
    expect(notifications.getSnapshot()[0].actions.map((a) => a.label)).toEqual(['Voir le panier']);
  });

  it('makes the buyer crop when white margins are not allowed, and shows a refusal beside the button', async () => {
    renderAt('/gala/photos/ph1/cat_art', [
      setPrintMock(
        { formatId: 'fmt_fineart', finish: 'mat', border: 'none', crop: { x: 171, y: 0, width: 5657, height: 4000 }, quantity: 1 },
        payload(null, [userError('format_incompatible', 'La résolution de cette photo est trop faible pour ce format.', ['formatId'])]),
      ),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Personnalisez votre tirage' })).toBeTruthy();
    expect(screen.getByText(/ajustez le cadre sur la partie de la photo à imprimer/)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Recadrer la photo' })).toBeNull();
    // A single finish is stated, a single border not asked.
    expect(screen.getByText('Finition : Mat')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Bord blanc' })).toBeNull();
    expect(cropBox().getAttribute('data-crop')).toBe('171,0,5657,4000');

    fireEvent.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect((await screen.findByRole('alert')).textContent).toBe('La résolution de cette photo est trop faible pour ce format.');
  });

  it('edits a print of the cart, prefilled from it, and goes back to the cart', async () => {
    const item = printItem({ id: 'ci_print', finish: 'mat', border: 'white', crop: crop(100, 0, 5538, 4000), quantity: 3, total: '7.50' });
    const router = renderAt('/gala/photos/ph1/edit/ci_print', [
      cartMock(cart({ photos: [item] })),
      setPrintMock(
        { formatId: 'fmt_20x30', cartItemId: 'ci_print', finish: 'mat', border: 'white', crop: null, quantity: 3 },
        payload(cart({ photos: [{ ...item, format: { ...item.format, id: 'fmt_20x30', name: '20x30' }, crop: null }] })),
      ),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Modifiez votre tirage' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /13x18/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Mat' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Bord blanc' }) as HTMLInputElement).checked).toBe(true);
    expect(cropBox().getAttribute('data-crop')).toBe('100,0,5538,4000');
    expect((screen.getByRole('spinbutton', { name: 'Quantité (13x18)' }) as HTMLInputElement).value).toBe('3');
    expect(screen.getByRole('link', { name: 'Retour au panier' }).getAttribute('href')).toBe('/gala/cart');

    // Another format of the photo's ratio, printed whole.
    fireEvent.click(screen.getByRole('radio', { name: /20x30/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Recadrer la photo' }));
    expect(screen.getByTestId('print-total').textContent?.replace(/\s/g, ' ')).toBe('20,70 €');
    fireEvent.click(screen.getByRole('button', { name: 'Mettre à jour' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gala/cart'));
  });

  it('offers the photo’s digital files for a digital category', async () => {
    renderAt('/gala/photos/ph1/cat_digital', [
      cartMock(cart({ photos: [digitalItem({ photoId: 'ph1' })] })),
      {
        request: { query: AddDigitalFileMutation, variables: { input: { galleryId: GALLERY_ID, photoId: 'ph1', formatId: 'fmt_web' } } },
        result: { data: { addDigitalFile: payload(cart()) } },
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fichier numérique' })).toBeTruthy();
    // The HD file is in the cart already: it can be taken out.
    expect(await screen.findByRole('button', { name: 'Retirer Fichier HD du panier' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter au panier (Fichier web)' }));
    await waitFor(() => expect(notifications.getSnapshot().map((n) => n.message)).toContain('Ajouté à votre panier.'));
  });
});
