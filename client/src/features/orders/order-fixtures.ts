// Test data shared by the order tests: cache-shaped answers with their
// __typename, as the server would send them.
import { ApolloLink } from '@apollo/client';
import { MockLink, MockSubscriptionLink } from '@apollo/client/testing';
import { OperationTypeNode } from 'graphql';
import type { OrderStatus } from '../../gql/graphql';
import { downloadRequest } from '../../lib/downloads/download-fixtures';
import { OrderQuery } from './order-documents';

export { downloadRequest };

function money(amount: string) {
  return { __typename: 'Money' as const, amount, currency: 'EUR' as const };
}

/** orderAddress is an Address answer: Julie Martin in Brussels. */
export function orderAddress() {
  return {
    __typename: 'Address' as const,
    title: 'Madame',
    firstname: 'Julie',
    lastname: 'Martin',
    address: 'Rue des Fleurs 3',
    address2: '',
    postalCode: '1000',
    city: 'Bruxelles',
    country: 'BE',
    phoneNumber: '+32 470 12 34 56',
    vatNumber: '',
  };
}

/** orderLine is an OrderLine answer. */
export function orderLine(id: string, kind: string, description: string, quantity: number, unitPrice: string, total: string) {
  return { __typename: 'OrderLine' as const, id, kind, description, quantity, unitPrice: money(unitPrice), total: money(total) };
}

/**
 * order is an Order answer (OrderFields): order 10042 of two prints 13x18 and
 * a HD file, delivered home, validated unless told.
 */
export function order(
  over: Partial<{
    id: string;
    status: OrderStatus;
    downloads: Array<ReturnType<typeof downloadRequest>>;
    canPay: boolean;
    paymentUrl: string | null;
    deliveryOption: string;
  }> = {},
) {
  return {
    __typename: 'Order' as const,
    id: 'ord_1',
    number: '10042',
    status: 'validated' as OrderStatus,
    email: 'julie@example.com',
    paymentMethod: 'card',
    canPay: false,
    paymentUrl: null as string | null,
    expiresAt: null as string | null,
    downloads: [] as Array<ReturnType<typeof downloadRequest>>,
    deliveryOption: 'shipping',
    pickupAddress: 'Studio Lumière\nRue de la Lumière 12\n1000 Bruxelles',
    lines: [orderLine('ol_1', 'print', 'Tirage 13x18 brillant · IMG_ph1.jpg', 2, '2.50', '5.00'), orderLine('ol_2', 'digital_file', 'Fichier HD · IMG_ph2.jpg', 1, '12.00', '12.00')],
    totals: {
      __typename: 'OrderTotals' as const,
      merchandise: money('17.00'),
      discount: money('1.70'),
      discountCode: 'PROMO10' as string | null,
      shipping: money('4.90'),
      giftCards: money('0'),
      vat: money('3.51'),
      total: money('20.20'),
    },
    billingAddress: orderAddress(),
    shippingAddress: null as ReturnType<typeof orderAddress> | null,
    ...over,
  };
}

/** orderMock answers the order query. */
export function orderMock(answer: ReturnType<typeof order>, maxUsageCount = 10): MockLink.MockedResponse {
  return { request: { query: OrderQuery, variables: { id: answer.id } }, result: { data: { order: answer } }, maxUsageCount };
}

/** orderNotFoundMock answers the order query with order_not_found. */
export function orderNotFoundMock(id: string): MockLink.MockedResponse {
  return {
    request: { query: OrderQuery, variables: { id } },
    result: { errors: [{ message: 'Cette commande est introuvable.', extensions: { code: 'order_not_found' } }] },
    maxUsageCount: 10,
  };
}

/**
 * testLinks sends queries to `mocks` and subscriptions to a
 * MockSubscriptionLink, whose simulateResult pushes the server's updates.
 */
export function testLinks(mocks: MockLink.MockedResponse[]) {
  const subscriptions = new MockSubscriptionLink();
  const link = ApolloLink.split((op) => op.operationType === OperationTypeNode.SUBSCRIPTION, subscriptions, new MockLink(mocks));
  return { link, subscriptions };
}
