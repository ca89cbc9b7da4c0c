import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCache } from '../lib/apollo-cache';
import { getCurrentGalleryId } from '../lib/gallery-id';
import { GalleryShellQuery } from './gallery-layout';
import { appRoutes } from './router';

function shell(url: string, authorized = true) {
  return {
    request: { query: GalleryShellQuery, variables: { url } },
    result: {
      data: {
        gallery: {
          __typename: 'Gallery' as const,
          id: 'gal_1',
          url,
          eventName: 'Mariage de Julie & Thomas',
          eventDateString: '2026-06-20',
          auth: { __typename: 'AuthState' as const, accessCodeAuthorized: authorized },
          music: { __typename: 'Music' as const, active: false, track: null },
          theme: {
            __typename: 'GalleryTheme' as const,
            photosGap: { __typename: 'PhotosGap' as const, value: 6 },
            colorTheme: {
              __typename: 'ColorTheme' as const,
              colors: { __typename: 'ThemeColors' as const, primary: '#000000', secondary: '#333333', accent: '#ff0000', light: 'not-a-colour' },
            },
          },
        },
      },
    },
  };
}

function renderAt(path: string, mocks: MockLink.MockedResponse[]) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  render(
    <MockedProvider mocks={mocks} cache={createCache()}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return router;
}

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response('{"version":"v1"}')));
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('style');
});

describe('GalleryLayout', () => {
  it('sends an unknown gallery to the root with notFound', async () => {
    const router = renderAt('/nope', [
      {
        request: { query: GalleryShellQuery, variables: { url: 'nope' } },
        result: { errors: [{ message: 'Cette galerie est introuvable.', extensions: { code: 'gallery_not_found' } }] },
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('?notFound=%2Fnope');
    expect(await screen.findByText('Aucune galerie n’a été trouvée à l’adresse « /nope ».')).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('redirects authentication to authentication/accessCode and shows a placeholder', async () => {
    const router = renderAt('/julie/authentication', [shell('julie', false)]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/julie/authentication/accessCode'));
    expect(await screen.findByRole('heading', { name: 'Bientôt disponible' })).toBeTruthy();
  });

  it('applies the theme, names the gallery for requests, and shows the header', async () => {
    renderAt('/julie/packs', [shell('julie')]);
    expect(await screen.findByRole('heading', { name: 'Bientôt disponible' })).toBeTruthy();
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--color-primary')).toBe('#000000');
    expect(style.getPropertyValue('--color-primary-10')).toBe('#e6e6e6');
    expect(style.getPropertyValue('--color-accent-70')).toBe('#ff4d4d');
    expect(style.getPropertyValue('--color-light')).toBe('');
    expect(style.getPropertyValue('--photos-gap')).toBe('6px');
    expect(getCurrentGalleryId()).toBe('gal_1');
    expect(screen.getByRole('link', { name: 'Mariage de Julie & Thomas' })).toBeTruthy();
  });

  it('hides the common header on routes flagged noCommonHeader', async () => {
    renderAt('/julie/packs/p1/configuration/i1', [shell('julie')]);
    expect(await screen.findByRole('heading', { name: 'Bientôt disponible' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Mariage de Julie & Thomas' })).toBeNull();
  });

  it('guards routes that need access', async () => {
    renderAt('/julie/packs', [shell('julie', false)]);
    expect(await screen.findByRole('heading', { name: 'Galerie protégée' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Bientôt disponible' })).toBeNull();
  });

  it('shows a 404 inside the gallery for unknown addresses', async () => {
    renderAt('/julie/nothing/here', [shell('julie')]);
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeTruthy();
  });
});
