import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CatalogueSourcesQuery, CopyCatalogueMutation } from './catalogue-documents';
import { catalogueSources, CopyCatalogueAction } from './catalogue-copy';
import { CreateGalleryMutation } from './documents';
import { NewGalleryPage } from './new-gallery-page';

const row = (id: string, eventName: string, formatCount: number) => ({
  __typename: 'Gallery' as const,
  id,
  eventName,
  stats: { __typename: 'GalleryStats' as const, formatCount },
});

// Most recently created first, as studioGalleries answers.
const rows = [row('gal_new', 'Brocante', 0), row('gal_gala', 'Gala 2026', 14), row('gal_wedding', 'Mariage', 28)];

const sourcesMock: MockLink.MockedResponse = {
  request: { query: CatalogueSourcesQuery },
  result: {
    data: {
      studioGalleries: { __typename: 'GalleryConnection' as const, edges: rows.map((node) => ({ __typename: 'GalleryEdge' as const, node })) },
    },
  },
  maxUsageCount: 10,
};

function createMock(copyCatalogueFrom?: string): MockLink.MockedResponse {
  return {
    request: {
      query: CreateGalleryMutation,
      variables: {
        input: {
          url: 'kermesse',
          eventName: 'Kermesse',
          settings: { eventDate: '', published: false, isPublic: false, needEmail: false },
          ...(copyCatalogueFrom ? { copyCatalogueFrom } : {}),
        },
      },
    },
    result: { data: { createGallery: { __typename: 'CreateGalleryPayload' as const, gallery: { __typename: 'Gallery' as const, id: 'gal_kermesse' }, userErrors: [] } } },
  };
}

function renderNewGallery(mocks: MockLink.MockedResponse[]) {
  render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={['/studio/galeries/nouvelle']}>
        <Routes>
          <Route path="/studio/galeries/nouvelle" element={<NewGalleryPage />} />
          <Route path="/studio/galeries/:id" element={<p>Galerie créée</p>} />
        </Routes>
      </MemoryRouter>
    </MockedProvider>,
  );
}

describe('catalogueSources', () => {
  it('keeps the galleries with formats, in their order, without the target', () => {
    expect(catalogueSources(rows)).toEqual([
      { id: 'gal_gala', eventName: 'Gala 2026' },
      { id: 'gal_wedding', eventName: 'Mariage' },
    ]);
    expect(catalogueSources(rows, 'gal_gala')).toEqual([{ id: 'gal_wedding', eventName: 'Mariage' }]);
    expect(catalogueSources([row('gal_new', 'Brocante', 0)])).toEqual([]);
  });
});

describe('NewGalleryPage catalogue choice', () => {
  it('defaults to the most recent gallery with a catalogue and creates the gallery with its copy', async () => {
    renderNewGallery([sourcesMock, createMock('gal_gala')]);
    const select = screen.getByLabelText('Catalogue de la boutique') as HTMLSelectElement;
    await screen.findByRole('option', { name: 'Copier celui de Gala 2026' });
    expect(select.value).toBe('gal_gala');
    expect(screen.queryByRole('option', { name: 'Copier celui de Brocante' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Titre de l’événement'), { target: { value: 'Kermesse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer la galerie' }));
    expect(await screen.findByText('Galerie créée')).toBeTruthy();
  });

  it('creates an empty shop when « Vide » is chosen', async () => {
    renderNewGallery([sourcesMock, createMock()]);
    await screen.findByRole('option', { name: 'Copier celui de Mariage' });
    fireEvent.change(screen.getByLabelText('Catalogue de la boutique'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Titre de l’événement'), { target: { value: 'Kermesse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer la galerie' }));
    expect(await screen.findByText('Galerie créée')).toBeTruthy();
  });
});

function copyMock(from: string, answer: 'ok' | 'not_empty'): MockLink.MockedResponse {
  const userErrors =
    answer === 'ok'
      ? []
      : [{ __typename: 'PhotographerError' as const, field: ['toGalleryId'], code: 'catalogue_not_empty', message: 'La boutique de cette galerie a déjà un catalogue : on ne copie que dans une boutique vide.' }];
  return {
    request: { query: CopyCatalogueMutation, variables: { input: { fromGalleryId: from, toGalleryId: 'gal_new' } } },
    result: {
      data: {
        copyCatalogue: {
          __typename: 'CopyCataloguePayload' as const,
          catalogue: answer === 'ok' ? { __typename: 'StudioCatalogue' as const, galleryId: 'gal_new' } : null,
          userErrors,
        },
      },
    },
  };
}

describe('CopyCatalogueAction', () => {
  it('copies the chosen gallery’s catalogue into the empty shop', async () => {
    const onCopied = vi.fn();
    render(
      <MockedProvider mocks={[sourcesMock, copyMock('gal_wedding', 'ok')]}>
        <CopyCatalogueAction galleryId="gal_new" onCopied={onCopied} />
      </MockedProvider>,
    );
    expect(screen.getByText('La boutique de cette galerie est vide.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copier le catalogue d’une autre galerie' }));
    const select = (await screen.findByLabelText('Copier le catalogue de')) as HTMLSelectElement;
    await screen.findByRole('option', { name: 'Mariage' });
    expect(select.value).toBe('gal_gala');
    fireEvent.change(select, { target: { value: 'gal_wedding' } });
    fireEvent.click(screen.getByRole('button', { name: 'Copier' }));
    expect(await screen.findByText('Catalogue copié.')).toBeTruthy();
    expect(onCopied).toHaveBeenCalledOnce();
  });

  it('shows the refusal in French and does not report a copy', async () => {
    const onCopied = vi.fn();
    render(
      <MockedProvider mocks={[sourcesMock, copyMock('gal_gala', 'not_empty')]}>
        <CopyCatalogueAction galleryId="gal_new" onCopied={onCopied} />
      </MockedProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copier le catalogue d’une autre galerie' }));
    await screen.findByRole('option', { name: 'Gala 2026' });
    fireEvent.click(screen.getByRole('button', { name: 'Copier' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'La boutique de cette galerie a déjà un catalogue : on ne copie que dans une boutique vide.');
    await waitFor(() => expect(onCopied).not.toHaveBeenCalled());
  });

  it('says when no other gallery has a catalogue', async () => {
    render(
      <MockedProvider
        mocks={[
          {
            ...sourcesMock,
            result: {
              data: {
                studioGalleries: { __typename: 'GalleryConnection' as const, edges: [{ __typename: 'GalleryEdge' as const, node: row('gal_new', 'Brocante', 0) }] },
              },
            },
          },
        ]}
      >
        <CopyCatalogueAction galleryId="gal_new" onCopied={() => {}} />
      </MockedProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copier le catalogue d’une autre galerie' }));
    expect(await screen.findByText('Aucune autre galerie n’a encore de catalogue.')).toBeTruthy();
  });
});
