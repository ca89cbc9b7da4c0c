import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import type { StudioOrderDetailFragment } from '../../gql/graphql';
import { OrderActions } from './order-actions';
import { ORDER_STATUSES, statusLabel } from './order-labels';
import { StudioOrderCancelMutation, StudioOrderInProductionMutation } from './orders-documents';

function order(status: string, deliveryOption = 'shipping') {
  return {
    id: 'ord_1',
    number: '10042',
    status,
    deliveryOption,
    refundable: { amount: '0.00', currency: 'EUR' },
    downloads: [],
  } as unknown as StudioOrderDetailFragment;
}

const inProduction = {
  request: { query: StudioOrderInProductionMutation, variables: { id: 'ord_1' } },
  delay: 50,
  result: { data: { markOrderInProduction: { __typename: 'OrderPayload' as const, order: null, userErrors: [] } } },
};

describe('OrderActions: in production', () => {
  it('puts a paid order with prints in production, disabled while the call runs', async () => {
    render(
      <MockedProvider mocks={[inProduction]}>
        <OrderActions order={order('validated')} />
      </MockedProvider>,
    );
    const button = screen.getByRole('button', { name: 'Mettre en production' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(button.disabled).toBe(true);
    // A second click while pending calls nothing more (the mock answers once).
    fireEvent.click(button);
    await screen.findByRole('button', { name: 'Mettre en production' });
    await expect.poll(() => button.disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hides the button once in production, for files only and before payment; sending stays possible', () => {
    const { rerender } = render(
      <MockedProvider mocks={[]}>
        <OrderActions order={order('in_production')} />
      </MockedProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Mettre en production' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Marquer comme expédiée' })).toBeTruthy();
    for (const o of [order('validated', 'none'), order('awaiting_payment'), order('sent')]) {
      rerender(
        <MockedProvider mocks={[]}>
          <OrderActions order={o} />
        </MockedProvider>,
      );
      expect(screen.queryByRole('button', { name: 'Mettre en production' })).toBeNull();
    }
  });
});

describe('OrderActions: confirmation', () => {
  it('cancels only once confirmed', async () => {
    let called = 0;
    const cancel = {
      request: { query: StudioOrderCancelMutation, variables: { id: 'ord_1' } },
      result: () => {
        called++;
        return { data: { cancelOrder: { __typename: 'OrderPayload' as const, order: null, userErrors: [] } } };
      },
    };
    render(
      <MockedProvider mocks={[cancel]}>
        <OrderActions order={order('awaiting_payment')} />
      </MockedProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Annuler la commande' }));
    expect(screen.getByText(/Annuler la commande n° 10042 \?/)).toBeTruthy();
    expect(called).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(screen.queryByText(/Annuler la commande n° 10042 \?/)).toBeNull();
    await expect.poll(() => called).toBe(1);
  });
});

describe('statusLabel', () => {
  it('names in production in the three languages, and the filter lists it', async () => {
    expect(ORDER_STATUSES).toContain('in_production');
    expect(statusLabel('in_production', i18n.getFixedT('fr'))).toBe('En production');
    await i18n.loadLanguages(['nl', 'en']);
    expect(statusLabel('in_production', i18n.getFixedT('nl'))).toBe('In productie');
    expect(statusLabel('in_production', i18n.getFixedT('en'))).toBe('In production');
  });
});
