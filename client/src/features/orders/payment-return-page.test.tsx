import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCache } from '../../lib/apollo-cache';
import { update } from '../../lib/downloads/download-fixtures';
import { OrderQuery } from './order-documents';
import { downloadRequest, order, orderMock, orderNotFoundMock, testLinks } from './order-fixtures';
import { ORDER_POLL_MS, orderView, PaymentReturnPage } from './payment-return-page';

afterEach(() => {
  vi.useRealTimers();
});

function renderPage(mocks: MockLink.MockedResponse[], search = '?order=ord_1') {
  const { link, subscriptions } = testLinks(mocks);
  const router = createMemoryRouter(
    [
      { path: '/:galleryId/paymentReturn', element: <PaymentReturnPage /> },
      { path: '/:galleryId/*', element: <p>autre page</p> },
    ],
    { initialEntries: [`/gala/paymentReturn${search}`] },
  );
  render(
    <MockedProvider link={link} cache={createCache()}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return { router, subscriptions };
}

describe('orderView', () => {
  it('maps every status to its page', () => {
    expect(['validated', 'in_production', 'sent', 'ready_for_pickup'].map((s) => orderView(s as never, false))).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed']);
    expect(orderView('awaiting_payment', false)).toBe('pending');
    expect(orderView('awaiting_validation', false)).toBe('pending');
    expect(orderView('awaiting_payment', true)).toBe('failed');
    expect(orderView('awaiting_validation', true)).toBe('pending');
    expect(orderView('payment_error', false)).toBe('failed');
    expect(['expired', 'cancelled', 'refunded'].map((s) => orderView(s as never, false))).toEqual(['closed', 'closed', 'closed']);
  });
});

describe('PaymentReturnPage', () => {
  it('confirms a paid order with its number, the e-mail and the recap', async () => {
    renderPage([orderMock(order())]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande confirmée' })).toBeTruthy();
    expect(screen.getByText('Votre commande n° 10042 est confirmée.')).toBeTruthy();
    expect(screen.getByText('Un email de confirmation a été envoyé à julie@example.com.')).toBeTruthy();

    const recap = screen.getByRole('region', { name: 'Votre commande' });
    expect(within(recap).getByText('Tirage 13x18 brillant · IMG_ph1.jpg')).toBeTruthy();
    expect(within(recap).getByText(/2 × 2,50/)).toBeTruthy();
    const row = (label: string) => within(recap).getByText(label).closest('div')!.querySelector('dd')!.textContent?.replace(/\s/g, ' ');
    expect(row('Remise (code PROMO10)')).toBe('−1,70 €');
    expect(row('Livraison')).toBe('4,90 €');
    expect(row('Total')).toBe('20,20 €');
    expect(row('dont TVA')).toBe('3,51 €');
    const addresses = screen.getByRole('region', { name: 'Adresses' });
    expect(within(addresses).getByText('Madame Julie Martin')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Vos fichiers numériques' })).toBeNull();
  });

  it('waits for the payment’s validation live, then confirms without reloading', async () => {
    const { subscriptions } = renderPage([orderMock(order({ status: 'awaiting_validation' }))]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement en attente de validation' })).toBeTruthy();
    expect(screen.getByText('Votre commande n° 10042 est enregistrée : nous attendons la confirmation de votre paiement.')).toBeTruthy();
    await waitFor(() => expect(subscriptions.operation?.operationName).toBe('OrderUpdated'));
    expect(subscriptions.operation?.variables).toEqual({ id: 'ord_1' });

    subscriptions.simulateResult({ result: { data: { orderUpdated: order({ status: 'validated' }) } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande confirmée' })).toBeTruthy();
    expect(screen.getByText('Votre commande n° 10042 est confirmée.')).toBeTruthy();
    // The change is read out.
    expect(screen.getAllByRole('status').some((el) => el.textContent === 'Commande confirmée')).toBe(true);
  });

  it('reads a pending order again every 10 s, in case the websocket is down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [order({ status: 'awaiting_payment' }), order({ status: 'awaiting_payment' }), order({ status: 'validated' })];
    let reads = 0;
    renderPage([
      {
        request: { query: OrderQuery, variables: { id: 'ord_1' } },
        result: () => ({ data: { order: answers[Math.min(reads++, answers.length - 1)] } }),
        delay: 0,
        maxUsageCount: 10,
      },
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Paiement en attente de validation' });
    expect(ORDER_POLL_MS).toBe(10_000);
    expect(reads).toBe(1);
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    await waitFor(() => expect(reads).toBe(2));
    expect(screen.getByRole('heading', { level: 1, name: 'Paiement en attente de validation' })).toBeTruthy();
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande confirmée' })).toBeTruthy();
    // Confirmed: no more reads.
    await vi.advanceTimersByTimeAsync(3 * ORDER_POLL_MS);
    expect(reads).toBe(3);
  });

  it('turns a pending payment into the error page when it fails', async () => {
    const { subscriptions } = renderPage([orderMock(order({ status: 'awaiting_payment', canPay: true, paymentUrl: 'https://pay.example/checkout/cs_1' }))]);
    await screen.findByRole('heading', { level: 1, name: 'Paiement en attente de validation' });
    expect(screen.getByRole('link', { name: 'Reprendre le paiement' }).getAttribute('href')).toBe('https://pay.example/checkout/cs_1');
    await waitFor(() => expect(subscriptions.operation?.operationName).toBe('OrderUpdated'));
    subscriptions.simulateResult({ result: { data: { orderUpdated: order({ status: 'payment_error', canPay: true }) } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Le paiement n’a pas abouti' })).toBeTruthy();
  });

  it('says the payment failed, with the way back to pay again', async () => {
    renderPage([orderMock(order({ status: 'payment_error', canPay: true }))]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Le paiement n’a pas abouti' })).toBeTruthy();
    expect(screen.getByText('Votre panier est intact : vous pouvez réessayer le paiement.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Réessayer le paiement' }).getAttribute('href')).toBe('/gala/cart/validation');
    expect(screen.getByRole('link', { name: 'Retour au panier' }).getAttribute('href')).toBe('/gala/cart');
  });

  it('treats a payment abandoned at the provider as failed', async () => {
    renderPage([orderMock(order({ status: 'awaiting_payment' }))], '?order=ord_1&result=cancel');
    expect(await screen.findByRole('heading', { level: 1, name: 'Le paiement n’a pas abouti' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Réessayer le paiement' })).toBeTruthy();
  });

  it('offers the downloads once ready, and follows those being prepared', async () => {
    const preparing = downloadRequest({ id: 'dl_2', status: 'preparing', quality: 'web', filesDone: 5, filesTotal: 20 });
    const { subscriptions } = renderPage([
      orderMock(order({ downloads: [downloadRequest({ id: 'dl_1', status: 'ready', quality: 'hd', filesDone: 20, filesTotal: 20, links: ['/media/downloads/dl_1/tok/1.zip'] }), preparing] })),
    ]);
    const downloads = await screen.findByRole('region', { name: 'Vos fichiers numériques' });
    const hd = within(downloads).getByText('Photos en haute définition').closest('li')!;
    expect(within(hd).getByRole('link', { name: 'Télécharger' }).getAttribute('href')).toBe('/media/downloads/dl_1/tok/1.zip');
    const web = within(downloads).getByText('Photos en qualité web').closest('li')!;
    expect(within(web).getByText('Préparation en cours : 5 / 20 photos')).toBeTruthy();
    expect(within(web).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('5');
    expect(within(downloads).getByText('Les liens de téléchargement vous sont aussi envoyés par email.')).toBeTruthy();

    await waitFor(() => expect(subscriptions.operation?.operationName).toBe('DownloadRequestUpdated'));
    expect(subscriptions.operation?.variables).toEqual({ id: 'dl_2' });
    subscriptions.simulateResult(update({ ...preparing, status: 'ready', filesDone: 20, links: ['/media/downloads/dl_2/tok/1.zip', '/media/downloads/dl_2/tok/2.zip'] }));
    expect(await within(web).findByRole('link', { name: 'Télécharger (partie 2)' })).toBeTruthy();
    expect(within(web).getByRole('link', { name: 'Télécharger (partie 1)' }).getAttribute('href')).toBe('/media/downloads/dl_2/tok/1.zip');
  });

  it('explains an expired, cancelled or refunded order', async () => {
    renderPage([orderMock(order({ status: 'expired' }))]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande expirée' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à la galerie' }).getAttribute('href')).toBe('/gala');
  });

  it('says when the order cannot be found', async () => {
    renderPage([orderNotFoundMock('ord_x')], '?order=ord_x');
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande introuvable' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à la galerie' }).getAttribute('href')).toBe('/gala');
  });

  it('says the same without an order in the address', async () => {
    renderPage([], '');
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande introuvable' })).toBeTruthy();
  });
});
