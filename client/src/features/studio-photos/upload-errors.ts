// How the studio reads the tus door's answers (docs/api.md, "Resumable
// uploads"): a refusal carries the REST error body {"code", "message"}, and
// is final; anything else (no answer, 5xx, 409 offset mismatch, 423 locked)
// is the network or the server being busy, and is retried.

/** ServerError is the REST error body. */
export interface ServerError {
  code: string;
  message: string;
}

/** serverError parses an error body, or undefined when it is not one. */
export function serverError(body: string | undefined): ServerError | undefined {
  if (!body) return undefined;
  try {
    const v = JSON.parse(body) as Partial<ServerError>;
    if (typeof v.code === 'string' && v.code !== '') return { code: v.code, message: typeof v.message === 'string' ? v.message : '' };
  } catch {
    return undefined;
  }
  return undefined;
}

/** RETRY_STATUSES are answers worth trying again after a pause. */
const RETRY_STATUSES = new Set([0, 408, 409, 423, 429]);

/** shouldRetry tells whether a failed request is tried again: never a refusal the server explained. */
export function shouldRetry(status: number, body: string | undefined): boolean {
  if (serverError(body) && status !== 503) return false;
  return status >= 500 || RETRY_STATUSES.has(status);
}

/** RETRY_DELAYS_MS are the waits between tries of one request: about two minutes in all, then the file is marked failed (and tried again when the browser is back online). */
export const RETRY_DELAYS_MS = [0, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000, 15_000, 15_000, 15_000, 15_000];

/** IMAGE_NAME is what the studio uploads: JPEG and PNG files (the server checks the bytes too). */
const IMAGE_NAME = /\.(jpe?g|png)$/i;

/** isImageFile tells an image to upload from a file to leave out (a folder's .txt, .DS_Store, RAW files). */
export function isImageFile(f: { name: string; type: string }): boolean {
  return f.type === 'image/jpeg' || f.type === 'image/png' || (f.type === '' && IMAGE_NAME.test(f.name)) || IMAGE_NAME.test(f.name);
}
