import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createCache } from '../../lib/apollo-cache';
import { DownloadDialog, type DownloadOffer } from './download-dialog';
import { RequestDownloadMutation } from '../../lib/downloads/download-request-documents';
import { downloadRequest, GALLERY_ID, offer, requestMock, testLinks, update, userError } from '../../lib/downloads/download-fixtures';
import { createFollowedDownloadsStore } from '../../lib/downloads/followed-downloads';

const EMAIL = 'camille@example.com';

function setup(mocks: MockLink.MockedResponse[], given: DownloadOffer = offer()) {
  const onClose = vi.fn();
  const followed = createFollowedDownloadsStore();
  const { link, subscriptions } = testLinks(mocks);
  const view = render(
    <MockedProvider link={link} cache={createCache()}>
      <DownloadDialog offer={given} onClose={onClose} followed={followed} />
    </MockedProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Télécharger les photos' });
  return { dialog, onClose, followed, subscriptions, view };
}

/** subscribed waits for the dialog to follow the request. */
async function subscribed(subscriptions: ReturnType<typeof testLinks>['subscriptions'], id = 'dl_1') {
  await waitFor(() => expect(subscriptions.operation?.variables).toEqual({ id }));
}

describe('DownloadDialog', () => {
  it('asks for at least one collection and an e-mail before sending anything', async () => {
    const { dialog } = setup([]);
    expect(within(dialog).getByText('Offert par l’école : téléchargez les photos du gala.')).toBeTruthy();
    for (const name of ['Accueil', 'Spectacle', 'Soirée']) {
      const box = within(dialog).getByRole('checkbox', { name });
      expect((box as HTMLInputElement).checked).toBe(true);
      fireEvent.click(box);
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Préparer le téléchargement' }));
    const alerts = within(dialog).getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual(['Merci de choisir au moins une collection à télécharger.', 'Merci de saisir votre adresse email']);

    // Choosing a collection takes its message away.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Spectacle' }));
    expect(within(dialog).queryByText('Merci de choisir au moins une collection à télécharger.')).toBeNull();
    // Nothing went to the server (an unmocked call would have shown the request error).
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(within(dialog).queryByText('Erreur lors de la demande de téléchargement')).toBeNull();
  });

  it('offers no quality choice when the gallery offers one quality, and prefills the confirmed e-mail', () => {
    const { dialog } = setup([], offer({ qualities: ['hd'], email: EMAIL }));
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect((within(dialog).getByRole('textbox', { name: 'Adresse email' }) as HTMLInputElement).value).toBe(EMAIL);
  });

  it('warns about a probably mistyped e-mail and sends it again once confirmed', async () => {
    const typo = 'camille@gmial.com';
    const input = { galleryId: GALLERY_ID, email: typo, collections: ['Accueil', 'Spectacle', 'Soirée'], quality: 'web' as const, emailConfirmed: false };
    const { dialog, subscriptions } = setup([
      requestMock(input, {
        userErrors: [userError('email_suspicious', 'Cette adresse email semble incorrecte : merci de la vérifier avant de confirmer.', ['email'])],
      }),
      requestMock({ ...input, emailConfirmed: true }, { request: downloadRequest({ email: typo }) }),
    ]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Adresse email' }), { target: { value: typo } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Préparer le téléchargement' }));

    const warning = await within(dialog).findByText('Cette adresse email semble incorrecte : merci de la vérifier.');
    expect(warning.closest('[role="alert"]')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer cette adresse' }));

    expect(await within(dialog).findByText('Demande enregistrée : la préparation de vos photos commence.')).toBeTruthy();
    expect(within(dialog).queryByText('Cette adresse email semble incorrecte : merci de la vérifier.')).toBeNull();
    await subscribed(subscriptions);
  });

  it('puts the server’s other user errors beside their field', async () => {
    const input = { galleryId: GALLERY_ID, email: 'pas-une-adresse', collections: ['Accueil', 'Spectacle', 'Soirée'], quality: 'web' as const, emailConfirmed: false };
    const { dialog } = setup([requestMock(input, { userErrors: [userError('invalid_email', "L'adresse email saisie n'est pas valide", ['email'])] })]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Adresse email' }), { target: { value: 'pas-une-adresse' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Préparer le téléchargement' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe("L'adresse email saisie n'est pas valide");
    expect(within(dialog).getByRole('textbox', { name: 'Adresse email' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('says the request failed when the server refuses it', async () => {
    const input = { galleryId: GALLERY_ID, email: EMAIL, collections: ['Accueil', 'Spectacle', 'Soirée'], quality: 'hd' as const, emailConfirmed: false };
    const { dialog } = setup([
      {
        request: { query: RequestDownloadMutation, variables: { input } },
        result: { errors: [{ message: "Le téléchargement de ces fichiers n'est pas proposé dans cette galerie.", extensions: { code: 'download_not_allowed' } }] },
      },
    ], offer({ email: EMAIL }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Haute définition' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Préparer le téléchargement' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Erreur lors de la demande de téléchargement');
    // The form stays, to try again.
    expect(within(dialog).getByRole('button', { name: 'Préparer le téléchargement' })).toBeTruthy();
  });

  it('shows the preparation live, then one download button per archive', async () => {
    const input = { galleryId: GALLERY_ID, email: EMAIL, collections: ['Accueil', 'Soirée'], quality: 'hd' as const, emailConfirmed: false };
    const { dialog, subscriptions, followed } = setup([requestMock(input, { request: downloadRequest({ quality: 'hd' }) })], offer({ email: EMAIL }));
    // Unchecked then checked again: still sent in the gallery's order.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Accueil' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Spectacle' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Accueil' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Haute définition' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Préparer le téléchargement' }));
    await subscribed(subscriptions);

    subscriptions.simulateResult(update(downloadRequest({ status: 'preparing', quality: 'hd', filesDone: 12, filesTotal: 48 })));
    expect(await within(dialog).findByText('Préparation en cours : 12 / 48 photos')).toBeTruthy();
    const bar = within(dialog).getByRole('progressbar', { name: 'Préparation des photos' });
    expect(bar.getAttribute('aria-valuenow')).toBe('12');
    expect(bar.getAttribute('aria-valuemax')).toBe('48');

    subscriptions.simulateResult(update(downloadRequest({ status: 'preparing', quality: 'hd', filesDone: 40, filesTotal: 48 })));
    await waitFor(() => expect(within(dialog).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40'));
    expect(within(dialog).getByText('Préparation en cours : 40 / 48 photos')).toBeTruthy();

    const links = ['/media/downloads/dl_1/tok/1.zip', '/media/downloads/dl_1/tok/2.zip'];
    subscriptions.simulateResult(update(downloadRequest({ status: 'ready', quality: 'hd', filesDone: 48, filesTotal: 48, links, expiresAt: '2026-05-20T10:00:00Z' })));
    const first = await within(dialog).findByRole('link', { name: 'Télécharger (partie 1)' });
    expect(first.getAttribute('href')).toBe(links[0]);
    expect(within(dialog).getByRole('link', { name: 'Télécharger (partie 2)' }).getAttribute('href')).toBe(links[1]);
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(within(dialog).getByText('Vos photos sont prêtes !')).toBeTruthy();
    expect(within(dialog).getByText(`Le lien de téléchargement vous a aussi été envoyé par email à ${EMAIL}.`)).toBeTruthy();
    expect(within(dialog).getByText('Les liens sont valables jusqu’au 20 mai 2026.')).toBeTruthy();
    expect(followed.getSnapshot()).toEqual([]);
  });

  it('names a single archive « Télécharger »', async () => {
    const input = { galleryId: GALLERY_ID, email: EMAIL, collections: ['Accueil', 'Spectacle', 'Soirée'], quality: 'web' as const, emailConfirmed: false };
    const { dialog, subscriptions } = setup([requestMock(input, { request: downloadRequest() })], offer({ email: EMAIL }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Préparer le téléchargement' }));
    await subscribed(subscriptions);
    subscriptions.simulateResult(update(downloadRequest({ status: 'ready', filesDone: 3, filesTotal: 3, links: ['/media/downloads/dl_1/tok/1.zip'] })));
    expect((await within(dialog).findByRole('link', { name: 'Télécharger' })).getAttribute('href')).toBe('/media/downloads/dl_1/tok/1.zip');
  });

  it('hands a request still being prepared to the tracker when closed', async () => {
    const input = { galleryId: GALLERY_ID, email: EMAIL, collections: ['Accueil', 'Spectacle', 'Soirée'], quality: 'web' as const, emailConfirmed: false };
    const onClose = vi.fn();
    const followed = createFollowedDownloadsStore();
    const { link, subscriptions } = testLinks([requestMock(input, { request: downloadRequest() })]);
    const { unmount } = render(
      <MockedProvider link={link} cache={createCache()}>
        <DownloadDialog offer={offer({ email: EMAIL })} onClose={onClose} followed={followed} />
      </MockedProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Préparer le téléchargement' }));
    await subscribed(subscriptions);
    subscriptions.simulateResult(update(downloadRequest({ status: 'preparing', filesDone: 1, filesTotal: 3 })));
    await screen.findByText('Préparation en cours : 1 / 3 photos');
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onClose).toHaveBeenCalled();
    // The parent takes the dialog away.
    unmount();
    expect(followed.getSnapshot()).toEqual(['dl_1']);
  });
});
