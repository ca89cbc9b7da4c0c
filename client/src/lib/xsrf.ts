/** XSRF_COOKIE is the cookie the server sets; its value goes back in XSRF_HEADER. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** XSRF_HEADER is the anti-forgery request header. */
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** readCookie returns a cookie's decoded value, or undefined. */
export function readCookie(name: string, cookieString: string = typeof document === 'undefined' ? '' : document.cookie): string | undefined {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** XSRF_BOOTSTRAP_URL is a cheap GET whose answer carries the XSRF-TOKEN cookie (the server sets it on every response). */
export const XSRF_BOOTSTRAP_URL = '/version';

let bootstrap: Promise<void> | undefined;

/**
 * ensureXsrfToken makes sure the XSRF-TOKEN cookie exists before a mutation
 * is sent: when it is missing (a first visit whose first call is a
 * mutation, or an expired cookie) it asks XSRF_BOOTSTRAP_URL once, shared by
 * concurrent callers. Failures are swallowed: the mutation then goes out
 * without the header and the server's refusal is reported as usual.
 */
export function ensureXsrfToken(url: string = XSRF_BOOTSTRAP_URL): Promise<void> {
  if (readCookie(XSRF_COOKIE)) return Promise.resolve();
  bootstrap ??= fetch(url, { credentials: 'same-origin', cache: 'no-store' })
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      bootstrap = undefined;
    });
  return bootstrap;
}
