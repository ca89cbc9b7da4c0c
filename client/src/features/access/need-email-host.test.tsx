import { InMemoryCache } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeFragmentData } from '../../gql';
import { createCache } from '../../lib/apollo-cache';
import { AccessGalleryAuthFragment } from './access-auth';
import { authState, GALLERY_ID, userError } from './access-fixtures';
import { RequestEmailCodeMutation } from './email-address-step';
import { NeedEmailHost, NeedEmailHostFragment } from './need-email-host';
import { createNeedEmailStore } from '../../lib/need-email-store';
import { ConfirmEmailMutation } from './one-time-code-step';

const EMAIL = 'julie@example.com';

const requestCode: MockLink.MockedResponse = {
  request: { query: RequestEmailCodeMutation, variables: { input: { galleryId: GALLERY_ID, email: EMAIL } } },
  result: { data: { requestEmailCode: { __typename: 'RequestEmailCodePayload' as const, email: EMAIL, userErrors: [] } } },
};

function confirm(code: string, answer: { auth?: ReturnType<typeof authState>; userErrors?: ReturnType<typeof userError>[] }): MockLink.MockedResponse {
  return {
    request: { query: ConfirmEmailMutation, variables: { input: { galleryId: GALLERY_ID, email: EMAIL, code } } },
    result: { data: { confirmEmail: { __typename: 'AccessPayload' as const, auth: answer.auth ?? null, userErrors: answer.userErrors ?? [] } } },
  };
}

function renderHost(mocks: MockLink.MockedResponse[], url = '/julie') {
  const store = createNeedEmailStore();
  const cache: InMemoryCache = createCache();
  const gallery = makeFragmentData({ id: GALLERY_ID, auth: { needEmail: true } }, NeedEmailHostFragment);
  const router = createMemoryRouter([{ path: '/:galleryId', element: <NeedEmailHost gallery={gallery} store={store} /> }], { initialEntries: [url] });
  render(
    <MockedProvider mocks={mocks} cache={cache}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return { store, cache };
}

describe('NeedEmailHost', () => {
  it('asks for the e-mail, then the six-digit code, and answers the waiting action', async () => {
    const { store, cache } = renderHost(
      [
        requestCode,
        confirm('000000', { userErrors: [userError('invalid_one_time_code', 'Le code de confirmation est incorrect ou a expiré.')] }),
        confirm('123456', { auth: authState({ accessCodeAuthorized: true, accessEmail: EMAIL }) }),
      ],
      `/julie?email=${encodeURIComponent(EMAIL)}`,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = store.request();
    });

    const dialog = await screen.findByRole('dialog', { name: 'Confirmez votre adresse email' });
    const email = within(dialog).getByRole('textbox', { name: 'Adresse email' }) as HTMLInputElement;
    expect(email.value).toBe(EMAIL);
    expect(document.activeElement).toBe(email);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recevoir un code' }));

    const code = await within(dialog).findByRole('textbox', { name: 'Code de confirmation' });
    expect(within(dialog).getByRole('status').textContent).toBe(`Un code de confirmation a été envoyé à ${EMAIL}.`);
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('maxlength')).toBe('6');

    fireEvent.change(code, { target: { value: '12a34' } });
    expect((code as HTMLInputElement).value).toBe('1234');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Le code de confirmation contient 6 chiffres.');

    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Le code de confirmation est incorrect ou a expiré.');

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const stored = cache.readFragment({ id: `Gallery:${GALLERY_ID}`, fragment: AccessGalleryAuthFragment });
    expect(stored?.auth).toMatchObject({ accessCodeAuthorized: true, needEmail: false, accessEmail: EMAIL });
  });

  it('checks the address before sending and answers false when closed', async () => {
    const { store } = renderHost([]);
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = store.request();
    });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recevoir un code' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Merci de saisir votre adresse email');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Adresse email' }), { target: { value: 'julie@' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recevoir un code' }));
    expect(within(dialog).getByRole('alert').textContent).toBe("L'adresse email saisie n'est pas valide");

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
