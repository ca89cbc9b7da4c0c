import { ApolloProvider } from '@apollo/client/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../lib/apollo-client';
import { createCache } from '../../lib/apollo-cache';
import { createNeedEmailStore } from '../../lib/need-email-store';
import { notifications } from '../../lib/notification-store';
import { AddressPage } from './address-page';
import {
  address,
  addressInput,
  checkoutCart,
  checkoutCartMock,
  clientData,
  countriesMock,
  GALLERY_ID,
  galleryMock,
  PICKUP_ADDRESS,
  setClientDataMock,
  suggestion,
  userError,
} from './checkout-fixtures';

afterEach(() => notifications.clear());

function renderPage(mocks: MockLink.MockedResponse[]) {
  const router = createMemoryRouter(
    [
      { path: '/:galleryId/cart/address', element: <AddressPage /> },
      { path: '/:galleryId/*', element: <p>autre page</p> },
    ],
    { initialEntries: ['/gala/cart/address'] },
  );
  render(
    <MockedProvider mocks={mocks} cache={createCache()}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return router;
}

const billing = () => screen.getByRole('group', { name: 'Adresse de facturation' });
const shippingGroup = () => screen.queryByRole('group', { name: 'Adresse de livraison' });
const input = (scope: HTMLElement, label: string) => within(scope).getByLabelText(label) as HTMLInputElement;

/** fill types an address into a fieldset of the form. */
function fill(scope: HTMLElement, values: ReturnType<typeof address>) {
  fireEvent.click(within(scope).getByRole('radio', { name: values.title }));
  const fields: Array<[string, string]> = [
    ['Prénom', values.firstname],
    ['Nom ou société', values.lastname],
    ['Adresse', values.address],
    ['Complément d’adresse (facultatif)', values.address2],
    ['Code postal', values.postalCode],
    ['Ville', values.city],
    ['Téléphone', values.phoneNumber],
  ];
  for (const [label, value] of fields) fireEvent.change(input(scope, label), { target: { value } });
  fireEvent.change(within(scope).getByLabelText('Pays'), { target: { value: values.country } });
}

/** errorOf is the text of the error an input points to with aria-describedby. */
function errorOf(field: HTMLElement): string | null | undefined {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((el) => el?.getAttribute('role') === 'alert')?.textContent;
}

const base = [galleryMock(), countriesMock()];

describe('AddressPage', () => {
  it('asks for the required fields before sending, next to each one, and focuses the first', async () => {
    renderPage([...base, checkoutCartMock(checkoutCart())]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Adresse et livraison' })).toBeTruthy();
    // The country defaults to the one the cart is priced to.
    expect((within(billing()).getByLabelText('Pays') as HTMLSelectElement).value).toBe('BE');

    fireEvent.change(input(billing(), 'Prénom'), { target: { value: 'Julie' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));

    // The civilité is optional (issue 20): « Non précisé » is chosen and nothing is asked.
    const monsieur = within(billing()).getByRole('radio', { name: 'Monsieur' });
    expect((within(billing()).getByRole('radio', { name: 'Non précisé' }) as HTMLInputElement).checked).toBe(true);
    expect(monsieur.getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(input(billing(), 'Nom ou société')));
    expect(errorOf(input(billing(), 'Prénom'))).toBeUndefined();
    for (const label of ['Nom ou société', 'Adresse', 'Code postal', 'Ville', 'Téléphone']) {
      expect(input(billing(), label).getAttribute('aria-invalid'), label).toBe('true');
      expect(errorOf(input(billing(), label)), label).toBe('Merci de remplir ce champ');
    }
    // Optional fields stay quiet.
    expect(input(billing(), 'Complément d’adresse (facultatif)').getAttribute('aria-invalid')).toBeNull();
    expect(input(billing(), 'N° de TVA (facultatif)').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Merci de corriger les champs indiqués.')).toBeTruthy();

    // Typing clears a field's error.
    fireEvent.change(input(billing(), 'Ville'), { target: { value: 'Namur' } });
    expect(errorOf(input(billing(), 'Ville'))).toBeUndefined();
  });

  it('fills the form from the addresses given before', async () => {
    const shipping = address({ title: 'Monsieur', firstname: 'Thomas', lastname: 'Dubois', address: 'Avenue Louise 20', postalCode: '75001', city: 'Paris', country: 'FR' });
    renderPage([...base, checkoutCartMock(checkoutCart({ clientData: clientData({ billing: address({ vatNumber: 'BE0123456789' }), shipping, sameAsBilling: false }) }))]);
    await screen.findByRole('heading', { level: 1, name: 'Adresse et livraison' });
    expect(input(billing(), 'Prénom').value).toBe('Julie');
    expect(input(billing(), 'N° de TVA (facultatif)').value).toBe('BE0123456789');
    expect((within(billing()).getByRole('radio', { name: 'Madame' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Livrer à l’adresse de facturation' }) as HTMLInputElement).checked).toBe(false);
    expect(input(shippingGroup()!, 'Ville').value).toBe('Paris');
    expect((within(shippingGroup()!).getByLabelText('Pays') as HTMLSelectElement).value).toBe('FR');
  });

  it('shows the server’s refusals under the right field', async () => {
    renderPage([
      ...base,
      checkoutCartMock(checkoutCart()),
      setClientDataMock(
        { billing: addressInput({ postalCode: '99999' }), shipping: null, sameAsBilling: true, deliveryOption: 'shipping', keepAddresses: false },
        { userErrors: [userError('invalid_postal_code', 'Ce code postal n’existe pas en Belgique.', ['billing', 'postalCode'])] },
      ),
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Adresse et livraison' });
    fill(billing(), address({ postalCode: '99999' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));

    const postalCode = input(billing(), 'Code postal');
    await waitFor(() => expect(errorOf(postalCode)).toBe('Ce code postal n’existe pas en Belgique.'));
    expect(postalCode.getAttribute('aria-invalid')).toBe('true');
    // The focus moves in an effect after the refusal is drawn (useRefusalFocus).
    await waitFor(() => expect(document.activeElement).toBe(postalCode));
    expect(errorOf(input(billing(), 'Ville'))).toBeUndefined();
  });

  it('hides the shipping address while delivering to the billing address, and sends both otherwise', async () => {
    const shipping = address({ title: 'Monsieur', firstname: 'Thomas', lastname: 'Dubois', address: 'Rue Neuve 1', postalCode: '5000', city: 'Namur', phoneNumber: '+32 81 00 00 00' });
    const router = renderPage([
      ...base,
      checkoutCartMock(checkoutCart()),
      setClientDataMock(
        { billing: addressInput(), shipping: addressInput({ ...shipping }), sameAsBilling: false, deliveryOption: 'shipping', keepAddresses: false },
        { cart: checkoutCart({ clientData: clientData({ shipping, sameAsBilling: false }) }) },
      ),
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Adresse et livraison' });
    const same = screen.getByRole('checkbox', { name: 'Livrer à l’adresse de facturation' }) as HTMLInputElement;
    expect(same.checked).toBe(true);
    expect(shippingGroup()).toBeNull();

    fill(billing(), address());
    fireEvent.click(same);
    expect(shippingGroup()).toBeTruthy();
    // The shipping address is required too, and has no VAT number.
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    await waitFor(() => expect(errorOf(input(shippingGroup()!, 'Prénom'))).toBe('Merci de remplir ce champ'));
    expect(within(shippingGroup()!).queryByLabelText('N° de TVA (facultatif)')).toBeNull();

    fill(shippingGroup()!, shipping);
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gala/cart/validation'));
  });

  it('offers pickup at the studio with its address, without a shipping address', async () => {
    const router = renderPage([
      ...base,
      checkoutCartMock(checkoutCart()),
      setClientDataMock(
        { billing: addressInput(), shipping: null, sameAsBilling: true, deliveryOption: 'pickup', keepAddresses: false },
        { cart: checkoutCart({ deliveryOption: 'pickup', clientData: clientData({ deliveryOption: 'pickup' }) }) },
      ),
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Adresse et livraison' });
    const delivery = screen.getByRole('group', { name: 'Mode de livraison' });
    expect((within(delivery).getByRole('radio', { name: /Livraison à domicile/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Livrer à l’adresse de facturation' }));
    expect(shippingGroup()).toBeTruthy();

    const pickup = within(delivery).getByRole('radio', { name: /Retrait au studio/ });
    expect(pickup.closest('label')?.textContent).toContain(PICKUP_ADDRESS);
    fireEvent.click(pickup);
    expect(shippingGroup()).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Livrer à l’adresse de facturation' })).toBeNull();

    fill(billing(), address());
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gala/cart/validation'));
  });

  it('offers only the delivery options the gallery has', async () => {
    renderPage([galleryMock(['pickup']), countriesMock(), checkoutCartMock(checkoutCart())]);
    const delivery = await screen.findByRole('group', { name: 'Mode de livraison' });
    expect(within(delivery).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['pickup']);
    expect((within(delivery).getByRole('radio') as HTMLInputElement).checked).toBe(true);
  });

  it('sends an empty cart back to the cart page', async () => {
    const router = renderPage([...base, checkoutCartMock(checkoutCart({ photos: [], itemCount: 0 }))]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/gala/cart'));
  });

  it('says that digital files need no delivery', async () => {
    renderPage([...base, checkoutCartMock(checkoutCart({ needsDelivery: false }))]);
    expect(await screen.findByText('Votre panier ne contient que des fichiers numériques : ils vous seront envoyés par email, sans livraison.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Mode de livraison' })).toBeNull();
  });

  it('compares the entered address with the suggested one and uses the suggestion', async () => {
    const entered = address({ postalCode: '1050', city: 'Namur' });
    const corrected = address({ postalCode: '5000', city: 'Namur' });
    const router = renderPage([
      ...base,
      checkoutCartMock(checkoutCart()),
      setClientDataMock(
        { billing: addressInput({ postalCode: '1050', city: 'Namur' }), shipping: null, sameAsBilling: true, deliveryOption: 'shipping', keepAddresses: false },
        {
          addressSuggestions: [suggestion('billing', { postalCode: '5000', city: 'Namur' })],
          userErrors: [userError('address_suggestion', 'Le code postal et la ville ne correspondent pas.', ['billing', 'postalCode'])],
        },
      ),
      setClientDataMock(
        { billing: addressInput({ postalCode: '5000', city: 'Namur' }), shipping: null, sameAsBilling: true, deliveryOption: 'shipping', keepAddresses: false },
        { cart: checkoutCart({ clientData: clientData({ billing: corrected }) }) },
      ),
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Adresse et livraison' });
    fill(billing(), entered);
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));

    const dialog = await screen.findByRole('dialog', { name: 'Vérifiez votre adresse' });
    const enteredSide = within(dialog).getByRole('radio', { name: /Adresse saisie/ });
    const suggestedSide = within(dialog).getByRole('radio', { name: /Adresse suggérée/ });
    expect(enteredSide.closest('label')?.textContent).toContain('1050 Namur');
    expect(suggestedSide.closest('label')?.textContent).toContain('5000 Namur');
    expect((suggestedSide as HTMLInputElement).checked).toBe(true);
    // The suggestion is not an error under the field.
    expect(errorOf(input(billing(), 'Code postal'))).toBeUndefined();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Utiliser cette adresse' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gala/cart/validation'));
  });

  it('keeps the entered address when the buyer chooses it (keepAddresses)', async () => {
    const router = renderPage([
      ...base,
      checkoutCartMock(checkoutCart()),
      setClientDataMock(
        { billing: addressInput({ postalCode: '1050', city: 'Namur' }), shipping: null, sameAsBilling: true, deliveryOption: 'shipping', keepAddresses: false },
        { addressSuggestions: [suggestion('billing', { postalCode: '5000', city: 'Namur' })], userErrors: [userError('address_suggestion', 'Le code postal et la ville ne correspondent pas.')] },
      ),
      setClientDataMock(
        { billing: addressInput({ postalCode: '1050', city: 'Namur' }), shipping: null, sameAsBilling: true, deliveryOption: 'shipping', keepAddresses: true },
        { cart: checkoutCart({ clientData: clientData({ billing: address({ postalCode: '1050', city: 'Namur' }) }) }) },
      ),
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Adresse et livraison' });
    fill(billing(), address({ postalCode: '1050', city: 'Namur' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));

    const dialog = await screen.findByRole('dialog', { name: 'Vérifiez votre adresse' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Adresse saisie/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Utiliser cette adresse' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gala/cart/validation'));
  });

  it('lists the items that cannot go to the new address and stays on the step', async () => {
    const swiss = address({ postalCode: '1201', city: 'Genève', country: 'CH' });
    const router = renderPage([
      ...base,
      checkoutCartMock(checkoutCart()),
      setClientDataMock(
        { billing: addressInput({ postalCode: '1201', city: 'Genève', country: 'CH' }), shipping: null, sameAsBilling: true, deliveryOption: 'shipping', keepAddresses: false },
        {
          cart: checkoutCart({
            shippingCountry: 'CH',
            clientData: clientData({ billing: swiss }),
            shippingProblems: [{ __typename: 'ShippingProblem', cartItemId: 'ci_print', country: 'CH', reason: 'excluded_country', message: 'Ce tirage ne peut pas être livré en Suisse.' }],
          }),
        },
      ),
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Adresse et livraison' });
    fill(billing(), swiss);
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));

    const problems = await screen.findByRole('region', { name: 'Certains articles ne peuvent pas être livrés à cette adresse' });
    expect(within(problems).getByText('Tirage 13x18 · IMG_ph1.jpg : Ce tirage ne peut pas être livré en Suisse.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(problems));
    expect(router.state.location.pathname).toBe('/gala/cart/address');
    expect(screen.getByRole('link', { name: 'Retour au panier' }).getAttribute('href')).toBe('/gala/cart');
  });
});

// Through the application's own client: a 401 on setClientData asks for an e-mail, then sends the addresses again.
describe('AddressPage (application client)', () => {
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

  it('asks for an e-mail on a 401 and saves the addresses once it is confirmed', async () => {
    const calls: Record<string, number> = {};
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: unknown, init?: RequestInit) => {
        const { operationName, variables } = JSON.parse(String(init?.body)) as { operationName: string; variables: unknown };
        calls[operationName] = (calls[operationName] ?? 0) + 1;
        if (operationName === 'CheckoutGallery') return json({ data: { gallery: { __typename: 'Gallery', id: GALLERY_ID, deliveryOptions: ['shipping'] } } });
        if (operationName === 'CheckoutCart') return json({ data: { cart: checkoutCart() } });
        if (operationName === 'Countries') return json({ data: { countries: [{ __typename: 'Country', code: 'BE', name: 'Belgique' }] } });
        sent.push(variables);
        if (calls[operationName] === 1) return json({ data: null, errors: [{ message: 'Adresse email requise', extensions: { code: 'unauthorized' } }] });
        return json({ data: { setClientData: { __typename: 'CartPayload', cart: checkoutCart({ clientData: clientData() }), addressSuggestions: null, userErrors: [] } } });
      }),
    );
    const needEmail = createNeedEmailStore();
    const unsubscribe = needEmail.subscribe(() => undefined); // a host on screen
    const client = createApolloClient({ uri: 'http://localhost/graphql', needEmail });
    const router = createMemoryRouter(
      [
        { path: '/:galleryId/cart/address', element: <AddressPage /> },
        { path: '/:galleryId/*', element: <p>autre page</p> },
      ],
      { initialEntries: ['/gala/cart/address'] },
    );
    render(
      <ApolloProvider client={client}>
        <RouterProvider router={router} />
      </ApolloProvider>,
    );

    await screen.findByRole('heading', { level: 1, name: 'Adresse et livraison' });
    fill(billing(), address());
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    await waitFor(() => expect(needEmail.getSnapshot()).toBe(true));
    expect(notifications.getSnapshot().filter((n) => n.type === 'error')).toEqual([]);

    await act(async () => needEmail.settle(true));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gala/cart/validation'));
    expect(calls.SetClientData).toBe(2);
    expect(sent[1]).toEqual(sent[0]);
    unsubscribe();
  });
});
