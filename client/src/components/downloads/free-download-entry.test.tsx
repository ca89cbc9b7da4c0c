import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeFragmentData } from '../../gql';
import { createCache } from '../../lib/apollo-cache';
import { DownloadOfferFragment, DownloadOfferQuery } from '../../lib/downloads/download-documents';
import { GALLERY_ID } from '../../lib/downloads/download-fixtures';
import { FreeDownloadEntry, freeDownloadOffer } from './free-download-entry';

function gallery(
  over: { freeDownload?: boolean; clientsOnly?: boolean; qualities?: string[]; collectionNames?: string[]; isClient?: boolean; isPhotographer?: boolean; accessEmail?: string | null; readOnly?: boolean } = {},
) {
  return {
    __typename: 'Gallery' as const,
    id: GALLERY_ID,
    collectionNames: over.collectionNames ?? ['Préparatifs', 'Cérémonie'],
    downloadInformation: {
      __typename: 'DownloadInformation' as const,
      freeDownload: over.freeDownload ?? true,
      clientsOnly: over.clientsOnly ?? false,
      qualities: over.qualities ?? ['web', 'hd'],
      message: 'Les mariés peuvent télécharger toutes les photos.',
    },
    auth: {
      __typename: 'AuthState' as const,
      accessCodeAuthorized: true,
      needEmail: false,
      isClient: over.isClient ?? false,
      isPhotographer: over.isPhotographer ?? false,
      accessEmail: over.accessEmail ?? null,
      readOnly: over.readOnly ?? false,
    },
  };
}

/** offer is freeDownloadOffer of gallery(over), as the query hands it over (masked). */
const offerOf = (over: Parameters<typeof gallery>[0] = {}) => freeDownloadOffer(makeFragmentData(gallery(over), DownloadOfferFragment));

describe('freeDownloadOffer', () => {
  it('offers the photos where the gallery lets this viewer download them for free', () => {
    expect(offerOf()).toEqual({
      galleryId: GALLERY_ID,
      collections: ['Préparatifs', 'Cérémonie'],
      qualities: ['web', 'hd'],
      message: 'Les mariés peuvent télécharger toutes les photos.',
      email: '',
    });
    expect(offerOf({ freeDownload: false })).toBeUndefined();
    // Clients only: not to visitors.
    expect(offerOf({ clientsOnly: true })).toBeUndefined();
    expect(offerOf({ clientsOnly: true, isClient: true, accessEmail: 'julie@example.com' })).toMatchObject({ email: 'julie@example.com' });
    expect(offerOf({ clientsOnly: true, isPhotographer: true })).toBeDefined();
    expect(offerOf({ qualities: ['hd', 'raw'] })?.qualities).toEqual(['hd']);
    expect(offerOf({ qualities: [] })).toBeUndefined();
    expect(offerOf({ collectionNames: [] })).toBeUndefined();
    // A read-only preview (it shows the gallery as the clients see it) hands out no files.
    expect(offerOf({ clientsOnly: true, isClient: true, readOnly: true })).toBeUndefined();
    expect(offerOf({ readOnly: true })).toBeUndefined();
  });
});

describe('FreeDownloadEntry', () => {
  function renderEntry(answer: ReturnType<typeof gallery>) {
    render(
      <MockedProvider mocks={[{ request: { query: DownloadOfferQuery, variables: { url: 'julie' } }, result: { data: { gallery: answer } } }]} cache={createCache()}>
        <MemoryRouter initialEntries={['/julie']}>
          <FreeDownloadEntry galleryUrl="julie" />
        </MemoryRouter>
      </MockedProvider>,
    );
  }

  it('opens the download dialog', async () => {
    renderEntry(gallery({ clientsOnly: true, isClient: true }));
    fireEvent.click(await screen.findByRole('button', { name: 'Télécharger les photos' }));
    expect(await screen.findByRole('dialog', { name: 'Télécharger les photos' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Cérémonie' })).toBeTruthy();
  });

  it('shows nothing to a visitor when the files are for the clients', async () => {
    renderEntry(gallery({ clientsOnly: true }));
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('button', { name: 'Télécharger les photos' })).toBeNull();
  });
});
