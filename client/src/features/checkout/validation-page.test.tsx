import { ApolloLink } from '@apollo/client';
import { MockLink, MockSubscriptionLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { OperationTypeNode } from 'graphql';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCache } from '../../lib/apollo-cache';
import { galleryIdMock, totals, voucher } from '../../lib/cart/cart-fixtures';
import { notifications } from '../../lib/notification-store';
import { CheckoutCartQuery } from './checkout-documents';
import { address, checkoutCart, checkoutCartMock, clientData, GALLERY_ID, paymentMethodsMock, placeOrderAnswer, placeOrderMock, PICKUP_ADDRESS, userError } from './checkout-fixtures';
import { redirectTo } from './redirect';
import { ValidationPage } from './validation-page';

vi.mock('./redirect', () => ({ redirectTo: vi.fn() }));

beforeEach(() => vi.mocked(redirectTo).mockClear());
afterEach(() => notifications.clear());

function renderPage(mocks: MockLink.MockedResponse[]) {
  const router = createMemoryRouter(
    [
      { path: '/:galleryId/cart/validation', element: <ValidationPage /> },
      { path: '/:galleryId/*', element: <p>autre page</p> },
    ],
    { initialEntries: ['/gala/cart/validation'] },
  );
  // The cart's live updates go to a subscription link that stays quiet.
  const link = ApolloLink.split((op) => op.operationType === OperationTypeNode.SUBSCRIPTION, new MockSubscriptionLink(), new MockLink(mocks));
  render(
    <MockedProvider link={link} cache={createCache()}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return router;
}

const ready = checkoutCart({ clientData: clientData() });
const payButton = () => screen.getByRole('button', { name: /^Payer \d/ });
const terms = () => screen.getByRole('checkbox', { name: 'J’accepte les conditions générales de vente' });
const retouch = () => screen.getByRole('checkbox', { name: 'Je comprends que le photographe peut retoucher les photos avant impression' });

function errorOf(field: HTMLElement): string | null | undefined {
  const id = field.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
}

describe('ValidationPage', () => {
  it('recaps the purchases, the addresses with a way back to change them, and the totals', async () => {
    renderPage([galleryIdMock(), checkoutCartMock(ready), paymentMethodsMock()]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Validation de ma commande' })).toBeTruthy();
    const items = screen.getByRole('region', { name: 'Mes articles' });
    expect(within(items).getByText('Tirage 13x18')).toBeTruthy();
    expect(within(items).getByText('2 × 2,50 €')).toBeTruthy();
    expect(within(items).getByText('Fichier HD')).toBeTruthy();

    const addresses = screen.getByRole('region', { name: 'Adresses et livraison' });
    expect(within(addresses).getByText('Madame Julie Martin')).toBeTruthy();
    expect(within(addresses).getByText('1000 Bruxelles')).toBeTruthy();
    expect(within(addresses).getByText('Livraison à domicile')).toBeTruthy();
    expect(within(addresses).getByText('À l’adresse de facturation')).toBeTruthy();
    expect(within(addresses).getByText('Confirmation envoyée à julie@example.com')).toBeTruthy();
    expect(within(addresses).getByRole('link', { name: 'Modifier les adresses et la livraison' }).getAttribute('href')).toBe('/gala/cart/address');

    const sums = screen.getByRole('region', { name: 'Montant de la commande' });
    const row = (label: string) => within(sums).getByText(label).closest('div')!.querySelector('dd')!.textContent?.replace(/\s/g, ' ');
    expect(row('Total')).toBe('21,90 €');
    expect(row('dont TVA 21 %')).toBe('3,80 €');
  });

  it('shows the studio’s address for a pickup', async () => {
    renderPage([galleryIdMock(), checkoutCartMock(checkoutCart({ deliveryOption: 'pickup', clientData: clientData({ deliveryOption: 'pickup' }) })), paymentMethodsMock()]);
    const addresses = await screen.findByRole('region', { name: 'Adresses et livraison' });
    expect(within(addresses).getByText('Retrait au studio')).toBeTruthy();
    expect(within(addresses).getByText((_, el) => el?.textContent === PICKUP_ADDRESS && el.tagName === 'P')).toBeTruthy();
  });

  it('requires both checkboxes before any call', async () => {
    renderPage([galleryIdMock(), checkoutCartMock(ready), paymentMethodsMock()]);
    await screen.findByRole('heading', { level: 1, name: 'Validation de ma commande' });
    fireEvent.click(payButton());
    await waitFor(() => expect(document.activeElement).toBe(terms()));
    expect(terms().getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(terms())).toBe('Merci de cocher cette case');
    expect(errorOf(retouch())).toBe('Merci de cocher cette case');

    fireEvent.click(terms());
    expect(errorOf(terms())).toBeUndefined();
    fireEvent.click(payButton());
    await waitFor(() => expect(document.activeElement).toBe(retouch()));
    expect(errorOf(retouch())).toBe('Merci de cocher cette case');
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('pays with the chosen method: one order however many clicks, then the provider’s page', async () => {
    let placed = 0;
    renderPage([
      galleryIdMock(),
      checkoutCartMock(ready),
      paymentMethodsMock(),
      placeOrderMock(
        { paymentMethod: 'bancontact', acceptTerms: true, acceptRetouch: true, expectedTotal: '21.90' },
        placeOrderAnswer({ redirectUrl: 'https://pay.example/checkout/cs_1' }),
        () => (placed += 1),
        50,
      ),
    ]);
    const methods = await screen.findByRole('group', { name: 'Moyen de paiement' });
    const card = within(methods).getByRole('radio', { name: 'Carte bancaire' }) as HTMLInputElement;
    expect(card.checked).toBe(true);
    fireEvent.click(within(methods).getByRole('radio', { name: 'Bancontact' }));
    fireEvent.click(terms());
    fireEvent.click(retouch());

    fireEvent.click(payButton());
    fireEvent.click(payButton());
    expect((payButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(payButton());
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://pay.example/checkout/cs_1'));
    expect(placed).toBe(1);
    expect(redirectTo).toHaveBeenCalledTimes(1);
    // The page is leaving: the button stays disabled.
    expect((payButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('confirms an order paid by gift cards without a payment method, and goes to its page', async () => {
    const covered = checkoutCart({
      clientData: clientData(),
      vouchers: [voucher({ code: 'CADEAU', kind: 'gift_card', amount: '21.90', remainingBalance: '3.10' })],
      totals: totals({ giftCards: '21.90', total: '0' }),
    });
    const router = renderPage([
      galleryIdMock(),
      checkoutCartMock(covered),
      paymentMethodsMock(),
      placeOrderMock({ paymentMethod: 'card', acceptTerms: true, acceptRetouch: true, expectedTotal: '0' }, placeOrderAnswer({ orderId: 'ord_9' })),
    ]);
    expect(await screen.findByText('Vos cartes cadeaux couvrent tout le montant : il n’y a rien à payer.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Moyen de paiement' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Payer/ })).toBeNull();
    fireEvent.click(terms());
    fireEvent.click(retouch());
    fireEvent.click(screen.getByRole('button', { name: 'Valider ma commande' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gala/paymentReturn'));
    expect(router.state.location.search).toBe('?order=ord_9');
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('shows a refusal, reads the cart again and lets the buyer pay again', async () => {
    let cartReads = 0;
    renderPage([
      galleryIdMock(),
      {
        request: { query: CheckoutCartQuery, variables: { galleryId: GALLERY_ID } },
        result: () => {
          cartReads += 1;
          return { data: { cart: ready } };
        },
        maxUsageCount: 10,
      },
      paymentMethodsMock(),
      placeOrderMock(
        { paymentMethod: 'card', acceptTerms: true, acceptRetouch: true, expectedTotal: '21.90' },
        placeOrderAnswer({ userErrors: [userError('code_used_up', 'Le code PROMO10 a été utilisé le nombre de fois prévu : il a été retiré de votre panier.', ['vouchers'])] }),
      ),
    ]);
    await screen.findByRole('group', { name: 'Moyen de paiement' });
    const readsBefore = cartReads;
    fireEvent.click(terms());
    fireEvent.click(retouch());
    fireEvent.click(payButton());
    const alert = await screen.findByText('Le code PROMO10 a été utilisé le nombre de fois prévu : il a été retiré de votre panier.');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    await waitFor(() => expect(cartReads).toBeGreaterThan(readsBefore));
    await waitFor(() => expect((payButton() as HTMLButtonElement).disabled).toBe(false));
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('sends the total it shows; when a gift card covers less, says so in French, shows the new totals and places at them on the next click', async () => {
    // Shown: 21.90 with 10.00 from the gift card, 11.90 to pay. Meanwhile the
    // card paid another order: 4.00 left on it, 17.90 to pay.
    const card = (amount: string, remaining: string) => [voucher({ code: 'CADEAU', kind: 'gift_card', amount, remainingBalance: remaining })];
    const before = checkoutCart({ clientData: clientData(), vouchers: card('10.00', '0'), totals: totals({ giftCards: '10.00', total: '11.90' }) });
    const after = checkoutCart({ clientData: clientData(), vouchers: card('4.00', '0'), totals: totals({ giftCards: '4.00', total: '17.90' }) });
    let reads = 0;
    const sent: string[] = [];
    renderPage([
      galleryIdMock(),
      {
        request: { query: CheckoutCartQuery, variables: { galleryId: GALLERY_ID } },
        result: () => {
          reads += 1;
          return { data: { cart: reads === 1 ? before : after } };
        },
        maxUsageCount: 10,
      },
      paymentMethodsMock(),
      placeOrderMock(
        { paymentMethod: 'card', acceptTerms: true, acceptRetouch: true, expectedTotal: '11.90' },
        placeOrderAnswer({ userErrors: [userError('gift_card_changed', 'Le solde d\'une carte cadeau a changé : merci de vérifier votre panier.')] }),
        () => sent.push('11.90'),
      ),
      placeOrderMock(
        { paymentMethod: 'card', acceptTerms: true, acceptRetouch: true, expectedTotal: '17.90' },
        placeOrderAnswer({ redirectUrl: 'https://pay.example/checkout/cs_2' }),
        () => sent.push('17.90'),
      ),
    ]);
    const sums = await screen.findByRole('region', { name: 'Montant de la commande' });
    const row = (label: string) => within(sums).getByText(label).closest('div')!.querySelector('dd')!.textContent?.replace(/\s/g, ' ');
    expect(row('Total')).toBe('11,90 €');
    fireEvent.click(terms());
    fireEvent.click(retouch());
    fireEvent.click(payButton());
    const alert = await screen.findByText(
      'Le solde de votre carte cadeau a changé depuis l’affichage de cette page (elle a servi pour une autre commande) : vérifiez le nouveau montant ci-dessous, puis validez à nouveau pour l’accepter.',
    );
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    // The cart read again: the new totals are on the page.
    await waitFor(() => expect(row('Total')).toBe('17,90 €'));
    expect(redirectTo).not.toHaveBeenCalled();
    await waitFor(() => expect((payButton() as HTMLButtonElement).disabled).toBe(false));
    // The next click accepts them: it sends the new total.
    fireEvent.click(payButton());
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://pay.example/checkout/cs_2'));
    expect(sent).toEqual(['11.90', '17.90']);
  });

  it('says in French why a changed price refused the order', async () => {
    renderPage([
      galleryIdMock(),
      { request: { query: CheckoutCartQuery, variables: { galleryId: GALLERY_ID } }, result: { data: { cart: ready } }, maxUsageCount: 10 },
      paymentMethodsMock(),
      placeOrderMock(
        { paymentMethod: 'card', acceptTerms: true, acceptRetouch: true, expectedTotal: '21.90' },
        placeOrderAnswer({ userErrors: [userError('total_changed', 'Le montant de votre commande a changé.')] }),
      ),
    ]);
    await screen.findByRole('group', { name: 'Moyen de paiement' });
    fireEvent.click(terms());
    fireEvent.click(retouch());
    fireEvent.click(payButton());
    expect(
      await screen.findByText(
        'Le montant de votre commande a changé depuis l’affichage de cette page (un prix a été modifié) : vérifiez le nouveau montant ci-dessous, puis validez à nouveau pour l’accepter.',
      ),
    ).toBeTruthy();
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('insists on the retouch when photos are to be retouched', async () => {
    renderPage([galleryIdMock(), checkoutCartMock(checkoutCart({ clientData: clientData(), photosNeedRetouch: true })), paymentMethodsMock()]);
    expect((await screen.findByRole('note')).textContent).toContain('seront retouchées par le photographe');
  });

  it('blocks the payment while items cannot be delivered', async () => {
    renderPage([
      galleryIdMock(),
      checkoutCartMock(
        checkoutCart({
          clientData: clientData({ billing: address({ country: 'CH' }) }),
          shippingProblems: [{ __typename: 'ShippingProblem', cartItemId: 'ci_print', country: 'CH', reason: 'excluded_country', message: 'Ce tirage ne peut pas être livré en Suisse.' }],
        }),
      ),
      paymentMethodsMock(),
    ]);
    expect(await screen.findByText('Ce tirage ne peut pas être livré en Suisse.')).toBeTruthy();
    await waitFor(() => expect((payButton() as HTMLButtonElement).disabled).toBe(true));
  });

  it('sends a cart without addresses to the address step, and an empty one to the cart', async () => {
    const router = renderPage([galleryIdMock(), checkoutCartMock(checkoutCart()), paymentMethodsMock()]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/gala/cart/address'));
    expect(router.state.historyAction).toBe('REPLACE');

    const empty = renderPage([galleryIdMock(), checkoutCartMock(checkoutCart({ photos: [], itemCount: 0, clientData: clientData() })), paymentMethodsMock()]);
    await waitFor(() => expect(empty.state.location.pathname).toBe('/gala/cart'));
  });
});
