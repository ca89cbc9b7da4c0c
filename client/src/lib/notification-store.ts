// A small external store for toasts, so that code outside React (the Apollo
// error link) can raise them. Timings follow spec §4 and §9.

/** NotificationType is the kind of a toast; 'ongoing' stays until dismissed or updated. */
export type NotificationType = 'success' | 'error' | 'info' | 'warning' | 'ongoing';

/** NotificationPosition is where a toast appears. */
export type NotificationPosition = 'top' | 'bottom';

/** NotificationAction is a button shown in a toast. */
export interface NotificationAction {
  label: string;
  onClick: () => void;
  /** Close the toast after the click (default true). */
  dismiss?: boolean;
}

/** NotificationInput is what callers give to notify. */
export interface NotificationInput {
  type: NotificationType;
  message: string;
  position?: NotificationPosition;
  /** Milliseconds before the toast starts leaving; 0 keeps it. Ignored for 'ongoing'. */
  timeout?: number;
  actions?: NotificationAction[];
}

/** Notification is a toast on screen. */
export interface Notification {
  id: string;
  type: NotificationType;
  message: string;
  position: NotificationPosition;
  timeout: number;
  actions: NotificationAction[];
  /** True during the grace period before removal (the fade-out). */
  leaving: boolean;
}

/** DEFAULT_TIMEOUT_MS is how long a toast stays before it starts leaving. */
export const DEFAULT_TIMEOUT_MS = 5000;
/** REMOVAL_GRACE_MS is the fade-out time between leaving and removal. */
export const REMOVAL_GRACE_MS = 1000;
/** DEFAULT_POSITION is the top of the screen. */
export const DEFAULT_POSITION: NotificationPosition = 'top';

/** NotificationStore holds the toasts on screen. */
export interface NotificationStore {
  notify(input: NotificationInput): string;
  update(id: string, patch: Partial<NotificationInput>): void;
  dismiss(id: string): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly Notification[];
}

/** createNotificationStore makes an independent store (one per app, fresh ones in tests). */
export function createNotificationStore(): NotificationStore {
  let items: readonly Notification[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  const emit = () => listeners.forEach((l) => l());
  const set = (next: readonly Notification[]) => {
    items = next;
    emit();
  };
  const clearTimer = (id: string) => {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
  };
  const remove = (id: string) => {
    clearTimer(id);
    set(items.filter((n) => n.id !== id));
  };
  const startLeaving = (id: string) => {
    clearTimer(id);
    if (!items.some((n) => n.id === id)) return;
    set(items.map((n) => (n.id === id ? { ...n, leaving: true } : n)));
    timers.set(id, setTimeout(() => remove(id), REMOVAL_GRACE_MS));
  };
  const schedule = (n: Notification) => {
    clearTimer(n.id);
    if (n.type !== 'ongoing' && n.timeout > 0) {
      timers.set(n.id, setTimeout(() => startLeaving(n.id), n.timeout));
    }
  };
  const build = (id: string, input: NotificationInput): Notification => ({
    id,
    type: input.type,
    message: input.message,
    position: input.position ?? DEFAULT_POSITION,
    timeout: input.type === 'ongoing' ? 0 : (input.timeout ?? DEFAULT_TIMEOUT_MS),
    actions: input.actions ?? [],
    leaving: false,
  });

  return {
    notify(input) {
      // The same message already on screen is not stacked again; its timer restarts.
      const same = items.find((n) => !n.leaving && n.type === input.type && n.message === input.message);
      if (same) {
        schedule(same);
        return same.id;
      }
      const n = build(`n${nextId++}`, input);
      set([...items, n]);
      schedule(n);
      return n.id;
    },
    update(id, patch) {
      const current = items.find((n) => n.id === id);
      if (!current) return;
      const n = build(id, {
        type: patch.type ?? current.type,
        message: patch.message ?? current.message,
        position: patch.position ?? current.position,
        // An ongoing toast that becomes final gets the default timeout.
        timeout: patch.timeout ?? (current.type === 'ongoing' ? undefined : current.timeout),
        actions: patch.actions ?? current.actions,
      });
      set(items.map((x) => (x.id === id ? n : x)));
      schedule(n);
    },
    dismiss(id) {
      startLeaving(id);
    },
    clear() {
      timers.forEach((t) => clearTimeout(t));
      timers.clear();
      set([]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot() {
      return items;
    },
  };
}

/** notifications is the application's store. */
export const notifications = createNotificationStore();

/** notify shows a toast in the application's store and returns its id. */
export function notify(input: NotificationInput): string {
  return notifications.notify(input);
}
