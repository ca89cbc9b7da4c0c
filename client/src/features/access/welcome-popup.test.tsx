import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeFragmentData } from '../../gql';
import { GALLERY_ID } from './access-fixtures';
import { FIRST_STEPS_MODE, WelcomePopup, WelcomePopupFragment } from './welcome-popup';

const CLIENTS = 'Bienvenue Julie et Thomas ! Voici les photos de votre mariage.';
const VISITORS = 'Bienvenue dans la galerie du mariage de Julie et Thomas.';

function gallery({ isClient = false, hasClients = true, mode = FIRST_STEPS_MODE, needEmail = false, id = GALLERY_ID } = {}) {
  return makeFragmentData(
    {
      id,
      accessPolicy: { hasClients },
      auth: { accessCodeAuthorized: true, needEmail, isClient },
      language: 'fr',
      welcomePopupConfig: { mode, messageForClients: CLIENTS, messageForVisitors: VISITORS, translations: [] },
    },
    WelcomePopupFragment,
  );
}

afterEach(() => window.localStorage.clear());

describe('WelcomePopup', () => {
  it('greets visitors with their message and the first steps, once per gallery', async () => {
    const { unmount } = render(<WelcomePopup gallery={gallery()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Bienvenue' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText(VISITORS)).toBeTruthy();
    expect(within(dialog).queryByText(CLIENTS)).toBeNull();
    expect(within(dialog).getByRole('heading', { name: 'Premiers pas' })).toBeTruthy();
    expect(within(dialog).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Parcourez les photos de la galerie.',
      'Ajoutez vos photos préférées à vos favoris.',
      'Commandez vos tirages, packs et fichiers numériques.',
    ]);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Découvrir la galerie' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();

    render(<WelcomePopup gallery={gallery()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('greets clients with theirs, without first steps in msgOnly mode', async () => {
    render(<WelcomePopup gallery={gallery({ isClient: true, mode: 'msgOnly' })} />);
    const dialog = await screen.findByRole('dialog', { name: 'Bienvenue' });
    expect(within(dialog).getByText(CLIENTS)).toBeTruthy();
    expect(within(dialog).queryByText(VISITORS)).toBeNull();
    expect(within(dialog).queryByRole('heading', { name: 'Premiers pas' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Découvrir la galerie' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('waits for an open gallery with clients', async () => {
    const { rerender } = render(<WelcomePopup gallery={gallery({ hasClients: false })} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<WelcomePopup gallery={gallery({ needEmail: true })} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<WelcomePopup gallery={gallery()} enabled={false} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<WelcomePopup gallery={gallery()} />);
    expect(await screen.findByRole('dialog', { name: 'Bienvenue' })).toBeTruthy();
  });

  it('keeps Tab inside the dialog', async () => {
    render(<WelcomePopup gallery={gallery()} />);
    const dialog = await screen.findByRole('dialog');
    const start = within(dialog).getByRole('button', { name: 'Découvrir la galerie' });
    const close = within(dialog).getByRole('button', { name: 'Fermer' });
    fireEvent.keyDown(start, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(start);
  });
});
