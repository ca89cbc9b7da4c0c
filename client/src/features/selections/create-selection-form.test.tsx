import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CreateSelectionForm, nameError } from './create-selection-form';
import { CreateSelectionMutation, MySelectionsQuery } from './selection-documents';
import { GALLERY_ID, payload, selection } from './selection-fixtures';

function create(name: string, answer: ReturnType<typeof payload>): MockLink.MockedResponse {
  return { request: { query: CreateSelectionMutation, variables: { input: { galleryId: GALLERY_ID, name } } }, result: { data: { createSelection: answer } } };
}

const listMock: MockLink.MockedResponse = {
  request: { query: MySelectionsQuery, variables: { galleryId: GALLERY_ID } },
  result: { data: { mySelections: [selection()] } },
};

function setup(mocks: MockLink.MockedResponse[]) {
  const onCreated = vi.fn();
  render(
    <MockedProvider mocks={mocks}>
      <CreateSelectionForm galleryId={GALLERY_ID} onCreated={onCreated} />
    </MockedProvider>,
  );
  const field = screen.getByRole('textbox', { name: 'Nom de la sélection' });
  const submit = (value: string) => {
    fireEvent.change(field, { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
  };
  return { onCreated, submit };
}

describe('nameError', () => {
  it('requires a name of at most 60 characters', () => {
    expect(nameError('  ')).toBe('selections.nameRequired');
    expect(nameError('a'.repeat(60))).toBeUndefined();
    expect(nameError('a'.repeat(61))).toBe('selections.nameTooLong');
  });
});

describe('CreateSelectionForm', () => {
  it('checks the name before sending', async () => {
    const { submit, onCreated } = setup([]);
    submit('');
    expect((await screen.findByRole('alert')).textContent).toBe('Merci de saisir le nom de la sélection');
    submit('é'.repeat(61));
    expect((await screen.findByRole('alert')).textContent).toBe('Le nom saisi est trop long');
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('shows the server userErrors beside the field', async () => {
    const { submit, onCreated } = setup([create('Mariage', payload(null, [{ field: ['name'], code: 'too_many', message: 'Vous avez déjà 50 sélections.' }])), listMock]);
    submit('Mariage');
    expect((await screen.findByRole('alert')).textContent).toBe('Vous avez déjà 50 sélections.');
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('creates the selection and empties the field', async () => {
    const { submit, onCreated } = setup([create('Mariage', payload(selection({ id: 'sel_2', name: 'Mariage', isFavorites: false }))), listMock]);
    submit('  Mariage ');
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith({ id: 'sel_2', name: 'Mariage' }));
    expect((screen.getByRole('textbox', { name: 'Nom de la sélection' }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
