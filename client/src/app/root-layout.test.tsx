import { MockedProvider } from '@apollo/client/testing/react';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RootLayout } from './root-layout';

function Boom(): never {
  throw new Error('boom');
}

describe('RootLayout', () => {
  it('shows a failed screen as an error with a reload button, until the address changes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 200 })));
    const router = createMemoryRouter(
      [
        {
          element: <RootLayout />,
          children: [
            { path: '/g/boom', element: <Boom /> },
            { path: '/g/ok', element: <p>écran</p> },
          ],
        },
      ],
      { initialEntries: ['/g/boom'] },
    );
    render(
      <MockedProvider>
        <RouterProvider router={router} />
      </MockedProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Erreur inconnue' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recharger' })).toBeTruthy();
    await act(() => router.navigate('/g/ok'));
    expect(screen.getByText('écran')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Erreur inconnue' })).toBeNull();
    vi.unstubAllGlobals();
  });
});
