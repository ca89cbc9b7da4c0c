import { CombinedGraphQLErrors } from '@apollo/client/errors';
import type { TFunction } from 'i18next';

/** UserErrorLike is the userErrors item of every payload. */
export interface UserErrorLike {
  field?: ReadonlyArray<string> | null;
  message: string;
  code: string;
}

// Codes whose French text the catalogue has, for when the server sends no message.
const CODE_KEYS: Record<string, string> = {
  access_code_required: 'validation.accessCodeRequired',
  invalid_access_code: 'errors.invalidAccessCode',
  not_client_code: 'errors.notClientCode',
  invalid_email: 'errors.invalidEmail',
  email_required: 'validation.emailRequired',
  invalid_one_time_code: 'errors.invalidOneTimeCode',
  too_many_requests: 'errors.tooManyRequests',
  captcha_required: 'contact.captchaRequired',
  captcha_invalid: 'contact.captchaInvalid',
  mail_not_sent: 'errors.mailNotSent',
  preview_read_only: 'errors.previewReadOnly',
};

/** userErrorMessage is the text shown beside a field: the server's message, else the catalogue's, else 'Erreur inconnue'. */
export function userErrorMessage(error: UserErrorLike, t: TFunction): string {
  if (error.message.trim() !== '') return error.message;
  const key = CODE_KEYS[error.code];
  return key ? t(key) : t('errors.unknown');
}

/**
 * failureMessage is the text of an access call that failed without a user
 * error (server fault, network): a GraphQL error the catalogue knows keeps
 * the server's message, anything else is 'Impossible de s'authentifier'.
 */
export function failureMessage(error: unknown, t: TFunction): string {
  if (CombinedGraphQLErrors.is(error)) {
    const known = error.errors.find((e) => typeof e.extensions?.code === 'string' && e.extensions.code in CODE_KEYS);
    if (known) return known.message || t(CODE_KEYS[known.extensions?.code as string]);
  }
  return t('errors.authenticationFailed');
}

/** ACCESS_CALL_CONTEXT makes the error link leave access calls to their forms (inline messages, no toast, no e-mail prompt). */
export const ACCESS_CALL_CONTEXT = { silentErrors: true, skipNeedEmail: true } as const;

/** CaptchaLike is the captcha an access payload carries with captcha_required or captcha_invalid. */
export interface CaptchaLike {
  id: string;
  imageUrl: string;
  audioUrl: string;
}

/**
 * codeRefusal is what a code form shows for a refused access payload: the
 * message beside the code, or, when the gallery asks for a captcha, the
 * captcha with its message.
 */
export function codeRefusal(
  userError: UserErrorLike,
  captcha: CaptchaLike | null | undefined,
  t: TFunction,
): string | { captcha: CaptchaLike; message: string } {
  const message = userErrorMessage(userError, t);
  return captcha ? { captcha, message } : message;
}
