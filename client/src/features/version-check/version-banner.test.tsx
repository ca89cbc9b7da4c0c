import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VersionBanner } from './version-banner';

function mockVersions(...versions: string[]) {
  const fetchMock = vi.fn(async () => {
    const version = versions.length > 1 ? versions.shift()! : versions[0];
    return new Response(JSON.stringify({ version }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('VersionBanner', () => {
  it('appears when the version changes', async () => {
    vi.useFakeTimers();
    const fetchMock = mockVersions('v1', 'v1', 'v2');
    render(<VersionBanner enabled intervalMs={1000} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByRole('status').textContent).toContain('Une nouvelle version de la galerie est disponible.');
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/version', expect.anything());
  });

  it('does not poll when disabled', async () => {
    vi.useFakeTimers();
    const fetchMock = mockVersions('v1');
    render(<VersionBanner enabled={false} intervalMs={1000} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
