import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { StudioLayout } from './studio-layout';

// A screen whose chunk never arrives.
const Pending = lazy(() => new Promise<{ default: () => null }>(() => undefined));

describe('StudioLayout', () => {
  it('keeps the header and its navigation while a screen’s chunk loads, with a spinner under it', async () => {
    render(
      <MockedProvider mocks={[]}>
        <MemoryRouter initialEntries={['/studio/catalogue']}>
          <Routes>
            <Route path="/studio" element={<StudioLayout photographer={{ name: 'Studio Lumière', email: 'studio@example.com' }} />}>
              <Route path="catalogue" element={<Pending />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </MockedProvider>,
    );
    expect(await screen.findByText('Studio Lumière')).toBeTruthy();
    expect(screen.getByRole('navigation').textContent).toContain('Catalogue');
    const main = screen.getByRole('main');
    expect(main.querySelector('[role="status"]')).not.toBeNull();
  });
});
