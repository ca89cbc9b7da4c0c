import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCache } from '../lib/apollo-cache';
import { getCurrentGalleryId } from '../lib/gallery-id';
import { needEmail } from '../lib/need-email-store';
import { accessPageMock, accessPolicy, authState, GALLERY_ID } from '../features/access/access-fixtures';
import { GalleryShellQuery } from './gallery-layout';
import { GalleryShellWithCartQuery } from './gallery-shell';
import { knownGallery, rememberGallery, resetKnownGalleries } from '../lib/known-galleries';
import { shell } from './gallery-layout-fixtures';
import { appRoutes } from './router';

const locked = { auth: authState() };
const SHARE = 'Partager la galerie';
const READ_ONLY = 'Aperçu en lecture seule : vous voyez la galerie comme ses clients, sans pouvoir télécharger, commander ni rien modifier.';

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
  cleanup();
  resetKnownGalleries();
  needEmail.settle(false);
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
    // The landing page offers the languages too.
    expect(within(screen.getByRole('group', { name: 'Langue' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Français', 'Nederlands', 'English']);
  });

  it('redirects authentication to authentication/accessCode, the access screen', async () => {
    const router = renderAt('/julie/authentication', [shell('julie', locked), accessPageMock('julie')]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/julie/authentication/accessCode'));
    expect(await screen.findByRole('heading', { name: 'Galerie protégée' })).toBeTruthy();
    // The language can be chosen before the code.
    expect(screen.getByRole('group', { name: 'Langue' })).toBeTruthy();
  });

  it('applies the theme, names the gallery for requests, and shows the header', async () => {
    renderAt('/julie/paymentReturn', [shell('julie')]);
    expect(await screen.findByRole('heading', { name: 'Commande introuvable' })).toBeTruthy();
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--color-primary')).toBe('#000000');
    expect(style.getPropertyValue('--color-primary-10')).toBe('#e6e6e6');
    expect(style.getPropertyValue('--color-accent-70')).toBe('#ff4d4d');
    expect(style.getPropertyValue('--color-light')).toBe('');
    expect(style.getPropertyValue('--photos-gap')).toBe('6px');
    expect(getCurrentGalleryId()).toBe(GALLERY_ID);
    expect(screen.getByRole('link', { name: 'Mariage de Julie & Thomas' })).toBeTruthy();
    // A protected gallery opened with a code can be left, from the header's menu.
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeTruthy();
    // The menu also offers the languages, French pressed.
    const languages = screen.getByRole('group', { name: 'Langue' });
    expect(within(languages).getByRole('button', { name: 'Français' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(languages).getByRole('button', { name: 'Nederlands' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('says a preview link is read-only and hides the actions it cannot take', async () => {
    const client = authState({ accessCodeAuthorized: true, isClient: true, connectedAs: 'client' });
    renderAt('/julie/paymentReturn', [shell('julie', { auth: client })]);
    expect(await screen.findByRole('button', { name: SHARE, hidden: true })).toBeTruthy();
    expect(screen.queryByText(READ_ONLY)).toBeNull();
    cleanup();
    renderAt('/julie/paymentReturn', [shell('julie', { auth: { ...client, readOnly: true } })]);
    expect(await screen.findByText(READ_ONLY)).toBeTruthy();
    expect(screen.queryByRole('button', { name: SHARE, hidden: true })).toBeNull();
  });

  it('offers no logout on a public gallery without a confirmed e-mail', async () => {
    renderAt('/julie/paymentReturn', [shell('julie', { policy: accessPolicy({ isPublic: true }) })]);
    expect(await screen.findByRole('heading', { name: 'Commande introuvable' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Se déconnecter', hidden: true })).toBeNull();
  });

  it('hides the common header on routes flagged noCommonHeader', async () => {
    renderAt('/julie/packs/p1/configuration/i1', [shell('julie')]);
    // The pack configuration draws its own bar instead.
    expect(await screen.findByRole('link', { name: 'Retour au pack' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Mariage de Julie & Thomas' })).toBeNull();
  });

  it('sends routes that need access to the access screen, remembering where the visitor was going', async () => {
    const router = renderAt('/julie/packs?email=julie%40example.com', [shell('julie', locked), accessPageMock('julie')]);
    expect(await screen.findByRole('heading', { name: 'Galerie protégée' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/julie/authentication/accessCode');
    expect(router.state.location.search).toBe('?email=julie%40example.com');
    expect(router.state.location.state).toEqual({ from: '/julie/packs?email=julie%40example.com' });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('heading', { name: 'Bientôt disponible' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Code d’accès' })).toBeTruthy();
  });

  it('asks for an e-mail, pre-filled from the address, before opening a gallery that needs one', async () => {
    renderAt('/julie?email=julie%40example.com', [
      shell('julie', { auth: authState({ accessCodeAuthorized: true, needEmail: true }), policy: accessPolicy({ needEmail: true }) }),
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Confirmez votre adresse email' });
    expect((within(dialog).getByRole('textbox', { name: 'Adresse email' }) as HTMLInputElement).value).toBe('julie@example.com');
    expect(screen.getByRole('heading', { name: 'Adresse email requise' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Saisir mon adresse email' }));
    expect(await screen.findByRole('dialog', { name: 'Confirmez votre adresse email' })).toBeTruthy();
  });

  it('remembers the gallery for the next visit, and asks for the cart with the shell of a gallery it knows', async () => {
    renderAt('/julie/paymentReturn', [shell('julie', { auth: authState({ accessCodeAuthorized: true, accessEmail: 'julie@example.com' }) })]);
    expect(await screen.findByRole('heading', { name: 'Commande introuvable' })).toBeTruthy();
    await waitFor(() => expect(JSON.parse(localStorage.getItem('gallery.known') ?? '{}')).toEqual({ julie: { id: GALLERY_ID, open: true, email: true } }));
    cleanup();
    resetKnownGalleries();
    rememberGallery('julie', { id: GALLERY_ID, open: true, email: false });
    const answer = shell('julie').result as { data: { gallery: Record<string, unknown> } };
    renderAt('/julie/paymentReturn', [
      {
        request: { query: GalleryShellWithCartQuery, variables: { url: 'julie', galleryId: GALLERY_ID, favorites: false } },
        result: { data: { ...answer.data, cart: { __typename: 'Cart', id: 'cart_1', version: 1, itemCount: 3, cartUpdated: false } } },
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Commande introuvable' })).toBeTruthy();
    expect((await screen.findAllByRole('link', { name: /3 articles/ })).length).toBeGreaterThan(0);
  });

  it('forgets a known gallery whose combined shell is refused, and asks for the plain shell', async () => {
    rememberGallery('julie', { id: GALLERY_ID, open: true, email: true });
    renderAt('/julie/paymentReturn', [
      {
        request: { query: GalleryShellWithCartQuery, variables: { url: 'julie', galleryId: GALLERY_ID, favorites: true } },
        result: { errors: [{ message: 'Impossible de s’authentifier', extensions: { code: 'unauthorized' } }] },
      },
      shell('julie'),
    ]);
    expect(await screen.findByRole('heading', { name: 'Commande introuvable' })).toBeTruthy();
    expect(knownGallery('julie')).toBeNull();
    expect(screen.queryByText('Impossible de s’authentifier')).toBeNull();
  });

  it('shows a 404 inside the gallery for unknown addresses', async () => {
    renderAt('/julie/nothing/here', [shell('julie')]);
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeTruthy();
  });
});
