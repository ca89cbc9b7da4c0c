// Helpers of the cart calls: the text of a refusal, the answer of a mutation, a crop as the API takes it.
import type { TFunction } from 'i18next';
import { notify } from '../notification-store';

/** UserErrorLike is the userErrors item of every cart payload. */
export interface UserErrorLike {
  field?: ReadonlyArray<string> | null;
  message: string;
  code: string;
}

// Codes whose French text the catalogue has, for when the server sends no message.
const CODE_KEYS: Record<string, string> = {
  code_unknown: 'cart.voucherCodeUnknown',
  code_expired: 'cart.voucherCodeExpired',
  code_not_yet_valid: 'cart.voucherCodeNotYetValid',
  code_min_spend: 'cart.voucherCodeMinSpend',
  code_used_up: 'cart.voucherCodeUsedUp',
  code_already_used: 'cart.voucherCodeAlreadyUsed',
  code_better_discount: 'cart.voucherCodeBetterDiscount',
  code_free_shipping_country: 'cart.voucherCodeFreeShippingCountry',
  code_no_delivery: 'cart.voucherCodeNoDelivery',
  given_away: 'cart.givenAway',
};

/**
 * cartErrorMessage is the text of a cart refusal (a userError, or a
 * voucher's reason): the server's French message, else the catalogue's text
 * for its code, else 'Erreur inconnue'.
 */
export function cartErrorMessage(error: { message?: string | null; code?: string | null }, t: TFunction): string {
  const message = error.message?.trim();
  if (message) return message;
  const key = error.code ? CODE_KEYS[error.code] : undefined;
  return key ? t(key) : t('errors.unknown');
}

/** CropValue is a crop rectangle as the API takes it. */
export interface CropValue {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** cropInput copies a crop read from the API into a CropInput (without __typename), or null. */
export function cropInput(crop: CropValue | null | undefined): CropValue | null {
  return crop ? { x: crop.x, y: crop.y, width: crop.width, height: crop.height } : null;
}

/** CartPayloadLike is what every cart mutation answers. */
export interface CartPayloadLike {
  userErrors: ReadonlyArray<UserErrorLike>;
}

/**
 * settleCartCall waits for a cart mutation and tells whether it worked. A
 * refusal (userErrors) is shown as an error toast unless `onUserError`
 * handles it (inline, beside a field); a failed call has already been told
 * by the error link (a toast, or the e-mail dialog).
 */
export async function settleCartCall<T>(
  call: Promise<{ data?: T | null }>,
  payload: (data: T) => CartPayloadLike | null | undefined,
  t: TFunction,
  onUserError?: (error: UserErrorLike) => void,
): Promise<boolean> {
  try {
    const result = await call;
    const answer = result.data ? payload(result.data) : undefined;
    if (!answer) return false;
    const problem = answer.userErrors[0];
    if (problem) {
      if (onUserError) onUserError(problem);
      else notify({ type: 'error', message: cartErrorMessage(problem, t) });
      return false;
    }
    return true;
  } catch {
    return false;
  }
}
