import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { StudioCatalogueQuery } from '../../gql/graphql';
import { CatalogueCountriesQuery, CatalogueCreatePackMutation, CatalogueUpdatePackMutation, StudioCataloguePreviewQuery } from './catalogue-documents';
import { NewPackForm, PackEditor } from './catalogue-packs';

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
  description: 'Dix tirages et un fichier.',
  gift: false,
  offerType: '',
  shippingIncludedTo: ['BE'],
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

/** countries answers the countries' query (the address form's list) as many times as asked. */
const countries: MockLink.MockedResponse = {
  request: { query: CatalogueCountriesQuery },
  result: {
    data: {
      countries: [
        { __typename: 'Country' as const, code: 'BE', name: 'Belgique' },
        { __typename: 'Country' as const, code: 'FR', name: 'France' },
        { __typename: 'Country' as const, code: 'LU', name: 'Luxembourg' },
      ],
    },
  },
  maxUsageCount: 20,
};

/** updated answers updatePack with these variables, with these userErrors. */
function updated(input: Record<string, unknown>, userErrors: { field: string[]; message: string; code: string }[] = []): MockLink.MockedResponse {
  return {
    request: { query: CatalogueUpdatePackMutation, variables: { input: { packId: pack.id, ...input } } },
    result: {
      data: {
        updatePack: {
          __typename: 'UpdatePackPayload' as const,
          pack: userErrors.length ? null : { __typename: 'Pack' as const, id: pack.id },
          userErrors: userErrors.map((e) => ({ __typename: 'PhotographerError' as const, ...e })),
        },
      },
    },
  };
}

const change = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

const saved = { unitPrice: '39.00', formats: [{ formatId: print.id, quantity: 10, photos: 10 }], digitalFiles: [{ formatId: hd.id, quantity: 1 }] };
const edited = { unitPrice: '45.00', formats: [{ formatId: print.id, quantity: 12, photos: 6 }], digitalFiles: [] };

