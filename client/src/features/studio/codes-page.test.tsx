import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { VoucherGalleryScope } from '../../gql/graphql';
import { galleryVariables } from './code-labels';
import { CodesPage } from './codes-page';
import { StudioCodesGalleriesQuery, StudioVouchersQuery } from './codes-documents';

const eur = (amount: string) => ({ __typename: 'Money' as const, amount, currency: 'EUR' });

function voucher(code: string, galleryId: string | null) {
  return {
    __typename: 'Voucher' as const,
    id: `vch_${code}`,
    code,
    kind: 'discount_code',
    status: 'active',
    galleryId,
    percentOff: 10,
    amountOff: eur('0.00'),
    minSpend: eur('0.00'),
    validFrom: null,
    validUntil: null,
    usageLimit: 0,
    perEmailLimit: 0,
    timesUsed: 0,
    freeShipping: false,
    freeShippingCountries: [],
    giftAmount: eur('0.00'),
    balance: eur('0.00'),
    active: true,
    createdAt: '2026-11-01T10:00:00Z',
  };
}

function vouchers(filter: { galleryId?: string; galleryScope?: VoucherGalleryScope }, list: ReturnType<typeof voucher>[]): MockLink.MockedResponse {
  return {
    request: {
      query: StudioVouchersQuery,
      variables: { search: null, status: null, kind: null, galleryId: filter.galleryId ?? null, galleryScope: filter.galleryScope ?? null },
    },
    result: { data: { studioVouchers: list } },
  };
}

const galleries: MockLink.MockedResponse = {
  request: { query: StudioCodesGalleriesQuery },
  result: {
    data: {
      studioGalleries: {
        __typename: 'GalleryConnection',
        edges: [
          { __typename: 'GalleryEdge', node: { __typename: 'Gallery', id: 'gal_1', url: 'mariage', eventName: 'Mariage Julie et Tom' } },
          { __typename: 'GalleryEdge', node: { __typename: 'Gallery', id: 'gal_2', url: 'gala', eventName: 'Gala 2026' } },
        ],
      },
    },
  },
};

describe('CodesPage gallery filter', () => {
  it('asks for the codes valid everywhere, limited to one gallery or to a given gallery', async () => {
    render(
      <MockedProvider
        mocks={[
          galleries,
          vouchers({}, [voucher('PARTOUT', null), voucher('MARIAGE', 'gal_1'), voucher('GALA', 'gal_2')]),
          vouchers({ galleryScope: 'all_galleries' }, [voucher('PARTOUT', null)]),
          vouchers({ galleryScope: 'one_gallery' }, [voucher('MARIAGE', 'gal_1'), voucher('GALA', 'gal_2')]),
          vouchers({ galleryId: 'gal_2' }, [voucher('GALA', 'gal_2')]),
        ]}
      >
        <MemoryRouter>
          <CodesPage />
        </MemoryRouter>
      </MockedProvider>,
    );
    const list = async () => within(await screen.findByRole('list', { name: 'Codes et cartes cadeaux' })).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'));
    expect(await screen.findByRole('listitem', { name: 'MARIAGE' })).toBeTruthy();
    expect(await list()).toEqual(['PARTOUT', 'MARIAGE', 'GALA']);

    const filters = screen.getByRole('search', { name: 'Filtres des codes' });
    const where = within(filters).getByRole('combobox', { name: 'Galeries' });
    // Every gallery of the studio is offered, once the galleries are read.
    await within(where).findByRole('option', { name: 'Gala 2026' });
    expect(within(where).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Tous les codes',
      'Valables dans toutes les galeries',
      'Limités à une galerie',
      'Mariage Julie et Tom',
      'Gala 2026',
    ]);

    fireEvent.change(where, { target: { value: 'scope:all_galleries' } });
    await waitForList(['PARTOUT'], list);

    fireEvent.change(where, { target: { value: 'scope:one_gallery' } });
    await waitForList(['MARIAGE', 'GALA'], list);

    fireEvent.change(within(filters).getByRole('combobox', { name: 'Galeries' }), { target: { value: 'gallery:gal_2' } });
    await waitForList(['GALA'], list);
  });

  it('turns the filter’s value into studioVouchers’ arguments', () => {
    expect(galleryVariables('')).toEqual({ galleryId: null, galleryScope: null });
    expect(galleryVariables('scope:all_galleries')).toEqual({ galleryId: null, galleryScope: 'all_galleries' });
    expect(galleryVariables('scope:one_gallery')).toEqual({ galleryId: null, galleryScope: 'one_gallery' });
    expect(galleryVariables('gallery:gal_2')).toEqual({ galleryId: 'gal_2', galleryScope: null });
  });
});

async function waitForList(want: string[], list: () => Promise<(string | null)[]>) {
  const deadline = Date.now() + 3000;
  for (;;) {
    const got = await list();
    if (JSON.stringify(got) === JSON.stringify(want) || Date.now() > deadline) {
      expect(got).toEqual(want);
      return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}
