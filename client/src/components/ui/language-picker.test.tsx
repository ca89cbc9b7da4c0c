import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import i18n, { LANGUAGE_STORAGE_KEY } from '../../lib/i18n';
import { LanguagePicker } from './language-picker';

function renderPicker() {
  render(
    <I18nextProvider i18n={i18n}>
      <LanguagePicker />
    </I18nextProvider>,
  );
}

afterEach(async () => {
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  await act(() => i18n.changeLanguage('fr'));
});

describe('LanguagePicker', () => {
  it('names each language in itself, marked with its lang, the current one pressed', () => {
    renderPicker();
    const group = screen.getByRole('group', { name: 'Langue' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => [b.textContent, b.getAttribute('lang'), b.getAttribute('aria-pressed')])).toEqual([
      ['Français', 'fr', 'true'],
      ['Nederlands', 'nl', 'false'],
      ['English', 'en', 'false'],
    ]);
  });

  it('switches the interface to the language chosen and remembers it', async () => {
    renderPicker();
    fireEvent.click(screen.getByRole('button', { name: 'Nederlands' }));
    // The Dutch catalogue loads, then the group speaks Dutch.
    const group = await screen.findByRole('group', { name: 'Taal' });
    expect(within(group).getByRole('button', { name: 'Nederlands' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(group).getByRole('button', { name: 'Français' }).getAttribute('aria-pressed')).toBe('false');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('nl');
    expect(document.documentElement.lang).toBe('nl');

    fireEvent.click(within(group).getByRole('button', { name: 'English' }));
    await screen.findByRole('group', { name: 'Language' });
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
  });
});
