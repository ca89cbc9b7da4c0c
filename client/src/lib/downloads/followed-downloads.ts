// A small external store of the download requests still being prepared when
// their dialog was closed, so that the gallery layout (DownloadTracker) keeps
// following them and says when they are ready, on whichever screen the
// visitor went on to.

/** FollowedDownloadsStore holds the ids of the requests followed outside their dialog. */
export interface FollowedDownloadsStore {
  follow(id: string): void;
  unfollow(id: string): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly string[];
}

/** createFollowedDownloadsStore makes an independent store (one per app, fresh ones in tests). */
export function createFollowedDownloadsStore(): FollowedDownloadsStore {
  let ids: readonly string[] = [];
  const listeners = new Set<() => void>();
  const set = (next: readonly string[]) => {
    ids = next;
    listeners.forEach((l) => l());
  };
  return {
    follow(id) {
      if (!ids.includes(id)) set([...ids, id]);
    },
    unfollow(id) {
      if (ids.includes(id)) set(ids.filter((x) => x !== id));
    },
    clear() {
      if (ids.length > 0) set([]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot() {
      return ids;
    },
  };
}

/** followedDownloads is the application's store. */
export const followedDownloads = createFollowedDownloadsStore();
