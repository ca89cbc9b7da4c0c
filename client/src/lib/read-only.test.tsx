import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReadOnlyContext, Writable } from './read-only';

describe('Writable', () => {
  it('hides the controls of actions in a read-only preview, and only there', () => {
    const { rerender } = render(
      <ReadOnlyContext.Provider value={false}>
        <Writable>
          <button type="button">Ajouter aux favoris</button>
        </Writable>
      </ReadOnlyContext.Provider>,
    );
    expect(screen.getByRole('button', { name: 'Ajouter aux favoris' })).toBeTruthy();
    rerender(
      <ReadOnlyContext.Provider value={true}>
        <Writable>
          <button type="button">Ajouter aux favoris</button>
        </Writable>
      </ReadOnlyContext.Provider>,
    );
    expect(screen.queryByRole('button', { name: 'Ajouter aux favoris' })).toBeNull();
  });
});
