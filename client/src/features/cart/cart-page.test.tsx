import { ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MockLink, MockSubscriptionLink } from '@apollo/client/testing';
import { OperationTypeNode } from 'graphql';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../lib/apollo-client';
import { createCache } from '../../lib/apollo-cache';
import { createNeedEmailStore } from '../../lib/need-email-store';
import { notifications } from '../../lib/notification-store';
import { AddVoucherMutation, EditPackMutation, RegroupItemsInPackMutation, RemovePrintMutation, SetPrintMutation } from '../../lib/cart/cart-documents';
import {
  cart,
  cartMock,
  GALLERY_ID,
  galleryIdMock,
  packFormat,
  packInstance,
  packPhoto,
  cartFormat,
  payload,
  printItem,
  totals,
  userError,
  voucher,
  digitalItem,
  crop,
} from '../../lib/cart/cart-fixtures';
import { CartPage } from './cart-page';
import { forgetCartNotices } from '../../lib/cart/use-cart';

afterEach(() => {
  notifications.clear();
  forgetCartNotices();
});

function renderCart(mocks: MockLink.MockedResponse[], live?: MockSubscriptionLink) {
  const router = createMemoryRouter(
    [
      { path: '/:galleryId/cart', element: <CartPage /> },
      { path: '/:galleryId/*', element: <p>autre page</p> },
    ],
    { initialEntries: ['/gala/cart'] },
  );
  // The cart's live updates go to `live` when given (unanswered otherwise).
  const link = live ? ApolloLink.split((op) => op.operationType === OperationTypeNode.SUBSCRIPTION, live, new MockLink(mocks)) : undefined;
  render(
    <MockedProvider mocks={mocks} link={link} cache={createCache()}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return router;
}

/** A cart with a discount code, a free-shipping-less delivery, and a gift card. */
const fullCart = cart({
  itemCount: 4,
  photos: [printItem({ crop: crop(10, 20, 1800, 1300), finish: 'mat', border: 'white' }), digitalItem()],
  packs: [
    packInstance({
      id: 'ci_pack',
      packInstanceId: 'pki_9',
      clientPackName: 'Pour mamie',
      formats: [packFormat(cartFormat('fmt_13x18', '13x18'), 3, 3, [packPhoto('ph1'), packPhoto('ph2', 2)])],
      digitalFiles: [packFormat(cartFormat('fmt_hd', 'Fichier HD', 'digital', 'cat_digital', 'hd'), 1, 1, [packPhoto('ph3')])],
    }),
  ],
  ongoingPacks: [packInstance({ id: 'ci_ongoing', packInstanceId: 'pki_2' })],
  vouchers: [
    voucher({ code: 'PROMO10', applied: true, amount: '4.60' }),
    voucher({ code: 'CADEAU', kind: 'gift_card', applied: true, amount: '10.00', remainingBalance: '15.00' }),
  ],
  discount: { __typename: 'CartDiscount', source: 'code', code: 'PROMO10', percent: 10, freeShipping: false, amount: { __typename: 'Money', amount: '4.60', currency: 'EUR' } },
  totals: totals({
    merchandise: '46.00',
    discount: '4.60',
    shippingBeforeDiscount: '4.90',
    shipping: '4.90',
    totalBeforeGiftCards: '46.30',
    giftCards: '10.00',
    total: '36.30',
    vat: '6.30',
  }),
});

describe('CartPage', () => {
  it('follows the changes made in another tab without reloading', async () => {
    const live = new MockSubscriptionLink();
    renderCart([galleryIdMock(), cartMock(cart({ itemCount: 3 }))], live);
    expect(await screen.findByText('3 articles')).toBeTruthy();
    await waitFor(() => expect(live.operation?.variables).toEqual({ galleryId: GALLERY_ID }));

    // Another tab removed the digital file and added a second print.
    live.simulateResult({
      result: { data: { cartUpdated: cart({ version: 2, itemCount: 4, photos: [printItem(), printItem({ id: 'ci_print2', photoId: 'ph2' })], totals: totals({ total: '9.90' }) }) } },
    });
    expect(await screen.findByText('4 articles')).toBeTruthy();
    expect(screen.queryByText('Fichier HD')).toBeNull();
    expect(screen.getAllByText('Tirage 13x18')).toHaveLength(2);
  });

  it('lists the prints, files and packs, and totals them in euros', async () => {
    renderCart([galleryIdMock(), cartMock(fullCart)]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon panier' })).toBeTruthy();
    expect(screen.getByText('4 articles')).toBeTruthy();

    // The print with its options, its quantity and its price.
    const print = screen.getByText('Tirage 13x18').closest('li')!;
    expect(within(print).getByAltText('Photo IMG_ph1.jpg')).toBeTruthy();
    expect(within(print).getByText('Finition : mat · Bord blanc · Recadré')).toBeTruthy();
    expect((within(print).getByRole('spinbutton') as HTMLInputElement).value).toBe('2');
    expect(within(print).getByText('2,50 € l’unité')).toBeTruthy();
    expect(within(print).getByText('5 €')).toBeTruthy();
    expect(within(print).getByRole('link', { name: 'Modifier Tirage 13x18 · IMG_ph1.jpg' }).getAttribute('href')).toBe('/gala/photos/ph1/edit/ci_print');

    const file = screen.getByText('Fichier HD').closest('li')!;
    expect(within(file).getByText('Haute définition')).toBeTruthy();
    expect(within(file).getByText('12 €')).toBeTruthy();

    // The pack with its name and contents, the pack to finish with its link.
    const pack = screen.getByText('Pour mamie').closest('li')!;
    expect(within(pack).getByText('3 × tirage 13x18')).toBeTruthy();
    expect(within(pack).getByText('1 × Fichier HD')).toBeTruthy();
    expect(within(pack).getByText('29 €')).toBeTruthy();
    const ongoing = screen.getByRole('heading', { name: 'Packs à terminer' }).closest('section')!;
    expect(within(ongoing).getByText('À terminer')).toBeTruthy();
    expect(within(ongoing).getByText('Il reste 4 photos à choisir.')).toBeTruthy();
    expect(within(ongoing).getByRole('link', { name: 'Terminer le Pack Souvenir' }).getAttribute('href')).toBe('/gala/packs/pk_souvenir/configuration/pki_2');

    // The totals block.
    const sums = screen.getByRole('heading', { name: 'Récapitulatif' }).closest('section')!;
    const row = (label: string) => within(sums).getByText(label).closest('div')!.querySelector('dd')!.textContent?.replace(/\s/g, ' ');
    expect(row('Sous-total')).toBe('46 €');
    expect(row('Remise (code PROMO10, 10 %)')).toBe('−4,60 €');
    expect(row('Livraison (Belgique)')).toBe('4,90 €');
    expect(row('Cartes cadeaux')).toBe('−10 €');
    expect(row('Total')).toBe('36,30 €');
    expect(row('dont TVA 21 %')).toBe('6,30 €');

    // The vouchers, the gift card's balance, and the way on.
    expect(screen.getByText('Solde restant : 15 €')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Valider mon panier' }).getAttribute('href')).toBe('/gala/cart/address');
  });

  it('shows no delivery price before an address or a pickup is chosen (issue 20)', async () => {
    renderCart([galleryIdMock(), cartMock({ ...fullCart, clientData: null })]);
    const sums = (await screen.findByRole('heading', { name: 'Récapitulatif' })).closest('section')!;
    const row = (label: string) => within(sums).getByText(label).closest('div')!.querySelector('dd')!.textContent?.replace(/\s/g, ' ');
    expect(row('Livraison')).toBe('Calculée à l’étape suivante');
    expect(within(sums).queryByText('Livraison (Belgique)')).toBeNull();
    expect(within(sums).queryByText('4,90 €')).toBeNull();
    // 36,30 € less the 4,90 € the server priced for a default country.
    expect(row('Total hors livraison')).toBe('31,40 €');
    // The VAT the server gives includes the delivery's: not said yet.
    expect(within(sums).queryByText(/^dont TVA/)).toBeNull();
  });

  it('shows the refusal of a code under the field, and a code that does not apply with its message', async () => {
    renderCart([
      galleryIdMock(),
      cartMock(cart({ vouchers: [voucher({ code: 'ETE', applied: false, reason: 'code_min_spend', message: 'Ce code s’applique dès 50 € d’achat.' })] })),
      {
        request: { query: AddVoucherMutation, variables: { input: { galleryId: GALLERY_ID, code: 'NOPE' } } },
        result: { data: { addVoucher: payload(null, [userError('code_unknown', 'Ce code est inconnu.', ['code'])]) } },
      },
      {
        request: { query: AddVoucherMutation, variables: { input: { galleryId: GALLERY_ID, code: 'VIEUX' } } },
        result: { data: { addVoucher: payload(null, [userError('code_expired', '', ['code'])]) } },
      },
    ]);
    expect(await screen.findByText('Ce code s’applique dès 50 € d’achat.')).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Code promo ou carte cadeau' });

    fireEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Merci de saisir un code');

    fireEvent.change(field, { target: { value: ' NOPE ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Ce code est inconnu.'));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect((field as HTMLInputElement).value).toBe(' NOPE ');

    // Without a message, the catalogue's text for the code.
    fireEvent.change(field, { target: { value: 'VIEUX' } });
    fireEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Ce code a expiré.'));
  });

  it('shows the automatic discount and a free-shipping code together (issue 20)', async () => {
    const automatic = (freeShipping: boolean) => ({
      __typename: 'CartDiscount',
      source: 'automatic',
      code: null,
      percent: 10,
      freeShipping,
      amount: { __typename: 'Money', amount: '6.90', currency: 'EUR' },
    });
    const message = 'La remise automatique de votre panier est plus avantageuse : elle s’applique à la place de la réduction de ce code, qui vous offre la livraison.';
    renderCart([
      galleryIdMock(),
      cartMock(
        cart({
          vouchers: [voucher({ code: 'CINQ-LIVRAISON', applied: true, reason: 'code_better_discount', message })],
          discount: automatic(true),
          totals: totals({ merchandise: '69.00', discount: '6.90', shippingBeforeDiscount: '9.90', shipping: '0', totalBeforeGiftCards: '62.10', total: '62.10' }),
        }),
      ),
    ]);
    const sums = (await screen.findByRole('heading', { name: 'Récapitulatif' })).closest('section')!;
    const row = (label: string) => within(sums).getByText(label).closest('div')!.querySelector('dd')!.textContent?.replace(/\s/g, ' ');
    expect(row('Remise automatique (10 %)')).toBe('−6,90 €');
    expect(row('Livraison (Belgique), offerte par le code CINQ-LIVRAISON')).toBe('9,90 € Offerte');
    expect(row('Total')).toBe('62,10 €');
    // The code is applied (not shown as a problem) and says why only its free shipping applies.
    const code = screen.getByText('CINQ-LIVRAISON').closest('li')!;
    expect(code.getAttribute('data-applied')).toBe('true');
    expect(within(code).getByText(message)).toBeTruthy();
  });

  it('names no code on the delivery line when the shipping is not made free by one', async () => {
    renderCart([
      galleryIdMock(),
      cartMock(
        cart({
          vouchers: [voucher({ code: 'LIVRAISON', applied: false, reason: 'code_free_shipping_country', message: null })],
          discount: { __typename: 'CartDiscount', source: 'automatic', code: null, percent: 10, freeShipping: false, amount: { __typename: 'Money', amount: '6.90', currency: 'EUR' } },
          totals: totals({ merchandise: '69.00', discount: '6.90', shippingBeforeDiscount: '9.90', shipping: '9.90', total: '72.00' }),
        }),
      ),
    ]);
    const sums = (await screen.findByRole('heading', { name: 'Récapitulatif' })).closest('section')!;
    expect(within(sums).getByText('Livraison (Belgique)').closest('div')!.querySelector('dd')!.textContent?.replace(/\s/g, ' ')).toBe('9,90 €');
    expect(within(sums).queryByText(/offerte par le code/)).toBeNull();
    // Without the server's message, the catalogue's text for the reason.
    expect(screen.getByText('Ce code n’offre pas la livraison vers ce pays.')).toBeTruthy();
  });

  it('adds a code and lists it with what it takes off', async () => {
    const withCode = cart({
      vouchers: [voucher({ code: 'PROMO10', amount: '1.70' })],
      discount: { __typename: 'CartDiscount', source: 'code', code: 'PROMO10', percent: 10, freeShipping: false, amount: { __typename: 'Money', amount: '1.70', currency: 'EUR' } },
      totals: totals({ discount: '1.70', total: '20.20' }),
    });
    renderCart([
      galleryIdMock(),
      cartMock(cart()),
      { request: { query: AddVoucherMutation, variables: { input: { galleryId: GALLERY_ID, code: 'PROMO10' } } }, result: { data: { addVoucher: payload(withCode) } } },
    ]);
    const field = await screen.findByRole('textbox', { name: 'Code promo ou carte cadeau' });
    fireEvent.change(field, { target: { value: 'PROMO10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByRole('button', { name: 'Retirer le code PROMO10' })).toBeTruthy();
    // The answer reaches the cache (and the list) before the mutation's promise
    // resolves and the form clears its field: wait for the field too.
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(''));
    expect(screen.getAllByText('−1,70 €')).toHaveLength(2); // on the code and in the totals
    expect(screen.getByText('20,20 €')).toBeTruthy();
  });

  it('offers to regroup the items in a pack and does it', async () => {
    const suggestion = { __typename: 'RegroupSuggestion', pack: { __typename: 'Pack', id: 'pk_souvenir', pack: 'souvenir', displayName: 'Pack Souvenir' }, saving: { __typename: 'Money', amount: '3.50', currency: 'EUR' } };
    renderCart([
      galleryIdMock(),
      cartMock(cart({ regroupSuggestion: suggestion })),
      {
        request: { query: RegroupItemsInPackMutation, variables: { input: { galleryId: GALLERY_ID } } },
        result: { data: { regroupItemsInPack: payload(cart({ photos: [], packs: [packInstance({ id: 'ci_new' })], itemCount: 1 })) } },
      },
    ]);
    expect(await screen.findByText('Économisez 3,50 € en regroupant vos articles dans le pack « Pack Souvenir ».')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Regrouper dans ce pack' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Regrouper dans ce pack' })).toBeNull());
    expect(screen.getByText('1 article')).toBeTruthy();
    expect(screen.queryByText('Tirage 13x18')).toBeNull();
    expect(notifications.getSnapshot().map((n) => n.message)).toContain('Vos articles ont été regroupés dans le pack « Pack Souvenir ».');
  });

  it('shows the cartUpdated notice once, shipping problems under their item, and the retouch notice', async () => {
    renderCart([
      galleryIdMock(),
      cartMock(
        cart({
          cartUpdated: true,
          photosNeedRetouch: true,
          shippingProblems: [{ __typename: 'ShippingProblem', cartItemId: 'ci_print', country: 'CH', reason: 'excluded_country', message: 'Ce tirage ne peut pas être livré en Suisse.' }],
        }),
      ),
    ]);
    expect(await screen.findByText('Ce tirage ne peut pas être livré en Suisse.')).toBeTruthy();
    expect(screen.getByText('Ce tirage ne peut pas être livré en Suisse.').closest('li')?.getAttribute('data-cart-item')).toBe('ci_print');
    expect(screen.getByRole('note').textContent).toContain('Le photographe retouchera certaines de vos photos');
    await waitFor(() =>
      expect(notifications.getSnapshot().filter((n) => n.type === 'info').map((n) => n.message)).toEqual([
        'Votre panier a été mis à jour suite à une modification de la galerie par le photographe.',
      ]),
    );
  });

  it('changes a print’s quantity keeping its options, and removes it', async () => {
    const item = printItem({ crop: crop(10, 20, 1800, 1300), finish: 'mat', border: 'white' });
    renderCart([
      galleryIdMock(),
      cartMock(cart({ photos: [item] })),
      {
        request: {
          query: SetPrintMutation,
          variables: { input: { galleryId: GALLERY_ID, photoId: 'ph1', formatId: 'fmt_13x18', cartItemId: 'ci_print', finish: 'mat', border: 'white', crop: { x: 10, y: 20, width: 1800, height: 1300 }, quantity: 3 } },
        },
        result: { data: { setPrint: payload(cart({ photos: [{ ...item, quantity: 3, total: { __typename: 'Money', amount: '7.50', currency: 'EUR' } }] })) } },
      },
      {
        request: { query: RemovePrintMutation, variables: { input: { galleryId: GALLERY_ID, cartItemId: 'ci_print' } } },
        result: { data: { removePrint: payload(cart({ photos: [], itemCount: 0 })) } },
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Augmenter la quantité (Tirage 13x18 · IMG_ph1.jpg)' }));
    expect(await screen.findByText('7,50 €')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retirer Tirage 13x18 · IMG_ph1.jpg du panier' }));
    expect(await screen.findByRole('heading', { name: 'Votre panier est vide' })).toBeTruthy();
  });

  it('edits a pack: sets it back to being composed and opens its configuration', async () => {
    const pack = packInstance({ id: 'ci_pack', packInstanceId: 'pki_9' });
    const router = renderCart([
      galleryIdMock(),
      cartMock(cart({ photos: [], packs: [pack], itemCount: 1 })),
      {
        request: { query: EditPackMutation, variables: { input: { galleryId: GALLERY_ID, packInstanceId: 'pki_9' } } },
        result: { data: { editPack: payload(cart({ photos: [], ongoingPacks: [pack], itemCount: 0 })) } },
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier Pack Souvenir' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gala/packs/pk_souvenir/configuration/pki_9'));
  });
});

// Through the application's own client: a 401 on a code asks for an e-mail, then sends the code again.
describe('CartPage (application client)', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
  });
  afterEach(() => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    vi.unstubAllGlobals();
  });

  function json(body: unknown) {
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }

  it('asks for an e-mail on a 401 from addVoucher and sends the code again once it is confirmed', async () => {
    const calls: Record<string, number> = {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: unknown, init?: RequestInit) => {
        const { operationName } = JSON.parse(String(init?.body)) as { operationName: string };
        calls[operationName] = (calls[operationName] ?? 0) + 1;
        if (operationName === 'CartGallery') return json({ data: { gallery: { __typename: 'Gallery', id: GALLERY_ID } } });
        if (operationName === 'Cart') return json({ data: { cart: cart() } });
        if (calls[operationName] === 1) return json({ data: null, errors: [{ message: 'Adresse email requise', extensions: { code: 'unauthorized' } }] });
        return json({ data: { addVoucher: payload(cart({ vouchers: [voucher({ code: 'PROMO10', amount: '1.70' })] })) } });
      }),
    );
    const needEmail = createNeedEmailStore();
    const unsubscribe = needEmail.subscribe(() => undefined); // a host on screen
    const client = createApolloClient({ uri: 'http://localhost/graphql', needEmail });
    const router = createMemoryRouter([{ path: '/:galleryId/cart', element: <CartPage /> }], { initialEntries: ['/gala/cart'] });
    render(
      <ApolloProvider client={client}>
        <RouterProvider router={router} />
      </ApolloProvider>,
    );

    const field = await screen.findByRole('textbox', { name: 'Code promo ou carte cadeau' });
    fireEvent.change(field, { target: { value: 'PROMO10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    await waitFor(() => expect(needEmail.getSnapshot()).toBe(true));
    expect(notifications.getSnapshot().filter((n) => n.type === 'error')).toEqual([]);

    await act(async () => needEmail.settle(true));
    expect(await screen.findByRole('button', { name: 'Retirer le code PROMO10' })).toBeTruthy();
    expect(calls.AddVoucher).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
    unsubscribe();
  });
});
