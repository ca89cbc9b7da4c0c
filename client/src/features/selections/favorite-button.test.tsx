import { ApolloProvider } from '@apollo/client/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../lib/apollo-client';
import { createCache } from '../../lib/apollo-cache';
import { createNeedEmailStore } from '../../lib/need-email-store';
import { notifications } from '../../lib/notification-store';
import { FavoriteButton } from './favorite-button';
import { withItem } from './use-favorites';
import { AddToSelectionMutation, FavoritesQuery, RemoveFromSelectionMutation } from './selection-documents';
import { FavoritesViewerFragment } from './favorites-documents';
import { GALLERY_ID, payload, selection } from './selection-fixtures';

const favoritesMock = (photoIds: string[]): MockLink.MockedResponse => ({
  request: { query: FavoritesQuery, variables: { galleryId: GALLERY_ID } },
  result: { data: { mySelection: selection({ photoIds }) } },
});

const itemsInput = (photoId: string) => ({ input: { galleryId: GALLERY_ID, selectionId: 'favorites', photoIds: [photoId] } });

function heart() {
  return screen.getByRole('button', { name: 'Favori' });
}

afterEach(() => {
  notifications.clear();
  vi.unstubAllGlobals();
});

describe('withItem', () => {
  it('puts photos in photoIds and videos (vid_) in videoIds, once', () => {
    const fav = selection({ photoIds: ['pho_1'] });
    expect(withItem(fav, 'vid_1', true)).toMatchObject({ photoIds: ['pho_1'], videoIds: ['vid_1'] });
    expect(withItem(fav, 'pho_1', true).photoIds).toEqual(['pho_1']);
    expect(withItem(fav, 'pho_1', false).photoIds).toEqual([]);
  });
});

describe('FavoriteButton (mocked API)', () => {
  it('asks for no favourites while the shell says no e-mail is confirmed, and asks once one is', async () => {
    const cache = createCache();
    const viewer = (accessEmail: string | null) => {
      // __typename, which the generated types leave out, lets the cache find the gallery.
      const data = { __typename: 'Gallery' as const, id: GALLERY_ID, auth: { __typename: 'AuthState' as const, accessEmail } };
      cache.writeFragment({ fragment: FavoritesViewerFragment, data });
    };
    viewer(null);
    let asked = 0;
    render(
      <MockedProvider cache={cache} mocks={[{ ...favoritesMock(['pho_1']), result: () => (asked++, { data: { mySelection: selection({ photoIds: ['pho_1'] }) } }) }]}>
        <FavoriteButton galleryId={GALLERY_ID} photoId="pho_1" />
      </MockedProvider>,
    );
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(asked).toBe(0);
    expect(heart().getAttribute('aria-pressed')).toBe('false');
    // The e-mail is confirmed (the access mutations write it on the gallery): the favourites are asked for.
    act(() => viewer('fan@example.com'));
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
    expect(asked).toBe(1);
  });

  it('marks a photo at once and keeps it once the server agrees', async () => {
    render(
      <MockedProvider
        cache={createCache()}
        mocks={[
          favoritesMock([]),
          { request: { query: AddToSelectionMutation, variables: itemsInput('pho_1') }, delay: 50, result: { data: { addToSelection: payload(selection({ photoIds: ['pho_1'] })) } } },
        ]}
      >
        <FavoriteButton galleryId={GALLERY_ID} photoId="pho_1" />
      </MockedProvider>,
    );
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('false'));
    fireEvent.click(heart());
    expect(heart().getAttribute('aria-pressed')).toBe('true');
    await act(() => new Promise((r) => setTimeout(r, 80)));
    expect(heart().getAttribute('aria-pressed')).toBe('true');
    expect(heart().getAttribute('title')).toBe('Retirer des favoris');
  });

  it('takes a favourite out, and rolls back when the call fails', async () => {
    render(
      <MockedProvider
        cache={createCache()}
        mocks={[
          favoritesMock(['pho_1']),
          { request: { query: RemoveFromSelectionMutation, variables: itemsInput('pho_1') }, delay: 30, error: new Error('Failed') },
        ]}
      >
        <FavoriteButton galleryId={GALLERY_ID} photoId="pho_1" />
      </MockedProvider>,
    );
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(heart());
    expect(heart().getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
  });
});

