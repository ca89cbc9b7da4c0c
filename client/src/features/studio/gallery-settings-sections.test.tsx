import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GalleryLookSection, type GalleryLookValue } from './gallery-look-section';
import { GalleryStatusSection } from './gallery-status-section';
import { StudioUpdateGallerySettingsMutation } from './settings-documents';

const colors = { primary: '#2f3e46', secondary: '#84a98c', light: '#f7f4ef', accent: '#c9a227' };
const look: GalleryLookValue = {
  id: 'gal_1',
  hideSaleEmphasis: false,
  lightenHomepage: false,
  theme: { theme: 'classic', variant: 'light', photosLayout: 'masonry', photosGap: { value: 8 }, colorTheme: { colors } },
};

function update(settings: object, answer: { userErrors?: { field: string[]; message: string; code: string }[]; gallery?: object | null }): MockLink.MockedResponse {
  return {
    request: { query: StudioUpdateGallerySettingsMutation, variables: { input: { galleryId: 'gal_1', settings } } },
    result: {
      data: {
        updateGallery: {
          __typename: 'UpdateGalleryPayload' as const,
          gallery: answer.gallery ?? null,
          userErrors: (answer.userErrors ?? []).map((e) => ({ __typename: 'PhotographerError' as const, ...e })),
        },
      },
    },
  };
}

const swatch = (variable: string) => document.querySelector(`[data-variable="${variable}"] code`)?.textContent;

describe('GalleryLookSection', () => {
  it('previews the derived tints live as a colour changes', () => {
    render(
      <MockedProvider mocks={[]}>
        <GalleryLookSection gallery={look} />
      </MockedProvider>,
    );
    expect(swatch('--color-accent-10')).toBe('#faf6e9');
    fireEvent.change(screen.getByRole('textbox', { name: 'Accent' }), { target: { value: '#ff0000' } });
    expect(swatch('--color-accent')).toBe('#ff0000');
    expect(swatch('--color-accent-50')).toBe('#ff8080');
    // The dark variant mixes the tints with the dark page.
    fireEvent.change(screen.getByRole('combobox', { name: 'Variante' }), { target: { value: 'dark' } });
    expect(swatch('--color-accent-50')).toBeUndefined();
    expect(swatch('--dark-color-accent-50')).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('shows the server’s French error beside the colour at fault', async () => {
    const theme = { theme: 'classic', variant: 'light', photosLayout: 'masonry', photosGap: 8, colors: { ...colors, accent: 'rouge' } };
    render(
      <MockedProvider
        mocks={[
          update(
            { theme, hideSaleEmphasis: false, lightenHomepage: false },
            { userErrors: [{ field: ['settings', 'theme', 'colors', 'accent'], message: 'La couleur doit être au format #rrggbb.', code: 'invalid_color' }] },
          ),
        ]}
      >
        <GalleryLookSection gallery={look} />
      </MockedProvider>,
    );
    const accent = screen.getByRole('textbox', { name: 'Accent' });
    fireEvent.change(accent, { target: { value: 'rouge' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer l’apparence' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('La couleur doit être au format #rrggbb.');
    expect(accent.closest('div')?.parentElement?.contains(alert)).toBe(true);
    expect(accent.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('GalleryStatusSection', () => {
  it('archives a published gallery through updateGallery', async () => {
    render(
      <MockedProvider mocks={[update({ archived: true }, { userErrors: [] })]}>
        <GalleryStatusSection gallery={{ id: 'gal_1', status: 'published', expired: false, expiresAt: null }} />
      </MockedProvider>,
    );
    const section = screen.getByRole('region', { name: 'Statut et expiration' });
    expect(within(section).getByText('Publiée')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Repasser en brouillon' })).toBeTruthy();
    const archive = within(section).getByRole('button', { name: 'Archiver (mettre hors ligne)' });
    fireEvent.click(archive);
    // Busy while the call runs, then free again; the mock answers only
    // { archived: true }: another request would show the error.
    expect(archive.hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Archiver (mettre hors ligne)' }).hasAttribute('disabled')).toBe(false));
    expect(within(section).queryByText('Une erreur est survenue : réessayez.')).toBeNull();
  });

  it('offers to put an archived gallery back online and shows an expired one', () => {
    render(
      <MockedProvider mocks={[]}>
        <GalleryStatusSection gallery={{ id: 'gal_1', status: 'published', expired: true, expiresAt: '2026-01-01T22:59:59.000Z' }} />
      </MockedProvider>,
    );
    expect(screen.getByText('Expirée')).toBeTruthy();
    expect(screen.getByText(/La date d’expiration est passée/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retirer l’expiration' })).toBeTruthy();
  });
});
