import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { testLinks } from '../../lib/downloads/download-fixtures';
import { notifications } from '../../lib/notification-store';
import { emptyFilters, filterVariables } from './order-filters';
import { StudioOrdersGalleriesQuery, StudioOrdersQuery } from './orders-documents';
import { OrdersPage } from './orders-page';

const money = (amount: string) => ({ __typename: 'Money', amount, currency: 'EUR' });

function order(id: string, number: string, status: string) {
  return {
    __typename: 'Order',
    id,
    number,
    status,
    email: 'camille@example.com',
    createdAt: '2026-05-12T10:00:00Z',
    deliveryOption: 'pickup',
    paymentMethod: 'card',
    billingAddress: { __typename: 'Address', firstname: 'Camille', lastname: 'Dubois' },
    gallery: { __typename: 'Gallery', id: 'gal_1', eventName: 'Gala 2026' },
    totals: { __typename: 'OrderTotals', total: money('24.00') },
    refunded: money('0.00'),
  };
}

// The list as the server gives it, whenever it is asked (each feed event asks again).
const list: MockLink.MockedResponse = {
  request: { query: StudioOrdersQuery, variables: { ...filterVariables(emptyFilters), after: null } },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: {
    data: {
      orders: {
        __typename: 'OrderConnection',
        totalCount: 1,
        pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: 'c1' },
        edges: [{ __typename: 'OrderEdge', node: order('ord_1', '2026-0101', 'awaiting_validation') }],
      },
      studioOrderSummary: { __typename: 'StudioOrderSummary', count: 1, paid: money('24.00'), refunded: money('0.00') },
    },
  },
};
const galleries: MockLink.MockedResponse = {
  request: { query: StudioOrdersGalleriesQuery },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: { data: { studioGalleries: { __typename: 'GalleryConnection', edges: [] } } },
};

const messages = () => notifications.getSnapshot().map((n) => n.message);

afterEach(() => {
  for (const n of notifications.getSnapshot()) notifications.dismiss(n.id);
});

describe('OrdersPage, the live feed', () => {
  it('tells a listed order that is paid from a new one', async () => {
    const { link, subscriptions } = testLinks([list, galleries]);
    render(
      <MockedProvider link={link}>
        <MemoryRouter>
          <OrdersPage />
        </MemoryRouter>
      </MockedProvider>,
    );
    await screen.findByText('Commande n° 2026-0101');
    const event = (id: string, number: string, status: string) =>
      act(() => subscriptions.simulateResult({ result: { data: { studioOrderEvents: order(id, number, status) } } }));

    await event('ord_1', '2026-0101', 'validated');
    await waitFor(() => expect(messages()).toEqual(['Commande n° 2026-0101 payée']));
    await event('ord_2', '2026-0102', 'awaiting_payment');
    await waitFor(() => expect(messages()).toEqual(['Commande n° 2026-0101 payée', 'Nouvelle commande n° 2026-0102']));
    // Told once: the same state again says nothing (the next order's notice comes alone).
    await event('ord_1', '2026-0101', 'validated');
    await event('ord_3', '2026-0103', 'awaiting_payment');
    await waitFor(() => expect(messages()).toEqual(['Commande n° 2026-0101 payée', 'Nouvelle commande n° 2026-0102', 'Nouvelle commande n° 2026-0103']));
  });
});
