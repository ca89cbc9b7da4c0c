import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testLinks } from '../../lib/downloads/download-fixtures';
import { StudioGalleryPhotosQuery } from './studio-documents';
import { useStudioPhotos } from './use-studio-photos';

const GALLERY_ID = 'gal_1';

function photo(id: string, position: number) {
  return {
    __typename: 'Photo',
    id,
    filename: `${id}.jpg`,
    status: 'READY',
    isPrivate: false,
    favorite: false,
    clientHidden: false,
    collection: 'Cérémonie',
    position,
    urls: { __typename: 'PhotoUrls', thumbnail: `/media/${id}.jpg` },
  };
}

/** page is one answer of StudioGalleryPhotos: the gallery and some of its photos. */
function page(after: string | undefined, ids: string[], next?: string, delay = 0): MockLink.MockedResponse {
  return {
    request: { query: StudioGalleryPhotosQuery, variables: { id: GALLERY_ID, after } },
    delay,
    result: {
      data: {
        node: {
          __typename: 'Gallery',
          id: GALLERY_ID,
          url: 'gala',
          eventName: 'Gala 2026',
          collectionNames: ['Cérémonie'],
          coverPhoto: null,
          collections: [{ __typename: 'GalleryCollection', name: 'Cérémonie', photoCount: ids.length }],
          photos: {
            __typename: 'PhotoConnection',
            edges: ids.map((id, i) => ({ __typename: 'PhotoEdge', node: photo(id, i) })),
            pageInfo: { __typename: 'PageInfo', hasNextPage: next !== undefined, endCursor: next ?? null },
          },
        },
      },
    },
  };
}

/** Shown draws the hook's state as text, with a button that reloads. */
function Shown() {
  const { gallery, photos, loading, error, reload } = useStudioPhotos(GALLERY_ID);
  return (
    <>
      <output>{loading ? 'loading' : (error ?? `${gallery?.eventName}: ${photos.map((p) => p.id).join(',')}`)}</output>
      <button type="button" onClick={() => void reload()}>
        reload
      </button>
    </>
  );
}

function setup(mocks: MockLink.MockedResponse[]) {
  const { link } = testLinks(mocks);
  render(
    <MockedProvider link={link}>
      <Shown />
    </MockedProvider>,
  );
  return () => screen.getByRole('status').textContent;
}

describe('useStudioPhotos', () => {
  it('loads every page of photos, in order', async () => {
    const shown = setup([page(undefined, ['p1', 'p2'], 'c2'), page('c2', ['p3'])]);
    expect(shown()).toBe('loading');
    await waitFor(() => expect(shown()).toBe('Gala 2026: p1,p2,p3'));
  });

  it('says when the gallery is not there', async () => {
    const shown = setup([{ request: { query: StudioGalleryPhotosQuery, variables: { id: GALLERY_ID } }, result: { data: { node: null } } }]);
    await waitFor(() => expect(shown()).toBe('not_found'));
  });

  it('keeps the answer of the last reload when an earlier one ends after it', async () => {
    // The first load's second page comes late; the reload asked meanwhile has one page.
    const shown = setup([page(undefined, ['a1'], 'c2'), page('c2', ['a2'], undefined, 200), page(undefined, ['b1'])]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    fireEvent.click(screen.getByRole('button', { name: 'reload' }));
    await waitFor(() => expect(shown()).toBe('Gala 2026: b1'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(shown()).toBe('Gala 2026: b1');
  });
});
