import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createCache } from '../../lib/apollo-cache';
import { accessPageData, accessPageMock, authState, GALLERY_ID, userError } from './access-fixtures';
import { AccessCodePage, returnAddress } from './access-code-page';
import { EnterAccessCodeMutation } from './gallery-code-form';

function Elsewhere() {
  const location = useLocation();
  return <p>Page {location.pathname}</p>;
}

function renderAccess(mocks: MockLink.MockedResponse[], from?: string) {
  const router = createMemoryRouter(
    [
      { path: '/:galleryId/authentication/accessCode', element: <AccessCodePage /> },
      { path: '/:galleryId/*', element: <Elsewhere /> },
    ],
    { initialEntries: [{ pathname: '/julie/authentication/accessCode', state: from ? { from } : null }] },
  );
  render(
    <MockedProvider mocks={mocks} cache={createCache()}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return router;
}

const CAPTCHA = { __typename: 'Captcha' as const, id: 'cap_1', imageUrl: '/api/captcha/cap_1.png', audioUrl: '/api/captcha/cap_1.wav' };

function enterCode(
  code: string,
  answer: { auth?: ReturnType<typeof authState> | null; userErrors?: ReturnType<typeof userError>[]; captcha?: typeof CAPTCHA },
  captcha?: { captchaId: string; captchaText: string },
): MockLink.MockedResponse {
  return {
    request: { query: EnterAccessCodeMutation, variables: { input: { galleryId: GALLERY_ID, code, ...captcha } } },
    result: {
      data: {
        enterAccessCode: { __typename: 'AccessPayload' as const, auth: answer.auth ?? null, userErrors: answer.userErrors ?? [], captcha: answer.captcha ?? null },
      },
    },
  };
}

describe('AccessCodePage', () => {
  it('shows the gallery and keeps the button disabled until the code looks complete', async () => {
    renderAccess([accessPageMock('julie')]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mariage de Julie & Thomas' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Galerie protégée' })).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Code d’accès' });
    const submit = screen.getByRole('button', { name: 'Accéder à la galerie' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    fireEvent.keyDown(field, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('Merci de saisir votre code d’accès');

    fireEvent.change(field, { target: { value: 'AB C' } });
    expect(submit.disabled).toBe(true);
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('Merci de saisir le code d’accès complet');
    expect(field.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field, { target: { value: 'AB CD' } });
    expect(submit.disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a code the server answers without opening the gallery', async () => {
    renderAccess([accessPageMock('julie'), enterCode('CLOSED-CODE', { auth: authState({ accessCodeAuthorized: false }) })]);
    const field = await screen.findByRole('textbox', { name: 'Code d’accès' });
    fireEvent.change(field, { target: { value: 'CLOSED-CODE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accéder à la galerie' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Le code saisi est incorrect.');
  });

  it('shows the server message beside the field for a wrong code', async () => {
    renderAccess([accessPageMock('julie'), enterCode('WRONG-CODE', { userErrors: [userError('invalid_access_code', 'Le code saisi est incorrect.')] })]);
    const field = await screen.findByRole('textbox', { name: 'Code d’accès' });
    fireEvent.change(field, { target: { value: '  WRONG-CODE ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accéder à la galerie' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Le code saisi est incorrect.');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('shows the captcha the gallery asks for and sends the copied digits with the code', async () => {
    const next = { ...CAPTCHA, id: 'cap_2', imageUrl: '/api/captcha/cap_2.png' };
    renderAccess([
      accessPageMock('julie'),
      enterCode('INVITE-3M8P', {
        userErrors: [userError('captcha_required', 'Beaucoup de codes erronés ont été saisis sur cette galerie : merci de recopier le code de l’image.', ['captchaText'])],
        captcha: CAPTCHA,
      }),
      enterCode(
        'INVITE-3M8P',
        { userErrors: [userError('captcha_invalid', 'Le code recopié est incorrect, merci de recopier le nouveau code.', ['captchaText'])], captcha: next },
        { captchaId: 'cap_1', captchaText: '111111' },
      ),
      enterCode('INVITE-3M8P', { auth: authState({ accessCodeAuthorized: true }) }, { captchaId: 'cap_2', captchaText: '424242' }),
      accessPageMock('julie', { authorized: true }),
    ]);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Code d’accès' }), { target: { value: 'INVITE-3M8P' } });
    const submit = screen.getByRole('button', { name: 'Accéder à la galerie' });
    fireEvent.click(submit);
    const image = await screen.findByRole('img', { name: 'Code de sécurité à recopier' });
    expect(image.getAttribute('src')).toBe('/api/captcha/cap_1.png');
    expect(screen.getByText('Beaucoup de codes erronés ont été saisis sur cette galerie : recopiez aussi le code de l’image.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('merci de recopier le code de l’image');

    // An empty answer is not sent.
    fireEvent.click(submit);
    expect(screen.getByRole('alert').textContent).toBe('Merci de recopier le code de l’image');

    fireEvent.change(screen.getByRole('textbox', { name: 'Code de l’image' }), { target: { value: ' 111111 ' } });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Code de sécurité à recopier' }).getAttribute('src')).toBe('/api/captcha/cap_2.png'));
    expect(screen.getByRole('alert').textContent).toBe('Le code recopié est incorrect, merci de recopier le nouveau code.');
    expect((screen.getByRole('textbox', { name: 'Code de l’image' }) as HTMLInputElement).value).toBe('');

    fireEvent.change(screen.getByRole('textbox', { name: 'Code de l’image' }), { target: { value: '424242' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Page /julie')).toBeTruthy();
  });

  it('says it cannot authenticate when the call fails unexpectedly', async () => {
    renderAccess([
      accessPageMock('julie'),
      { request: { query: EnterAccessCodeMutation, variables: { input: { galleryId: GALLERY_ID, code: 'INVITE-3M8P' } } }, error: new Error('boom') },
    ]);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Code d’accès' }), { target: { value: 'INVITE-3M8P' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accéder à la galerie' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Impossible de s'authentifier");
  });

  it('refetches the gallery and returns where the visitor was going once the code is accepted', async () => {
    const refetched = vi.fn(() => ({ data: accessPageData({ authorized: true }) }));
    const router = renderAccess(
      [
        accessPageMock('julie'),
        enterCode('INVITE-3M8P', { auth: authState({ accessCodeAuthorized: true, needEmail: true }) }),
        { ...accessPageMock('julie', { authorized: true }), result: refetched },
      ],
      '/julie/photos/p1?email=julie%40example.com',
    );
    fireEvent.change(await screen.findByRole('textbox', { name: 'Code d’accès' }), { target: { value: 'INVITE-3M8P' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accéder à la galerie' }));
    expect(await screen.findByText('Page /julie/photos/p1')).toBeTruthy();
    expect(router.state.location.search).toBe('?email=julie%40example.com');
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(refetched).toHaveBeenCalled());
  });

  it('leaves at once when the gallery is already open', async () => {
    renderAccess([accessPageMock('julie', { authorized: true })]);
    expect(await screen.findByText('Page /julie')).toBeTruthy();
  });

  it('opens the privileged-client dialog', async () => {
    renderAccess([accessPageMock('julie')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Vous êtes client ?' }));
    expect(screen.getByRole('dialog', { name: 'Accès client privilégié' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Code client' }));
  });
});

describe('returnAddress', () => {
  it('only goes back to pages of the same gallery', () => {
    expect(returnAddress({ from: '/julie/photos/1' }, 'julie')).toBe('/julie/photos/1');
    expect(returnAddress({ from: '/julie?email=a%40b.c' }, 'julie')).toBe('/julie?email=a%40b.c');
    expect(returnAddress({ from: '/other/photos/1' }, 'julie')).toBe('/julie');
    expect(returnAddress({ from: '/julie-bis' }, 'julie')).toBe('/julie');
    expect(returnAddress({ from: '/julie/authentication/accessCode' }, 'julie')).toBe('/julie');
    expect(returnAddress({ from: 'https://evil.example' }, 'julie')).toBe('/julie');
    expect(returnAddress(null, 'julie')).toBe('/julie');
  });
});
