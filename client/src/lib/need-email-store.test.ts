import { describe, expect, it, vi } from 'vitest';
import { createNeedEmailStore } from './need-email-store';

describe('need-email store', () => {
  it('opens once for several requests and answers them all', async () => {
    const store = createNeedEmailStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const a = store.request();
    const b = store.request();
    expect(store.getSnapshot()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    store.settle(true);
    expect(store.getSnapshot()).toBe(false);
    await expect(a).resolves.toBe(true);
    await expect(b).resolves.toBe(true);
  });

  it('answers false when the visitor gives up', async () => {
    const store = createNeedEmailStore();
    store.subscribe(() => undefined);
    const pending = store.request();
    store.settle(false);
    await expect(pending).resolves.toBe(false);
  });

  it('opens even before the dialog host listens, and says whether one does', () => {
    const store = createNeedEmailStore();
    void store.request();
    expect(store.getSnapshot()).toBe(true);
    expect(store.attended()).toBe(false);
    const stop = store.subscribe(() => undefined);
    expect(store.attended()).toBe(true);
    stop();
    expect(store.attended()).toBe(false);
  });
});
