import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { StudioCatalogueQuery } from '../../gql/graphql';
import { CatalogueUpdatePackMutation, StudioCataloguePreviewQuery } from './catalogue-documents';
import { PackEditor } from './catalogue-packs';

type Catalogue = StudioCatalogueQuery['studioCatalogue'];

const eur = (amount: string) => ({ __typename: 'Money' as const, amount, currency: 'EUR' });

function format(id: string, name: string, kind: 'print' | 'digital', price: string): Catalogue['formats'][number] {
  return {
    id,
    name,
    shortSize: 10,
    longSize: 15,
    kind,
    digitalQuality: 'hd',
    withdrawn: false,
    onlyInPack: false,
    lab: '',
    unitPrice: { amount: price, currency: 'EUR' },
    galleryPrice: null,
    family: { id: 'fam_1' },
  } as Catalogue['formats'][number];
}

const print = format('fmt_print', '10 x 15', 'print', '2.50');
const big = format('fmt_big', '20 x 30', 'print', '9.00');
const hd = format('fmt_hd', 'Fichier HD', 'digital', '9.00');

const pack = {
  id: 'pck_1',
  pack: 'souvenir',
  displayName: 'Pack Souvenir',
  withdrawn: false,
  unitPrice: { amount: '39.00', currency: 'EUR' },
  formats: [{ quantity: 10, photos: 10, format: { id: print.id, name: print.name } }],
  digitalFiles: [{ quantity: 1, format: { id: hd.id, name: hd.name } }],
} as Catalogue['packs'][number];

const cat = {
  galleryId: 'gal_1',
  deliveryOptions: ['shipping', 'pickup'],
  pickupAddress: 'Studio',
  pickupStreet: '',
  pickupPostalCode: '',
  pickupCity: '',
  country: 'BE',
  categories: [],
  families: [],
  formats: [print, big, hd],
  packs: [pack],
  discounts: [],
  shippingRates: [],
} as Catalogue;

const lines = [
  { ref: pack.id, quantity: 1 },
  { ref: print.id, quantity: 1 },
  { ref: big.id, quantity: 1 },
  { ref: hd.id, quantity: 1 },
];

function previewOf(content: { unitPrice: string; formats: { formatId: string; quantity: number; photos: number }[]; digitalFiles: { formatId: string; quantity: number }[] }, total: string): MockLink.MockedResponse {
  const line = (ref: string, name: string, amount: string) => ({ __typename: 'CataloguePreviewLine' as const, ref, name, quantity: 1, available: true, unitPrice: eur(amount), total: eur(amount) });
  return {
    request: { query: StudioCataloguePreviewQuery, variables: { input: { galleryId: cat.galleryId, packs: [{ packId: pack.id, ...content }], lines } } },
    result: {
      data: {
        studioCataloguePreview: {
          __typename: 'CataloguePreviewPayload' as const,
          preview: {
            __typename: 'CataloguePreview' as const,
            lines: [line(pack.id, 'Pack Souvenir', content.unitPrice), line(print.id, '10 x 15', '2.50'), line(big.id, '20 x 30', '9.00'), line(hd.id, 'Fichier HD', '9.00')],
            merchandise: eur(total),
            discountPercent: 0,
            discount: eur('0.00'),
            shipping: eur('0.00'),
            vat: eur('0.00'),
            total: eur(total),
            shippingProblems: [],
          },
          userErrors: [],
        },
      },
    },
    maxUsageCount: 5,
  };
}

const saved = { unitPrice: '39.00', formats: [{ formatId: print.id, quantity: 10, photos: 10 }], digitalFiles: [{ formatId: hd.id, quantity: 1 }] };
const edited = { unitPrice: '45.00', formats: [{ formatId: print.id, quantity: 12, photos: 6 }], digitalFiles: [] };

describe('PackEditor', () => {
  it('shows the pack’s content, previews a changed content and price on the sample cart, then saves them', async () => {
    const onSaved = vi.fn();
    const update: MockLink.MockedResponse = {
      request: { query: CatalogueUpdatePackMutation, variables: { input: { packId: pack.id, ...edited } } },
      result: { data: { updatePack: { __typename: 'UpdatePackPayload' as const, pack: { __typename: 'Pack' as const, id: pack.id }, userErrors: [] } } },
    };
    render(
      <MockedProvider mocks={[previewOf(saved, '59.50'), previewOf(edited, '65.50'), update]}>
        <PackEditor cat={cat} pack={pack} onSaved={onSaved} />
      </MockedProvider>,
    );
    const form = screen.getByRole('form', { name: 'Contenu et prix de Pack Souvenir' });
    // The saved content, as rows.
    expect((within(form).getByLabelText('Format du tirage 1') as HTMLSelectElement).value).toBe(print.id);
    expect((within(form).getByLabelText('Nombre de tirages') as HTMLInputElement).value).toBe('10');
    expect((within(form).getByLabelText('Format du fichier 1') as HTMLSelectElement).value).toBe(hd.id);
    const preview = within(form).getByTestId('catalogue-preview');
    expect((await within(preview).findByTestId('preview-total', {}, { timeout: 3000 })).textContent?.replace(/\s/g, '')).toBe('59,50€');
    expect(within(preview).getByText('Pack Souvenir (brouillon)')).toBeTruthy();

    // Photos above the quantity: refused in French, nothing previewed or saved.
    fireEvent.change(within(form).getByLabelText('Nombre de photos différentes'), { target: { value: '11' } });
    expect(within(form).getByText('Le nombre de photos doit être compris entre 1 et le nombre de tirages.')).toBeTruthy();
    expect((within(form).getByRole('button', { name: 'Enregistrer le pack' }) as HTMLButtonElement).disabled).toBe(true);

    // 12 prints of 6 photos, no file, 45 €: previewed, then saved.
    fireEvent.change(within(form).getByLabelText('Nombre de tirages'), { target: { value: '12' } });
    fireEvent.change(within(form).getByLabelText('Nombre de photos différentes'), { target: { value: '6' } });
    fireEvent.click(within(form).getAllByRole('button', { name: 'Supprimer' })[1]);
    fireEvent.change(within(form).getByLabelText('Prix (€)'), { target: { value: '45' } });
    expect(within(form).getByText('Aucun fichier numérique.')).toBeTruthy();
    await within(preview).findByText((_, el) => el?.getAttribute('data-testid') === 'preview-total' && el.textContent?.replace(/\s/g, '') === '65,50€', {}, { timeout: 3000 });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer le pack' }));
    expect(await within(form).findByText('Pack enregistré : les paniers ouverts sont mis à jour.')).toBeTruthy();
    expect(onSaved).toHaveBeenCalledOnce();
  });
});
