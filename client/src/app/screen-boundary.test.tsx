import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n';
import { ChunkLoadError, isConnectionError, lazyWithRetry } from '../lib/lazy-retry';
import { ScreenBoundary } from './screen-boundary';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** flakyScreen is a screen whose first `failures` downloads fail as an offline browser's do. */
function flakyScreen(failures: number) {
  const load = vi.fn(async () => {
    if (load.mock.calls.length <= failures) throw new TypeError('Failed to fetch dynamically imported module: /assets/cart-page.js');
    return { default: ({ name }: { name: string }) => <p>écran {name}</p> };
  });
  return { Screen: lazyWithRetry(load), load };
}

function renderScreen(Screen: ReturnType<typeof flakyScreen>['Screen']) {
  render(
    <ScreenBoundary at="/g/cart">
      <Suspense fallback={<p>chargement</p>}>
        <Screen name="panier" />
      </Suspense>
    </ScreenBoundary>,
  );
}

describe('lazyWithRetry and ScreenBoundary', () => {
  it('show « Connexion perdue » when a screen’s code cannot be downloaded, and draw it on « Réessayer »', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { Screen, load } = flakyScreen(1);
    renderScreen(Screen);
    expect(await screen.findByRole('heading', { name: 'Connexion perdue' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Erreur inconnue' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('écran panier')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('try again by themselves when the network returns, as often as it takes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { Screen, load } = flakyScreen(2);
    renderScreen(Screen);
    await screen.findByRole('heading', { name: 'Connexion perdue' });
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    // Still failing: the notice again, not a blank or a broken screen.
    expect(await screen.findByRole('heading', { name: 'Connexion perdue' })).toBeTruthy();
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('écran panier')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('keep « Erreur inconnue » and its reload for a screen that fails to draw', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Boom(): never {
      throw new Error('boom');
    }
    render(
      <ScreenBoundary at="/g/x">
        <Boom />
      </ScreenBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Erreur inconnue' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recharger' })).toBeTruthy();
  });

  it('tell network failures from bugs', () => {
    expect(isConnectionError(new ChunkLoadError(new Error('x')))).toBe(true);
    expect(isConnectionError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isConnectionError(new TypeError('Cannot read properties of undefined'))).toBe(false);
  });
});
