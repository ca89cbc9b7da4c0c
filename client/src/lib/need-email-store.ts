// The "ask for an e-mail" state (spec §4: a 401 on a user action raises a
// need-email state). Code outside React raises it (the Apollo error link,
// later features before an action); the dialog host in the gallery layout
// shows the e-mail and one-time code steps and settles it.

/** NeedEmailStore holds whether an e-mail is being asked for, and who waits for the answer. */
export interface NeedEmailStore {
  /**
   * request opens the e-mail dialog (once, however many callers ask) and
   * resolves true when an e-mail is confirmed, false when the visitor closes
   * the dialog.
   */
  request(): Promise<boolean>;
  /** attended tells whether a dialog host is on screen to answer requests. */
  attended(): boolean;
  /** settle closes the dialog and answers every waiting request. */
  settle(confirmed: boolean): void;
  subscribe(listener: () => void): () => void;
  /** getSnapshot tells whether the dialog is open. */
  getSnapshot(): boolean;
}

/** createNeedEmailStore makes an independent store (one per app, fresh ones in tests). */
export function createNeedEmailStore(): NeedEmailStore {
  let open = false;
  let waiting: Array<(confirmed: boolean) => void> = [];
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  return {
    request() {
      return new Promise<boolean>((resolve) => {
        waiting.push(resolve);
        if (!open) {
          open = true;
          emit();
        }
      });
    },
    settle(confirmed) {
      const answer = waiting;
      waiting = [];
      if (open) {
        open = false;
        emit();
      }
      answer.forEach((resolve) => resolve(confirmed));
    },
    attended() {
      return listeners.size > 0;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot() {
      return open;
    },
  };
}

/** needEmail is the application's store. */
export const needEmail = createNeedEmailStore();

/** requestEmail asks the visitor for a confirmed e-mail; true once it is confirmed. */
export function requestEmail(): Promise<boolean> {
  return needEmail.request();
}
