import type { TFunction } from 'i18next';

/** StudioUserError is the userErrors item of the studio's payloads. */
export interface StudioUserError {
  field?: ReadonlyArray<string> | null;
  message: string;
  code: string;
}

/** fieldErrors maps each userError to its input field's name (the last part of its path), in the server's French. */
export function fieldErrors(errors: ReadonlyArray<StudioUserError>, t: TFunction): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const key = e.field?.[e.field.length - 1] ?? '';
    out[key] ??= e.message.trim() || t('studio.error');
  }
  return out;
}
