import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { readAddress } from './initial-address';
import { forgetPreviewHashes, galleryVariables, previewHashFor, previewHashParam, rememberPreviewHash, usePreviewHash } from './preview-hash';

afterEach(() => {
  cleanup();
  forgetPreviewHashes();
});

describe('readAddress', () => {
  it('reads the gallery, the preview hash and the e-mail of the first address', () => {
    expect(readAddress('/julie-et-thomas/preview', '?previewHash=h1&email=julie%40example.com&gap=4')).toEqual({
      galleryUrl: 'julie-et-thomas',
      previewHash: 'h1',
      email: 'julie@example.com',
    });
    expect(readAddress('/gala%202026/photos/p1', '')).toEqual({ galleryUrl: 'gala 2026', previewHash: undefined, email: undefined });
    expect(readAddress('/', '?previewHash=&email=%20')).toEqual({ galleryUrl: '', previewHash: undefined, email: undefined });
    expect(readAddress('/%E0%A4%A/x', '').galleryUrl).toBe('%E0%A4%A');
  });
});

describe('preview hash store', () => {
  it('keeps one hash per gallery for the tab, in sessionStorage', () => {
    expect(previewHashFor('julie')).toBeUndefined();
    rememberPreviewHash('julie', ' h1 ');
    rememberPreviewHash('gala', 'h2');
    rememberPreviewHash('', 'h3');
    rememberPreviewHash('other', '  ');
    expect(previewHashFor('julie')).toBe('h1');
    expect(previewHashFor('gala')).toBe('h2');
    expect(previewHashFor('other')).toBeUndefined();
    expect(JSON.parse(sessionStorage.getItem('gallery.previewHashes') ?? '{}')).toEqual({ julie: 'h1', gala: 'h2' });
  });

  it('reads the parameter and builds the query variables', () => {
    expect(previewHashParam('?previewHash=a%2Bb&gap=3')).toBe('a+b');
    expect(previewHashParam('?previewHash=')).toBeUndefined();
    expect(galleryVariables('julie', 'h1')).toEqual({ url: 'julie', previewHash: 'h1' });
    expect(galleryVariables('julie', undefined)).toEqual({ url: 'julie' });
  });
});

function Probe({ gallery }: { gallery: string }) {
  return <p data-testid="hash">{usePreviewHash(gallery) ?? 'none'}</p>;
}

function renderProbe(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/:galleryId/*', element: <Probe gallery="julie" /> },
      { path: '/:galleryId', element: <Probe gallery="julie" /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('usePreviewHash', () => {
  it('takes the hash of the address, keeps it, and still has it once the address drops it', async () => {
    const router = renderProbe('/julie/preview?previewHash=h1');
    expect(screen.getByTestId('hash').textContent).toBe('h1');
    expect(previewHashFor('julie')).toBe('h1');
    await act(() => router.navigate('/julie/photos/p1'));
    expect(screen.getByTestId('hash').textContent).toBe('h1');
    // A newer preview link of the same gallery replaces it.
    await act(() => router.navigate('/julie/preview?previewHash=h2'));
    await act(() => router.navigate('/julie'));
    expect(screen.getByTestId('hash').textContent).toBe('h2');
  });

  it('has none for a gallery never previewed, and follows the store', () => {
    renderProbe('/julie');
    expect(screen.getByTestId('hash').textContent).toBe('none');
    act(() => rememberPreviewHash('julie', 'h9'));
    expect(screen.getByTestId('hash').textContent).toBe('h9');
  });
});
