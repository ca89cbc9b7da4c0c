import { ApolloLink } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessPageMock, authState } from '../features/access/access-fixtures';
import { homeMocks, photo, photosPage } from '../features/gallery/gallery-fixtures';
import { PhotoGalleryQuery, PhotoNodeQuery, PhotoSequenceQuery } from '../features/photos/photo-page';
import { createCache } from '../lib/apollo-cache';
import { forgetPreviewHashes, rememberPreviewHash } from '../lib/preview-hash';
import { tint } from '../lib/tint';
import { shell } from './gallery-layout-fixtures';
import { appRoutes } from './router';

const open = { auth: authState({ accessCodeAuthorized: true, connectedAs: 'client', isClient: true }) };

interface SentOperation {
  name: string;
  variables: Record<string, unknown>;
}

/** renderAt renders the app at `path`, answering from `mocks` and recording every operation sent. */
function renderAt(path: string, mocks: MockLink.MockedResponse[]) {
  const sent: SentOperation[] = [];
  const spy = new ApolloLink((operation, forward) => {
    sent.push({ name: operation.operationName ?? '', variables: { ...operation.variables } });
    return forward(operation);
  });
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  render(
    <MockedProvider cache={createCache()} link={ApolloLink.from([spy, new MockLink(mocks)])}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return { router, sent };
}

/** galleryOperations are the operations naming a gallery by its address. */
const galleryOperations = (sent: SentOperation[]) => sent.filter((op) => 'url' in op.variables);

const css = (name: string) => document.documentElement.style.getPropertyValue(name);

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response('{"version":"v1"}')));
});

afterEach(() => {
  cleanup(); // before forgetting the hashes, which would make the mounted screens ask again
  forgetPreviewHashes();
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('style');
});

