import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createCache } from '../../lib/apollo-cache';
import { AddPackMutation, DeleteOngoingPackMutation, RemovePackFormatConfigurationMutation } from '../../lib/cart/cart-documents';
import { cart, cartCountMock, cartFormat, cartMock, GALLERY_ID, galleryIdMock, packFormat, packInstance, packPhoto, payload, userError } from '../../lib/cart/cart-fixtures';
import { notifications } from '../../lib/notification-store';
import { PackConfigurationPage } from './pack-configuration-page';

afterEach(() => notifications.clear());

const print13x18 = cartFormat('fmt_13x18', '13x18');
const fileHd = cartFormat('fmt_hd', 'Fichier HD', 'digital', 'cat_digital', 'hd');

/** One print of three chosen, the HD file not yet: three photos remain. */
const started = packInstance({ formats: [packFormat(print13x18, 3, 3, [packPhoto('ph1')])] });
/** Everything chosen. */
const complete = packInstance({
  formats: [packFormat(print13x18, 3, 2, [packPhoto('ph1', 2), packPhoto('ph2')])],
  digitalFiles: [packFormat(fileHd, 1, 1, [packPhoto('ph3')])],
});

function renderConfiguration(pack: ReturnType<typeof packInstance>, mocks: MockLink.MockedResponse[] = []) {
  const router = createMemoryRouter(
    [
      { path: '/:galleryId/packs/:packId/configuration/:packInstanceId', element: <PackConfigurationPage /> },
      { path: '/:galleryId/packs/:packId', element: <p>Détail du pack</p> },
      { path: '/:galleryId/cart', element: <p>Panier</p> },
      { path: '/:galleryId/*', element: <p>autre page</p> },
    ],
    { initialEntries: ['/gala/packs/pk_souvenir/configuration/pki_1'] },
  );
  render(
    <MockedProvider mocks={[galleryIdMock(), cartCountMock(), cartMock(cart({ ongoingPacks: [pack] })), ...mocks]} cache={createCache()}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return router;
}

function addPackMock(clientPackName: string, answer: ReturnType<typeof payload>): MockLink.MockedResponse {
  return { request: { query: AddPackMutation, variables: { input: { galleryId: GALLERY_ID, packInstanceId: 'pki_1', clientPackName } } }, result: { data: { addPack: answer } } };
}

describe('PackConfigurationPage', () => {
  it('shows each format of the pack with the photos chosen and how many remain', async () => {
    renderConfiguration(started, [
      {
        request: { query: RemovePackFormatConfigurationMutation, variables: { input: { galleryId: GALLERY_ID, packInstanceId: 'pki_1', formatId: 'fmt_13x18' } } },
        result: { data: { removePackFormatConfiguration: payload(cart({ ongoingPacks: [packInstance()] })) } },
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pack Souvenir' })).toBeTruthy();
    expect(screen.getByText('29 €')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Il reste 3 photos à choisir pour compléter ce pack.');

    const prints = screen.getByRole('heading', { name: 'Tirages 13x18' }).closest('li')!;
    expect(within(prints).getByText('1 / 3')).toBeTruthy();
    expect(within(prints).getByText('3 tirages, de 3 photos différentes au plus.')).toBeTruthy();
    expect(within(prints).getByAltText('Photo IMG_ph1.jpg')).toBeTruthy();
    expect(within(prints).getByRole('link', { name: 'Choisir les photos : Tirages 13x18' }).getAttribute('href')).toBe('/gala/packs/pk_souvenir/configuration/pki_1/fmt_13x18');
    expect(within(prints).getByRole('link', { name: 'Personnaliser : Tirages 13x18' }).getAttribute('href')).toBe(
      '/gala/packs/pk_souvenir/configuration/pki_1/fmt_13x18/customization',
    );

    const files = screen.getByRole('heading', { name: 'Fichier HD' }).closest('li')!;
    expect(within(files).getByText('0 / 1')).toBeTruthy();
    expect(within(files).getByText('1 fichier numérique, une photo par fichier.')).toBeTruthy();
    expect(within(files).queryByRole('link', { name: /Personnaliser/ })).toBeNull();

    // Emptying a format gives its photos back to choose.
    fireEvent.click(within(prints).getByRole('button', { name: 'Vider : Tirages 13x18' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Il reste 4 photos à choisir pour compléter ce pack.'));
  });

  it('sends the pack’s name with & < > / \\ made spaces, and shows pack_incomplete', async () => {
    renderConfiguration(started, [
      addPackMock('Julie   Thomas  3  mariage', payload(null, [userError('pack_incomplete', 'Il reste 3 photos à choisir pour compléter ce pack.', ['packInstanceId'])])),
    ]);
    const name = await screen.findByRole('textbox', { name: 'Nom du pack' });
    expect((name as HTMLInputElement).value).toBe('Pack Souvenir');

    fireEvent.change(name, { target: { value: ' <&> ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Merci de saisir le nom du pack');

    fireEvent.change(name, { target: { value: 'Julie & Thomas <3>/mariage\\' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Il reste 3 photos à choisir pour compléter ce pack.'));
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it('puts a complete pack in the cart and opens the cart', async () => {
    const router = renderConfiguration(complete, [addPackMock('Pour mamie', payload(cart({ packs: [{ ...complete, clientPackName: 'Pour mamie' }] })))]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pack Souvenir' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Votre pack est complet : vous pouvez l’ajouter au panier.');
    const prints = screen.getByRole('heading', { name: 'Tirages 13x18' }).closest('li')!;
    expect(within(prints).getByText('×2')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Nom du pack' }), { target: { value: 'Pour mamie' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gala/cart'));
    expect(notifications.getSnapshot().map((n) => n.message)).toContain('Le pack « Pour mamie » a été ajouté à votre panier.');
  });

  it('abandons the pack after confirmation', async () => {
    const router = renderConfiguration(started, [
      {
        request: { query: DeleteOngoingPackMutation, variables: { input: { galleryId: GALLERY_ID, packInstanceId: 'pki_1' } } },
        result: { data: { deleteOngoingPack: payload(cart()) } },
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Abandonner' }));
    const dialog = screen.getByRole('dialog', { name: 'Abandonner' });
    expect(within(dialog).getByText('Abandonner la composition du pack « Pack Souvenir » ? Les photos choisies seront perdues.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abandonner le pack' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gala/packs/pk_souvenir'));
  });

  it('says so when the pack is no longer being composed', async () => {
    const router = createMemoryRouter([{ path: '/:galleryId/packs/:packId/configuration/:packInstanceId', element: <PackConfigurationPage /> }], {
      initialEntries: ['/gala/packs/pk_souvenir/configuration/pki_gone'],
    });
    render(
      <MockedProvider mocks={[galleryIdMock(), cartCountMock(), cartMock(cart())]} cache={createCache()}>
        <RouterProvider router={router} />
      </MockedProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Ce pack n’est plus en cours de composition.' })).toBeTruthy();
  });

  it('shows the HD files the gallery gives away as included, with nothing to choose', async () => {
    renderConfiguration(
      packInstance({ formats: [packFormat(print13x18, 3, 3, [packPhoto('ph1')])], digitalFiles: [packFormat(fileHd, 1, 1, [], true)] }),
    );
    const files = (await screen.findByRole('heading', { name: 'Fichier HD' })).closest('li')!;
    expect(within(files).getByText('inclus')).toBeTruthy();
    expect(within(files).getByText(/la galerie vous offre ces fichiers/)).toBeTruthy();
    expect(within(files).queryByRole('link')).toBeNull();
    expect(within(files).queryByRole('button')).toBeNull();
    const prints = screen.getByRole('heading', { name: 'Tirages 13x18' }).closest('li')!;
    expect(within(prints).getAllByRole('link').length).toBeGreaterThan(0);
  }, 20_000);
});
