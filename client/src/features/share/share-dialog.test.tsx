import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../lib/notification-store';
import { checkShare, ShareDialog, ShareGalleryMutation } from './share-dialog';

afterEach(() => notifications.clear());

function shareMock(emails: string[], answer: { recipients?: string[]; userErrors?: Array<{ field: string[]; message: string; code: string }> }): MockLink.MockedResponse {
  return {
    request: { query: ShareGalleryMutation, variables: { input: { galleryId: 'gal_1', senderName: 'Julie', emails, message: null } } },
    result: {
      data: {
        shareGallery: {
          __typename: 'ShareGalleryPayload',
          recipients: answer.recipients ?? [],
          userErrors: (answer.userErrors ?? []).map((e) => ({ __typename: 'ContactError', ...e })),
        },
      },
    },
  };
}

function setup(mocks: MockLink.MockedResponse[]) {
  const onClose = vi.fn();
  render(
    <MockedProvider mocks={mocks}>
      <ShareDialog galleryId="gal_1" onClose={onClose} />
    </MockedProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Partager la galerie' });
  return { onClose, dialog };
}

describe('checkShare', () => {
  it('flags the repeat of an address, once normalised', () => {
    expect(checkShare('Julie', ['a@x.fr', ' A@X.fr ', 'b@x.fr'])).toEqual({ emails: { 1: 'share.duplicateEmail' } });
    expect(checkShare(' ', ['', ''])).toEqual({ senderName: 'share.nameRequired', emails: {}, emailList: 'share.emailRequired' });
  });
});

describe('ShareDialog', () => {
  it('shows the duplicate message beside the repeated address', () => {
    const { dialog } = setup([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Votre nom' }), { target: { value: 'Julie' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Adresse email 1' }), { target: { value: 'a@x.fr' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter une adresse' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Adresse email 2' }), { target: { value: 'A@x.fr' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    const field = within(dialog).getByRole('textbox', { name: 'Adresse email 2' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByRole('alert').textContent).toBe('Cette adresse email est présente plusieurs fois');
    expect(within(dialog).getByRole('textbox', { name: 'Adresse email 1' }).getAttribute('aria-invalid')).toBeNull();
  });

  it('puts the server userErrors beside their address', async () => {
    const { dialog, onClose } = setup([
      shareMock(['a@x.fr', 'pas-une-adresse'], { userErrors: [{ field: ['emails', '1'], code: 'invalid_email', message: "L'adresse email saisie n'est pas valide" }] }),
    ]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Votre nom' }), { target: { value: 'Julie' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Adresse email 1' }), { target: { value: 'a@x.fr' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter une adresse' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Adresse email 2' }), { target: { value: 'pas-une-adresse' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe("L'adresse email saisie n'est pas valide");
    expect(within(dialog).getByRole('textbox', { name: 'Adresse email 2' }).getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the link and says to how many addresses', async () => {
    const { dialog, onClose } = setup([shareMock(['a@x.fr'], { recipients: ['a@x.fr'] })]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Votre nom' }), { target: { value: 'Julie' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Adresse email 1' }), { target: { value: 'a@x.fr' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(notifications.getSnapshot()[0]).toMatchObject({ type: 'success', message: 'Le lien de la galerie a été envoyé à 1 adresse.' });
  });
});
