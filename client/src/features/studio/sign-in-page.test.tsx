import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequestStudioCodeMutation, SignInWithCodeMutation } from './documents';
import { SignInPage } from './sign-in-page';

const err = (code: string, message: string, field: string) => ({ __typename: 'UserError' as const, code, message, field: [field] });

function requestCode(email: string, answer: { email?: string; userErrors?: ReturnType<typeof err>[] }): MockLink.MockedResponse {
  return {
    request: { query: RequestStudioCodeMutation, variables: { input: { email } } },
    result: { data: { requestStudioCode: { __typename: 'RequestStudioCodePayload' as const, email: answer.email ?? null, userErrors: answer.userErrors ?? [] } } },
  };
}

function signIn(code: string, answer: { ok?: boolean; userErrors?: ReturnType<typeof err>[] }): MockLink.MockedResponse {
  const photographer = answer.ok ? { __typename: 'Photographer' as const, id: 'pgr_1', name: 'Studio Lumière', email: 'studio@example.com' } : null;
  return {
    request: { query: SignInWithCodeMutation, variables: { input: { email: 'studio@example.com', code } } },
    result: { data: { signInWithCode: { __typename: 'SignInPayload' as const, photographer, userErrors: answer.userErrors ?? [] } } },
  };
}

function renderPage(mocks: MockLink.MockedResponse[]) {
  render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={['/studio/connexion']}>
        <Routes>
          <Route path="/studio/connexion" element={<SignInPage />} />
          <Route path="/studio/galeries" element={<p>Liste des galeries</p>} />
        </Routes>
      </MemoryRouter>
    </MockedProvider>,
  );
}

describe('SignInPage', () => {
  it('shows the server’s French message beside the e-mail', async () => {
    renderPage([requestCode('pas-une-adresse', { userErrors: [err('invalid_email', "L'adresse email saisie n'est pas valide", 'email')] })]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Adresse e-mail' }), { target: { value: 'pas-une-adresse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir un code' }));
    expect((await screen.findByRole('alert')).textContent).toBe("L'adresse email saisie n'est pas valide");
  });

  it('asks for the code, refuses a wrong one and signs in with the right one', async () => {
    renderPage([
      requestCode('Studio@Example.com', { email: 'studio@example.com' }),
      signIn('123456', { userErrors: [err('invalid_one_time_code', 'Code incorrect ou expiré', 'code')] }),
      signIn('654321', { ok: true }),
    ]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Adresse e-mail' }), { target: { value: 'Studio@Example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir un code' }));
    const code = await screen.findByRole('textbox', { name: 'Code reçu par e-mail' });
    expect(screen.getByRole('status').textContent).toContain('studio@example.com');
    fireEvent.change(code, { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Le code a six chiffres.');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect((await screen.findByText('Code incorrect ou expiré')).textContent).toBeTruthy();
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Liste des galeries')).toBeTruthy();
  });
});
