// The GraphQL multipart request (the spec the server's gqlgen transport
// follows): the document and its variables in `operations`, the file in
// part "0", and `map` saying which variable it fills. Apollo's HTTP link
// does not send files, so the library's upload goes by fetch.
import type { TFunction } from 'i18next';
import { print, type DocumentNode } from 'graphql';
import { requestHeaders } from '../../lib/apollo-client';

/** UploadAnswer is a multipart GraphQL answer: its data, or the first error's message and code. */
export interface UploadAnswer<T> {
  data?: T;
  error?: { message: string; code?: string };
}

/** multipartBody builds the request's body: operations, map, and the file under "0" filling variables.input.file. */
export function multipartBody(document: DocumentNode, variables: { input: Record<string, unknown> }, file: Blob, filename: string): FormData {
  const form = new FormData();
  const operations = { query: print(document), variables: { input: { ...variables.input, file: null } } };
  form.append('operations', JSON.stringify(operations));
  form.append('map', JSON.stringify({ '0': ['variables.input.file'] }));
  form.append('0', file, filename);
  return form;
}

/** sendMultipart posts a multipart GraphQL request with the session's headers (anti-forgery, language). */
export async function sendMultipart<T>(document: DocumentNode, variables: { input: Record<string, unknown> }, file: File): Promise<UploadAnswer<T>> {
  const res = await fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: requestHeaders(),
    body: multipartBody(document, variables, file, file.name),
  });
  let body: { data?: T | null; errors?: Array<{ message?: string; extensions?: { code?: string } }> } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    return { error: { message: '', code: `http_${res.status}` } };
  }
  const first = body.errors?.[0];
  if (first) return { error: { message: first.message ?? '', code: first.extensions?.code } };
  if (!body.data) return { error: { message: '', code: `http_${res.status}` } };
  return { data: body.data };
}

/** formatDuration writes seconds as m:ss (empty for 0: unknown). */
export function formatDuration(seconds: number): string {
  if (!seconds) return '';
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** formatSize writes a size in megabytes (kilobytes under one) in the locale's numbers, with its units' names (ko, Mo in French). */
export function formatSize(bytes: number, locale: string, units: { kb: string; mb: string }): string {
  if (bytes < 1024 * 1024) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / 1024)))}\u00a0${units.kb}`;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))}\u00a0${units.mb}`;
}

/** formatLabel names a track's type for people: MP3, AAC, Ogg. */
export function formatLabel(contentType: string): string {
  switch (contentType) {
    case 'audio/mpeg':
      return 'MP3';
    case 'audio/aac':
    case 'audio/mp4':
      return 'AAC';
    case 'audio/ogg':
      return 'Ogg';
    case 'audio/wav':
      return 'WAV';
    default:
      return contentType;
  }
}

/** fieldErrors maps each userError to its input field's name (the last part of its path), in the server's words. */
export function fieldErrors(errors: ReadonlyArray<{ field?: ReadonlyArray<string> | null; message: string }>, t: TFunction): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const key = e.field?.[e.field.length - 1] ?? '';
    out[key] ??= e.message.trim() || t('studio.error');
  }
  return out;
}
