import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n';
import { ConnectionBanner } from './connection-banner';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ConnectionBanner', () => {
  it('says « Connexion perdue » while the browser is offline, and goes when the network returns', async () => {
    render(
      <MockedProvider>
        <ConnectionBanner />
      </MockedProvider>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status').textContent).toContain('Connexion perdue');
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows at once when the page opens offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(
      <MockedProvider>
        <ConnectionBanner />
      </MockedProvider>,
    );
    expect(screen.getByRole('status').textContent).toContain('Ce qui est déjà affiché reste consultable.');
  });
});
