import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authState, GALLERY_ID, userError } from './access-fixtures';
import { ClientCodeDialog } from './client-code-dialog';
import { EnterClientCodeMutation } from './gallery-code-form';
import { RecoverClientCodeMutation } from './recover-code-form';

function clientCode(code: string, answer: { auth?: ReturnType<typeof authState>; userErrors?: ReturnType<typeof userError>[] }): MockLink.MockedResponse {
  return {
    request: { query: EnterClientCodeMutation, variables: { input: { galleryId: GALLERY_ID, code } } },
    result: { data: { enterClientCode: { __typename: 'AccessPayload' as const, auth: answer.auth ?? null, userErrors: answer.userErrors ?? [], captcha: null } } },
  };
}

function renderDialog(mocks: MockLink.MockedResponse[]) {
  const onAccepted = vi.fn();
  const onClose = vi.fn();
  render(
    <MockedProvider mocks={mocks}>
      <ClientCodeDialog galleryId={GALLERY_ID} onAccepted={onAccepted} onClose={onClose} />
    </MockedProvider>,
  );
  return { onAccepted, onClose };
}

describe('ClientCodeDialog', () => {
  it('refuses a visitor code with the privileged-client message', async () => {
    const { onAccepted } = renderDialog([
      clientCode('INVITE-3M8P', { userErrors: [userError('not_client_code', "Le code saisi n'est pas un code client privilégié")] }),
    ]);
    const dialog = screen.getByRole('dialog', { name: 'Accès client privilégié' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Code client' }), { target: { value: 'INVITE-3M8P' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Valider mon code client' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe("Le code saisi n'est pas un code client privilégié");
    expect(onAccepted).not.toHaveBeenCalled();
  });

  it('refuses a code that leaves the visitor a visitor', async () => {
    const { onAccepted } = renderDialog([clientCode('INVITE-3M8P', { auth: authState({ accessCodeAuthorized: true, connectedAs: 'visitor' }) })]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Code client' }), { target: { value: 'INVITE-3M8P' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider mon code client' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Le code saisi n'est pas un code client privilégié");
    expect(onAccepted).not.toHaveBeenCalled();
  });

  it('upgrades a visitor to client and says so', async () => {
    const { onAccepted, onClose } = renderDialog([clientCode('CLIENT-7K4Q', { auth: authState({ accessCodeAuthorized: true, isClient: true, connectedAs: 'client' }) })]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Code client' }), { target: { value: 'CLIENT-7K4Q' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider mon code client' }));
    const done = await screen.findByRole('dialog', { name: 'Bienvenue !' });
    expect(onAccepted).toHaveBeenCalledWith(expect.objectContaining({ isClient: true, accessCodeAuthorized: true }));
    expect(within(done).getByText('Vous êtes maintenant connecté en tant que client.')).toBeTruthy();
    fireEvent.click(within(done).getByRole('button', { name: 'Continuer' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('recovers a forgotten code with a neutral answer', async () => {
    renderDialog([
      {
        request: { query: RecoverClientCodeMutation, variables: { input: { galleryId: GALLERY_ID, email: 'inconnu@example.com' } } },
        result: { data: { recoverClientCode: { __typename: 'RecoverClientCodePayload' as const, sent: true, userErrors: [] } } },
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Code oublié ?' }));
    const dialog = screen.getByRole('dialog', { name: 'Code client oublié' });
    const email = within(dialog).getByRole('textbox', { name: 'Adresse email' });
    expect(document.activeElement).toBe(email);

    fireEvent.change(email, { target: { value: 'pas-une-adresse' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recevoir mon code' }));
    expect(within(dialog).getByRole('alert').textContent).toBe("L'adresse email saisie n'est pas valide");

    fireEvent.change(email, { target: { value: ' inconnu@example.com ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recevoir mon code' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('Si cette adresse est enregistrée, vous recevrez votre code client par email.');

    fireEvent.click(within(dialog).getByRole('button', { name: 'J’ai mon code client' }));
    expect(screen.getByRole('dialog', { name: 'Accès client privilégié' })).toBeTruthy();
  });

  it('closes on Escape', () => {
    const { onClose } = renderDialog([]);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Code client' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
});
