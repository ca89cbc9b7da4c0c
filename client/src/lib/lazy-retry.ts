import { createElement, lazy, type ComponentProps, type ComponentType, type LazyExoticComponent } from 'react';
import { withStrings, type LaterPart } from './i18n';

/** ChunkLoadError is a screen's code that could not be downloaded (offline, or the server unreachable). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'ChunkLoadError';
    this.cause = cause;
  }
}

// What browsers say when import() cannot fetch a module (Chromium, Firefox, Safari) or Vite's preload fails.
const FETCH_FAILURES = /dynamically imported module|Importing a module script failed|Unable to preload|Failed to fetch|NetworkError|Load failed/i;

/**
 * isConnectionError tells an error caused by the network (a chunk or a
 * request that could not be fetched, or the browser offline) from a bug.
 */
export function isConnectionError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return error instanceof Error && FETCH_FAILURES.test(error.message);
}

// Bumped by retryFailedScreens: a screen whose download failed before imports anew at its next render.
let generation = 0;

/** retryFailedScreens lets every screen whose code failed to download try again at its next render. */
export function retryFailedScreens(): void {
  generation++;
}

/**
 * lazyWithRetry is React.lazy for a screen's code that can be tried again:
 * React.lazy keeps a failed import for good, so a failure here throws a
 * ChunkLoadError (for the screen boundary to show « Connexion perdue »), and
 * once retryFailedScreens was called (the boundary's « Réessayer », or the
 * network coming back) the next render starts a new import, which draws the
 * screen without a reload. The screen is drawn once the parts of the
 * catalogue it speaks are there too (the guest's strings by default, the
 * studio's with them for the studio's screens: lib/i18n.ts).
 */
// `any` props: the same bound as React.lazy's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithRetry<T extends ComponentType<any>>(load: () => Promise<{ default: T }>, ...parts: LaterPart[]): ComponentType<ComponentProps<T>> {
  let current: LazyExoticComponent<T>;
  let failedAt: number | undefined;
  const arm = () => {
    failedAt = undefined;
    current = lazy(() =>
      withStrings(load(), ...parts).catch((error: unknown) => {
        failedAt = generation;
        throw new ChunkLoadError(error);
      }),
    );
  };
  arm();
  function Retrying(props: ComponentProps<T>) {
    if (failedAt !== undefined && failedAt < generation) arm();
    return createElement(current, props);
  }
  return Retrying;
}
