import { useEffect, useRef, useState } from 'react';

/** VERSION_POLL_MS is how often /version is asked. */
export const VERSION_POLL_MS = 60_000;

async function fetchVersion(signal: AbortSignal): Promise<string | undefined> {
  const response = await fetch('/version', { credentials: 'same-origin', cache: 'no-store', signal });
  if (!response.ok) return undefined;
  const body = (await response.json()) as { version?: unknown };
  return typeof body.version === 'string' && body.version !== '' ? body.version : undefined;
}

/**
 * useVersionCheck polls GET /version while enabled and reports true once the
 * server's version differs from the first one seen (a deploy happened).
 * Failures are ignored: the next poll tries again.
 */
export function useVersionCheck(enabled: boolean, intervalMs: number = VERSION_POLL_MS): boolean {
  const firstSeen = useRef<string | undefined>(undefined);
  const [outdated, setOutdated] = useState(false);

  useEffect(() => {
    if (!enabled || outdated) return;
    const controller = new AbortController();
    const check = () => {
      fetchVersion(controller.signal)
        .then((version) => {
          if (!version) return;
          if (firstSeen.current === undefined) firstSeen.current = version;
          else if (firstSeen.current !== version) setOutdated(true);
        })
        .catch(() => undefined);
    };
    if (firstSeen.current === undefined) check();
    const timer = setInterval(check, intervalMs);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [enabled, outdated, intervalMs]);

  return outdated;
}
