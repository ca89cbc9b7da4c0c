import { MockedProvider } from '@apollo/client/testing/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createCache } from '../../lib/apollo-cache';
import { createNotificationStore } from '../../lib/notification-store';
import { Toaster } from '../../components/ui/toaster';
import { downloadRequest, testLinks, update } from '../../lib/downloads/download-fixtures';
import { DownloadTracker } from './download-tracker';
import { createFollowedDownloadsStore } from '../../lib/downloads/followed-downloads';

function setup() {
  const followed = createFollowedDownloadsStore();
  const toasts = createNotificationStore();
  const { link, subscriptions } = testLinks([]);
  render(
    <MockedProvider link={link} cache={createCache()}>
      <>
        <DownloadTracker followed={followed} toasts={toasts} />
        <Toaster store={toasts} />
      </>
    </MockedProvider>,
  );
  return { followed, toasts, subscriptions };
}

describe('DownloadTracker', () => {
  it('follows a request after its dialog closed and offers the download when it is ready', async () => {
    const { followed, toasts, subscriptions } = setup();
    act(() => followed.follow('dl_7'));
    await waitFor(() => expect(subscriptions.operation?.variables).toEqual({ id: 'dl_7' }));
    expect(toasts.getSnapshot()).toMatchObject([{ type: 'ongoing', message: 'Préparation de vos photos…' }]);

    subscriptions.simulateResult(update(downloadRequest({ id: 'dl_7', status: 'preparing', filesDone: 5, filesTotal: 20 })));
    expect(await screen.findByText('Préparation de vos photos : 5 / 20 photos')).toBeTruthy();

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.getAttribute('href')).toBe('/media/downloads/dl_7/tok/1.zip');
      expect(this.hasAttribute('download')).toBe(true);
    });
    subscriptions.simulateResult(update(downloadRequest({ id: 'dl_7', status: 'ready', filesDone: 20, filesTotal: 20, links: ['/media/downloads/dl_7/tok/1.zip'] })));
    const toast = (await screen.findByText('Vos photos sont prêtes : le lien vous a aussi été envoyé par email.')).closest('[data-type]') as HTMLElement;
    expect(toast.dataset.type).toBe('success');
    expect(toasts.getSnapshot()).toHaveLength(1);
    expect(toasts.getSnapshot()[0].timeout).toBe(0);
    await waitFor(() => expect(followed.getSnapshot()).toEqual([]));

    fireEvent.click(within(toast).getByRole('button', { name: 'Télécharger' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(toasts.getSnapshot()[0].leaving).toBe(true);
  });

  it('offers one button per archive, and says so when the preparation failed', async () => {
    const { followed, toasts, subscriptions } = setup();
    act(() => followed.follow('dl_8'));
    await waitFor(() => expect(subscriptions.operation?.variables).toEqual({ id: 'dl_8' }));
    subscriptions.simulateResult(update(downloadRequest({ id: 'dl_8', status: 'ready', links: ['/a/1.zip', '/a/2.zip'] })));
    await waitFor(() => expect(toasts.getSnapshot()[0]?.actions.map((a) => a.label)).toEqual(['Télécharger (partie 1)', 'Télécharger (partie 2)']));

    act(() => toasts.clear());
    act(() => followed.follow('dl_9'));
    await waitFor(() => expect(subscriptions.operation?.variables).toEqual({ id: 'dl_9' }));
    subscriptions.simulateResult(update(downloadRequest({ id: 'dl_9', status: 'failed' })));
    await waitFor(() => expect(toasts.getSnapshot().map((n) => [n.type, n.message])).toContainEqual(['error', 'La préparation de vos photos a échoué. Merci de faire une nouvelle demande.']));
    await waitFor(() => expect(followed.getSnapshot()).toEqual([]));
  });
});
