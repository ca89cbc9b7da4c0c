import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StudioOrderDetailFragment } from '../../gql/graphql';
import { OrderPrintLab } from './order-printlab';
import { StudioOrderExtrasQuery, StudioPreparePrintSheetMutation } from './printlab-documents';

const order = { id: 'ord_1', status: 'validated', lines: [{ kind: 'print' }] } as unknown as StudioOrderDetailFragment;

function sheet(id: string, status: string, extra: Record<string, unknown> = {}) {
  return {
    __typename: 'PrintSheet' as const,
    id,
    status,
    filesDone: 2,
    filesTotal: 2,
    sizeBytes: 2_400_000,
    url: null,
    error: '',
    createdAt: '2026-10-01T10:00:00Z',
    expiredAt: null,
    ...extra,
  };
}

function extras(sheets: ReturnType<typeof sheet>[]): MockLink.MockedResponse {
  return {
    request: { query: StudioOrderExtrasQuery, variables: { id: 'ord_1' } },
    result: { data: { order: { __typename: 'Order' as const, id: 'ord_1', printSheets: sheets, emailsSent: [] } } },
  };
}

describe('OrderPrintLab', () => {
  it('says an expired sheet’s ZIP is gone and prepares it again', async () => {
    const expired = sheet('prs_1', 'expired', { expiredAt: '2026-10-31T10:00:00Z' });
    const fresh = sheet('prs_2', 'preparing', { filesDone: 0, createdAt: '2026-11-27T08:00:00Z' });
    render(
      <MockedProvider
        mocks={[
          extras([expired]),
          {
            request: { query: StudioPreparePrintSheetMutation, variables: { orderId: 'ord_1' } },
            result: { data: { preparePrintSheet: { __typename: 'PrintSheetPayload' as const, printSheet: fresh, userErrors: [] } } },
          },
          extras([fresh, expired]),
        ]}
      >
        <OrderPrintLab order={order} />
      </MockedProvider>,
    );
    expect((await screen.findByText(/Le ZIP de cette planche a expiré le/)).textContent).toMatch(/préparez-la de nouveau/);
    expect(screen.queryByRole('link', { name: /Télécharger le ZIP/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Préparer la planche de nouveau' }));
    expect(await screen.findByText('0 fichier(s) sur 2 prêt(s)…')).toBeTruthy();
    expect(screen.queryByText(/a expiré/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Préparer une nouvelle planche' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