// Through the application's own client: the error link's toast and e-mail prompt.
describe('FavoriteButton (application client)', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
  });
  afterEach(() => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  function json(body: unknown, status = 200) {
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }

  /** renderWith draws a heart for each of photoIds, the server answering each call with answer (given the call's count for its operation). */
  function renderWith(answer: (operationName: string, calls: number) => Response, photoIds = ['pho_1']) {
    const calls: Record<string, number> = {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: unknown, init?: RequestInit) => {
        const { operationName } = JSON.parse(String(init?.body)) as { operationName: string };
        calls[operationName] = (calls[operationName] ?? 0) + 1;
        return answer(operationName, calls[operationName]);
      }),
    );
    const needEmail = createNeedEmailStore();
    const unsubscribe = needEmail.subscribe(() => undefined); // a host on screen
    const client = createApolloClient({ uri: 'http://localhost/graphql', needEmail });
    render(
      <ApolloProvider client={client}>
        {photoIds.map((id) => (
          <FavoriteButton key={id} galleryId={GALLERY_ID} photoId={id} />
        ))}
      </ApolloProvider>,
    );
    return { needEmail, unsubscribe, calls };
  }

  it('asks for the favourites once for every heart on screen, and redraws only the heart toggled', async () => {
    const { calls } = renderWith(
      (op) =>
        op === 'Favorites'
          ? json({ data: { mySelection: selection({ photoIds: ['pho_2'] }) } })
          : json({ data: { addToSelection: payload(selection({ photoIds: ['pho_2', 'pho_1'] })) } }),
      ['pho_1', 'pho_2', 'pho_3'],
    );
    const hearts = () => screen.getAllByRole('button', { name: 'Favori' }).map((b) => b.getAttribute('aria-pressed'));
    await waitFor(() => expect(hearts()).toEqual(['false', 'true', 'false']));
    fireEvent.click(screen.getAllByRole('button', { name: 'Favori' })[0]);
    await waitFor(() => expect(calls.AddToSelection).toBe(1));
    await waitFor(() => expect(hearts()).toEqual(['true', 'true', 'false']));
    expect(calls.Favorites).toBe(1);
  });

  it('rolls back and toasts errors.addPhotoToFavoritesError when the server fails', async () => {
    renderWith((op) =>
      op === 'Favorites' ? json({ data: { mySelection: selection() } }) : json({ data: null, errors: [{ message: 'boom', extensions: { code: 'internal' } }] }),
    );
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('false'));
    fireEvent.click(heart());
    expect(heart().getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('false'));
    expect(notifications.getSnapshot().map((n) => [n.type, n.message])).toEqual([['error', 'Impossible d’ajouter la photo à la sélection.']]);
  });

  it('asks for an e-mail on a 401 (no toast) and sends the call again once it is confirmed', async () => {
    const { needEmail, unsubscribe } = renderWith((op, n) => {
      if (op === 'Favorites') return json({ data: null, errors: [{ message: 'unauthorized', extensions: { code: 'unauthorized' } }] });
      if (n === 1) return json({ data: null, errors: [{ message: 'unauthorized', extensions: { code: 'unauthorized' } }] });
      return json({ data: { addToSelection: payload(selection({ photoIds: ['pho_1'] })) } });
    });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    fireEvent.click(heart());
    await waitFor(() => expect(needEmail.getSnapshot()).toBe(true));
    expect(heart().getAttribute('aria-pressed')).toBe('true');
    expect(notifications.getSnapshot()).toEqual([]);
    act(() => needEmail.settle(true));
    await waitFor(() => expect(heart().getAttribute('title')).toBe('Retirer des favoris'));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(heart().getAttribute('aria-pressed')).toBe('true');
    expect(notifications.getSnapshot()).toEqual([]);
    unsubscribe();
  });
});
