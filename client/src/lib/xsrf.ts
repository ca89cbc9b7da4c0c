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
