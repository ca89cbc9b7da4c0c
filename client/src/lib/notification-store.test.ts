import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotificationStore, DEFAULT_TIMEOUT_MS, REMOVAL_GRACE_MS } from './notification-store';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('notification store', () => {
  it('defaults to the top and leaves after 5000 ms, then is removed after a 1000 ms grace', () => {
    const store = createNotificationStore();
    store.notify({ type: 'success', message: 'Enregistré' });
    const [n] = store.getSnapshot();
    expect(n.position).toBe('top');
    expect(n.timeout).toBe(DEFAULT_TIMEOUT_MS);
    expect(DEFAULT_TIMEOUT_MS).toBe(5000);
    expect(REMOVAL_GRACE_MS).toBe(1000);

    vi.advanceTimersByTime(4999);
    expect(store.getSnapshot()[0].leaving).toBe(false);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()[0].leaving).toBe(true);
    vi.advanceTimersByTime(999);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('keeps ongoing toasts until dismissed', () => {
    const store = createNotificationStore();
    const id = store.notify({ type: 'ongoing', message: 'Préparation…', timeout: 10 });
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toHaveLength(1);
    store.dismiss(id);
    expect(store.getSnapshot()[0].leaving).toBe(true);
    vi.advanceTimersByTime(REMOVAL_GRACE_MS);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('turns an ongoing toast into a timed one on update', () => {
    const store = createNotificationStore();
    const id = store.notify({ type: 'ongoing', message: 'Préparation…' });
    store.update(id, { type: 'success', message: 'Prêt' });
    expect(store.getSnapshot()[0]).toMatchObject({ type: 'success', message: 'Prêt', timeout: DEFAULT_TIMEOUT_MS });
    vi.advanceTimersByTime(DEFAULT_TIMEOUT_MS + REMOVAL_GRACE_MS);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('honours position, custom timeout, actions, and does not stack duplicates', () => {
    const store = createNotificationStore();
    const onClick = vi.fn();
    const listener = vi.fn();
    store.subscribe(listener);
    const a = store.notify({ type: 'warning', message: 'Attention', position: 'bottom', timeout: 100, actions: [{ label: 'Annuler', onClick }] });
    const b = store.notify({ type: 'warning', message: 'Attention', position: 'bottom', timeout: 100 });
    expect(b).toBe(a);
    expect(store.getSnapshot()).toHaveLength(1);
    expect(store.getSnapshot()[0]).toMatchObject({ position: 'bottom', timeout: 100 });
    expect(store.getSnapshot()[0].actions[0].label).toBe('Annuler');
    expect(listener).toHaveBeenCalled();
    vi.advanceTimersByTime(100 + REMOVAL_GRACE_MS);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('keeps a toast with timeout 0', () => {
    const store = createNotificationStore();
    store.notify({ type: 'error', message: 'Erreur', timeout: 0 });
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toHaveLength(1);
    store.clear();
    expect(store.getSnapshot()).toHaveLength(0);
  });
});
