import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { HeaderMenu } from './header-menu';

afterEach(cleanup);

function renderMenu(onLogout = vi.fn()) {
  render(
    <>
      <HeaderMenu>
        <button type="button" onClick={onLogout}>
          Se déconnecter
        </button>
      </HeaderMenu>
      <p>dehors</p>
    </>,
  );
  return screen.getByRole('button', { name: 'Menu' });
}

describe('HeaderMenu', () => {
  it('is a disclosure: closed at first, opened by its button, its actions then reachable', () => {
    const trigger = renderMenu();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Se déconnecter' })).toBeNull();
    const panel = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
    expect(panel?.hidden).toBe(true);
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.hidden).toBe(false);
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeTruthy();
  });

  it('closes on Escape and gives the focus back to its button', () => {
    const trigger = renderMenu();
    fireEvent.click(trigger);
    screen.getByRole('button', { name: 'Se déconnecter' }).focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);
  });

  it('closes when an action is chosen (the action runs) and on a press outside', () => {
    const onLogout = vi.fn();
    const trigger = renderMenu(onLogout);
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger);
    fireEvent.pointerDown(screen.getByText('dehors'));
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });
});