describe('PackEditor', () => {
  // Two debounced previews priced in turn: more than the default 5 s on a loaded machine.
  it('shows the pack’s content, previews a changed content and price on the sample cart, then saves them', { timeout: 15_000 }, async () => {
    const onSaved = vi.fn();
    const update: MockLink.MockedResponse = {
      request: { query: CatalogueUpdatePackMutation, variables: { input: { packId: pack.id, ...edited } } },
      result: { data: { updatePack: { __typename: 'UpdatePackPayload' as const, pack: { __typename: 'Pack' as const, id: pack.id }, userErrors: [] } } },
    };
    render(
      <MockedProvider mocks={[countries, previewOf(saved, '59.50'), previewOf(edited, '65.50'), update]}>
        <PackEditor cat={cat} pack={pack} onSaved={onSaved} />
      </MockedProvider>,
    );
    const form = screen.getByRole('form', { name: 'Modifier Pack Souvenir' });
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

  /** editor renders the editor with these mocks and returns its form. */
  function editor(mocks: MockLink.MockedResponse[], onSaved = vi.fn()) {
    render(
      <MockedProvider mocks={[countries, previewOf(saved, '59.50'), ...mocks]}>
        <PackEditor cat={cat} pack={pack} onSaved={onSaved} />
      </MockedProvider>,
    );
    return screen.getByRole('form', { name: 'Modifier Pack Souvenir' });
  }

  it.each<[string, (form: HTMLElement) => unknown, Record<string, unknown>]>([
    ['description', (form) => change(within(form).getByLabelText('Description'), '  Vingt tirages, un album.  '), { description: 'Vingt tirages, un album.' }],
    ['gift', (form) => fireEvent.click(within(form).getByRole('checkbox', { name: 'Pack offert' })), { gift: true }],
    ['offerType (proposed)', (form) => change(within(form).getByLabelText('Badge du pack (type d’offre)'), 'Livraison offerte'), { offerType: 'Livraison offerte' }],
    [
      'offerType (own words)',
      (form) => {
        change(within(form).getByLabelText('Badge du pack (type d’offre)'), 'custom');
        change(within(form).getByLabelText('Texte du badge'), 'Offre de rentrée');
      },
      { offerType: 'Offre de rentrée' },
    ],
    [
      'shippingIncludedTo',
      async (form) => {
        const add = within(form).getByRole('combobox', { name: 'Ajouter un pays' });
        await within(add).findByRole('option', { name: 'France' });
        change(add, 'FR');
        fireEvent.click(within(form).getByRole('button', { name: 'Retirer Belgique' }));
        change(add, 'LU');
      },
      { shippingIncludedTo: ['FR', 'LU'] },
    ],
  ])('sends only the changed %s to updatePack', async (_, edit, input) => {
    const onSaved = vi.fn();
    const form = editor([updated(input)], onSaved);
    const save = within(form).getByRole('button', { name: 'Enregistrer le pack' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await Promise.resolve(edit(form));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(await within(form).findByText('Pack enregistré : les paniers ouverts sont mis à jour.')).toBeTruthy();
    expect(onSaved).toHaveBeenCalledOnce();
  });

  it('counts the description’s characters against the API’s limit', () => {
    const form = editor([]);
    const description = within(form).getByLabelText('Description') as HTMLTextAreaElement;
    expect(description.maxLength).toBe(4000);
    expect(within(form).getByText('26 / 4000 caractères, affichés aux invités sur la page du pack.')).toBeTruthy();
    change(description, 'Un album');
    expect(within(form).getByText('8 / 4000 caractères, affichés aux invités sur la page du pack.')).toBeTruthy();
  });

  it('shows the server’s userErrors beside their fields', async () => {
    const long = 'Trop long. '.repeat(3);
    const form = editor([
      updated({ description: long.trim(), offerType: 'Badge' }, [
        { field: ['input', 'description'], message: 'Ce texte est trop long.', code: 'TOO_LONG' },
        { field: ['input', 'offerType'], message: 'Ce badge est refusé.', code: 'INVALID_VALUE' },
      ]),
      updated({ shippingIncludedTo: ['BE', 'FR'] }, [{ field: ['input', 'shippingIncludedTo', '1'], message: 'Code de pays inconnu.', code: 'INVALID_COUNTRY' }]),
    ]);
    change(within(form).getByLabelText('Description'), long);
    change(within(form).getByLabelText('Badge du pack (type d’offre)'), 'custom');
    change(within(form).getByLabelText('Texte du badge'), 'Badge');
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer le pack' }));
    const description = within(form).getByLabelText('Description');
    expect(await within(form).findByText('Ce texte est trop long.')).toBeTruthy();
    expect(description.getAttribute('aria-invalid')).toBe('true');
    const described = (el: HTMLElement) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described(description)).toContain('Ce texte est trop long.');
    const words = within(form).getByLabelText('Texte du badge');
    expect(described(words)).toContain('Ce badge est refusé.');
    // Shown beside their fields, not again in the form's feedback.
    expect(within(form).getAllByText('Ce texte est trop long.')).toHaveLength(1);

    // A country's error lands on the countries' field.
    change(within(form).getByLabelText('Description'), pack.description);
    change(within(form).getByLabelText('Badge du pack (type d’offre)'), '');
    const add = within(form).getByRole('combobox', { name: 'Ajouter un pays' });
    await within(add).findByRole('option', { name: 'France' });
    change(add, 'FR');
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer le pack' }));
    const group = within(form).getByRole('group', { name: 'Livraison incluse vers' });
    expect(await within(group).findByText('Code de pays inconnu.')).toBeTruthy();
  });
});

describe('NewPackForm', () => {
  it('creates a pack with its description, gift flag, badge and free-shipping countries', async () => {
    const onSaved = vi.fn();
    const create: MockLink.MockedResponse = {
      request: {
        query: CatalogueCreatePackMutation,
        variables: {
          input: {
            galleryId: cat.galleryId,
            pack: 'Pack Famille',
            displayName: 'Pack Famille',
            unitPrice: '59.00',
            formats: [{ formatId: print.id, quantity: 5, photos: 5 }],
            description: 'Cinq tirages pour la famille.',
            gift: true,
            offerType: 'Livraison offerte',
            shippingIncludedTo: ['FR'],
          },
        },
      },
      result: { data: { createPack: { __typename: 'CreatePackPayload' as const, pack: { __typename: 'Pack' as const, id: 'pck_2' }, userErrors: [] } } },
    };
    render(
      <MockedProvider mocks={[countries, create]}>
        <NewPackForm cat={cat} onSaved={onSaved} />
      </MockedProvider>,
    );
    const form = screen.getByRole('form', { name: 'Nouveau pack' });
    change(within(form).getByLabelText('Nom du pack'), 'Pack Famille');
    change(within(form).getByLabelText('Prix (€)'), '59');
    change(within(form).getByLabelText('Quantité'), '5');
    change(within(form).getByLabelText('Description'), 'Cinq tirages pour la famille.');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Pack offert' }));
    change(within(form).getByLabelText('Badge du pack (type d’offre)'), 'Livraison offerte');
    const add = within(form).getByRole('combobox', { name: 'Ajouter un pays' });
    await within(add).findByRole('option', { name: 'France' });
    change(add, 'FR');
    fireEvent.click(within(form).getByRole('button', { name: 'Créer le pack' }));
    expect(await screen.findByText('Pack créé.')).toBeTruthy();
    expect(onSaved).toHaveBeenCalledOnce();
    // Cleared for the next pack.
    expect((within(form).getByLabelText('Description') as HTMLTextAreaElement).value).toBe('');
    expect((within(form).getByRole('checkbox', { name: 'Pack offert' }) as HTMLInputElement).checked).toBe(false);
  });
});
