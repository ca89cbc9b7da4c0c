import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NewCaptchaMutation } from '../../components/captcha/captcha-documents';
import { checkContact, ContactGalleryQuery, ContactPage, ContactPhotographerMutation } from './contact-page';

const galleryMock: MockLink.MockedResponse = {
  request: { query: ContactGalleryQuery, variables: { url: 'gala' } },
  result: { data: { gallery: { __typename: 'Gallery', id: 'gal_1' } } },
};

function captchaMock(id: string): MockLink.MockedResponse {
  return {
    request: { query: NewCaptchaMutation },
    result: {
      data: {
        newCaptcha: {
          __typename: 'NewCaptchaPayload',
          captcha: { __typename: 'Captcha', id, imageUrl: `/api/captcha/${id}.png`, audioUrl: `/api/captcha/${id}.wav` },
          userErrors: [],
        },
      },
    },
  };
}

function contactMock(captchaId: string, answer: { sent: boolean; userErrors?: Array<{ field: string[]; message: string; code: string }> }): MockLink.MockedResponse {
  return {
    request: {
      query: ContactPhotographerMutation,
      variables: { input: { galleryId: 'gal_1', name: 'Camille', email: 'camille@example.com', message: 'Bonjour', captchaId, captchaText: '123456' } },
    },
    result: {
      data: {
        contactPhotographer: {
          __typename: 'ContactPhotographerPayload',
          sent: answer.sent,
          userErrors: (answer.userErrors ?? []).map((e) => ({ __typename: 'ContactError', ...e })),
        },
      },
    },
  };
}

function setup(mocks: MockLink.MockedResponse[]) {
  const router = createMemoryRouter([{ path: '/:galleryId/contact', element: <ContactPage /> }], { initialEntries: ['/gala/contact'] });
  render(
    <MockedProvider mocks={mocks}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
}

function fill() {
  fireEvent.change(screen.getByRole('textbox', { name: 'Votre nom' }), { target: { value: 'Camille' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Votre adresse email' }), { target: { value: 'camille@example.com' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Votre message' }), { target: { value: 'Bonjour' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Code de l’image' }), { target: { value: '123456' } });
}

const captchaId = () => document.querySelector('img[data-captcha-id]')?.getAttribute('data-captcha-id');

describe('checkContact', () => {
  it('requires every field and a plausible e-mail', () => {
    expect(checkContact({ name: '', email: 'x', message: ' ', captchaText: '' })).toEqual({
      name: 'contact.nameRequired',
      email: 'errors.invalidEmail',
      message: 'contact.messageRequired',
      captchaText: 'contact.captchaRequired',
    });
  });
});

describe('ContactPage', () => {
  it('shows the captcha with its audio link and says which fields are missing', async () => {
    setup([galleryMock, captchaMock('cap_1')]);
    await waitFor(() => expect(captchaId()).toBe('cap_1'));
    expect(screen.getByRole('img', { name: 'Code de sécurité à recopier' }).getAttribute('src')).toBe('/api/captcha/cap_1.png');
    expect(screen.getByRole('link', { name: 'Écouter le code (en anglais)' }).getAttribute('href')).toBe('/api/captcha/cap_1.wav');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual(['Merci de saisir votre nom', 'Merci de saisir votre adresse email', 'Merci de saisir votre message', 'Merci de recopier le code de l’image']);
  });

  it('draws a new image on demand', async () => {
    setup([galleryMock, captchaMock('cap_1'), captchaMock('cap_2')]);
    await waitFor(() => expect(captchaId()).toBe('cap_1'));
    fireEvent.click(screen.getByRole('button', { name: 'Nouvelle image' }));
    await waitFor(() => expect(captchaId()).toBe('cap_2'));
  });

  it('shows a wrong code beside the captcha and draws a new one', async () => {
    setup([
      galleryMock,
      captchaMock('cap_1'),
      contactMock('cap_1', { sent: false, userErrors: [{ field: ['captchaText'], code: 'captcha_invalid', message: 'Le code recopié est incorrect, merci de réessayer.' }] }),
      captchaMock('cap_2'),
    ]);
    await waitFor(() => expect(captchaId()).toBe('cap_1'));
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Le code recopié est incorrect, merci de réessayer.');
    await waitFor(() => expect(captchaId()).toBe('cap_2'));
    expect((screen.getByRole('textbox', { name: 'Code de l’image' }) as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('textbox', { name: 'Votre message' }) as HTMLTextAreaElement).value).toBe('Bonjour');
  });

  it('confirms a sent message', async () => {
    setup([galleryMock, captchaMock('cap_1'), contactMock('cap_1', { sent: true })]);
    await waitFor(() => expect(captchaId()).toBe('cap_1'));
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    expect((await screen.findByRole('status')).textContent).toBe('Votre message a bien été envoyé au photographe. Il vous répondra par email.');
  });

  it('draws a new captcha for another message', async () => {
    setup([galleryMock, captchaMock('cap_1'), contactMock('cap_1', { sent: true }), captchaMock('cap_2')]);
    await waitFor(() => expect(captchaId()).toBe('cap_1'));
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Écrire un autre message' }));
    await waitFor(() => expect(captchaId()).toBe('cap_2'));
    expect((screen.getByRole('textbox', { name: 'Votre message' }) as HTMLTextAreaElement).value).toBe('');
  });
});