describe('preview route', () => {
  it('opens the gallery with the preview hash and shows it with the address’s settings', async () => {
    const search =
      '?previewHash=h1&theme=modern&variant=dark&disposition=grid&gap=12' +
      '&primary=%23112233&secondary=%23445566&accent=red&light=%23FAF0E6&hideSaleEmphasis=true&lightenHomepage=true';
    const { sent } = renderAt(`/julie/preview${search}`, [shell('julie', { ...open, previewHash: 'h1' }), ...homeMocks({ url: 'julie', previewHash: 'h1' })]);

    expect((await screen.findByRole('note')).textContent).toBe('Aperçu');
    const first = await screen.findByAltText('Photo IMG_1001.jpg');
    expect(first.closest('ul')?.getAttribute('data-layout')).toBe('grid');
    expect(await screen.findByText('Pack Souvenir')).toBeTruthy();

    // The colours and gap of the address, their tints, and the gallery's own where the address's is unreadable.
    expect(css('--color-primary')).toBe('#112233');
    expect(css('--color-primary-10')).toBe('#e7e9eb');
    expect(css('--color-primary-25')).toBe(tint('#112233', 25));
    expect(css('--color-secondary')).toBe('#445566');
    expect(css('--color-secondary-10')).toBe(tint('#445566', 10));
    expect(css('--color-accent')).toBe('#ff0000');
    expect(css('--color-accent-70')).toBe('#ff4d4d');
    expect(css('--color-light')).toBe('#faf0e6');
    expect(css('--color-light-50')).toBe(tint('#faf0e6', 50));
    expect(css('--photos-gap')).toBe('12px');
    const shellElement = document.querySelector('[data-theme]');
    expect(shellElement?.getAttribute('data-theme')).toBe('modern');
    expect(shellElement?.getAttribute('data-variant')).toBe('dark');

    // hideSaleEmphasis hides the prices, lightenHomepage the section introductions.
    expect(screen.queryByText('49 €')).toBeNull();
    expect(screen.queryByText('Des formules complètes, tirages et fichiers numériques réunis.')).toBeNull();

    // Two requests, the shell and the home, both with the hash (the cart's live updates go over the websocket); no version check, no welcome popup.
    expect(sent.map((op) => op.name).filter((name) => name !== 'CartUpdated')).toEqual(['GalleryShell', 'GalleryHome']);
    for (const op of galleryOperations(sent)) expect(op.variables, op.name).toMatchObject({ url: 'julie', previewHash: 'h1' });
    expect(vi.mocked(fetch).mock.calls.filter(([url]) => String(url).includes('/version'))).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ignores invalid parameters and keeps the gallery’s settings', async () => {
    const search = '?previewHash=h1&gap=abc&primary=red&secondary=%23abc&hideSaleEmphasis=yes&lightenHomepage=1&disposition=carousel&theme=baroque';
    renderAt(`/julie/preview${search}`, [shell('julie', { ...open, previewHash: 'h1' }), ...homeMocks({ url: 'julie', previewHash: 'h1' })]);

    const first = await screen.findByAltText('Photo IMG_1001.jpg');
    expect(first.closest('ul')?.getAttribute('data-layout')).toBe('masonry'); // the gallery's own
    expect(await screen.findByText('49 €')).toBeTruthy();
    expect(screen.getByText('Des formules complètes, tirages et fichiers numériques réunis.')).toBeTruthy();
    expect(css('--color-primary')).toBe('#000000');
    expect(css('--color-secondary')).toBe('#333333');
    expect(css('--photos-gap')).toBe('6px');
    expect(document.querySelector('[data-theme]')?.getAttribute('data-theme')).toBe('classic');
    expect(screen.getByRole('note').textContent).toBe('Aperçu');
  });

  it('keeps sending the hash when the photographer opens a photo from the preview', async () => {
    const variables = { url: 'julie', previewHash: 'h1' };
    const { router, sent } = renderAt('/julie/preview?previewHash=h1&primary=%23112233', [
      shell('julie', { ...open, previewHash: 'h1' }),
      ...homeMocks(variables),
      {
        request: { query: PhotoGalleryQuery, variables },
        result: {
          data: {
            gallery: { __typename: 'Gallery', id: 'gal_1', showFilename: true, theme: { __typename: 'GalleryTheme', viewerLimitSize: false, viewerMaxSize: 2048 } },
          },
        },
      },
      { request: { query: PhotoSequenceQuery, variables: { ...variables, first: 100 } }, result: { data: photosPage(1, 3, false, 3) } },
      ...[1, 2, 3].map((n) => ({
        request: { query: PhotoNodeQuery, variables: { photoId: `ph${n}` } },
        result: { data: { node: { ...photo(n), urls: { __typename: 'PhotoUrls', viewer: `/media/v/ph${n}.jpg`, srcSet: '' } } } },
        maxUsageCount: 3,
      })),
    ]);

    const first = await screen.findByAltText('Photo IMG_1001.jpg');
    await act(async () => {
      fireEvent.click(first.closest('a')!);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/julie/photos/ph1'));
    expect(router.state.location.search).toBe('');
    const viewer = await screen.findByRole('dialog', { name: 'Visionneuse de photos' });
    // The caption comes from the photo view's gallery query: it was answered, so it carried the hash.
    expect(await within(viewer).findByText('IMG_1001.jpg')).toBeTruthy();
    expect(galleryOperations(sent).map((op) => op.name)).toContain('PhotoGallery');
    for (const op of galleryOperations(sent)) expect(op.variables, op.name).toMatchObject(variables);
  });

  it('sends a hash kept for the gallery from every screen, not only the preview', async () => {
    rememberPreviewHash('julie', 'h1');
    const { sent } = renderAt('/julie/paymentReturn', [shell('julie', { ...open, previewHash: 'h1' })]);
    expect(await screen.findByRole('heading', { name: 'Commande introuvable' })).toBeTruthy();
    // The shell, with the hash; it brings the album's counter of the header too (no Album request).
    expect(galleryOperations(sent)).toEqual([{ name: 'GalleryShell', variables: { url: 'julie', previewHash: 'h1' } }]);
  });

  it('shows the access screen when the hash opens nothing', async () => {
    const { router } = renderAt('/julie/preview?previewHash=wrong&primary=%23112233', [
      shell('julie', { auth: authState(), previewHash: 'wrong' }),
      accessPageMock('julie', { previewHash: 'wrong' }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Galerie protégée' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/julie/authentication/accessCode');
    expect(router.state.location.state).toEqual({ from: '/julie/preview?previewHash=wrong&primary=%23112233' });
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByAltText(/IMG_/)).toBeNull();
  });
});
