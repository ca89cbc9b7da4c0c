import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppRouter } from './app-router';

let navigate: NavigateFunction;

function Screen({ name }: { name: string }) {
  const screenNavigate = useNavigate();
  useEffect(() => {
    navigate = screenNavigate;
  }, [screenNavigate]);
  const { search } = useLocation();
  return <p>{`${name}${search}`}</p>;
}

function app() {
  return render(
    <AppRouter>
      <Routes>
        <Route path="/a" element={<Screen name="A" />} />
        <Route path="/b" element={<Screen name="B" />} />
      </Routes>
    </AppRouter>,
  );
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('AppRouter', () => {
  it('follows the address: links, the back button and replacements', async () => {
    window.history.replaceState(null, '', '/a');
    app();
    expect(screen.getByText('A')).toBeTruthy();
    await act(async () => navigate('/b?x=1'));
    expect(screen.getByText('B?x=1')).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/b?x=1');
    await act(async () => {
      const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      window.history.back();
      await popped;
    });
    expect(window.location.pathname).toBe('/a');
    expect(screen.getByText('A')).toBeTruthy();
    await act(async () => navigate('/b', { replace: true }));
    expect(screen.getByText('B')).toBeTruthy();
  });

  it('draws a navigation asked with flushSync before navigate returns', () => {
    window.history.replaceState(null, '', '/a');
    app();
    navigate('/b', { flushSync: true });
    expect(screen.getByText('B')).toBeTruthy();
  });
});
