// Client-side checks of the access forms (spec §5). The server checks again;
// these only keep obviously incomplete input from being sent.

/** MIN_CODE_LENGTH is how many non-space characters an access code has at least. */
export const MIN_CODE_LENGTH = 4;

/** ONE_TIME_CODE_LENGTH is the number of digits of an e-mail confirmation code. */
export const ONE_TIME_CODE_LENGTH = 6;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** cleanCode trims a typed access code; inner characters are the server's business. */
export function cleanCode(code: string): string {
  return code.trim();
}

/** isCompleteCode tells whether an access code looks complete: at least MIN_CODE_LENGTH non-space characters. */
export function isCompleteCode(code: string): boolean {
  return code.replace(/\s/g, '').length >= MIN_CODE_LENGTH;
}

/** cleanEmail trims an e-mail address. */
export function cleanEmail(email: string): string {
  return email.trim();
}

/** isPlausibleEmail accepts name@domain.tld without spaces; the server has the last word. */
export function isPlausibleEmail(email: string): boolean {
  return EMAIL.test(cleanEmail(email));
}

/** digitsOnly keeps the digits of a typed one-time code, at most ONE_TIME_CODE_LENGTH of them. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '').slice(0, ONE_TIME_CODE_LENGTH);
}

/** isCompleteOneTimeCode tells whether exactly ONE_TIME_CODE_LENGTH digits were typed. */
export function isCompleteOneTimeCode(value: string): boolean {
  return new RegExp(`^\\d{${ONE_TIME_CODE_LENGTH}}$`).test(value);
}
