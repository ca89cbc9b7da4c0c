// The browser's half of the passkey ceremonies (@simplewebauthn/browser):
// the server's optionsJSON is {"publicKey": {...}}, the library takes the
// inner options and answers the PublicKeyCredential as JSON.
import { startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';

/** registerPasskey asks the browser to create a passkey for the server's creation options. */
export async function registerPasskey(optionsJSON: string): Promise<string> {
  const { publicKey } = JSON.parse(optionsJSON) as { publicKey: Parameters<typeof startRegistration>[0]['optionsJSON'] };
  return JSON.stringify(await startRegistration({ optionsJSON: publicKey }));
}

/** signInWithPasskey asks the browser for an assertion; autofill waits for the user to pick a passkey in the e-mail field's suggestions. */
export async function signInWithPasskey(optionsJSON: string, autofill = false): Promise<string> {
  const { publicKey } = JSON.parse(optionsJSON) as { publicKey: Parameters<typeof startAuthentication>[0]['optionsJSON'] };
  return JSON.stringify(await startAuthentication({ optionsJSON: publicKey, useBrowserAutofill: autofill }));
}

/** cancelled says whether the person (or a newer ceremony) stopped the browser's dialog: nothing to report then. */
export function cancelled(err: unknown): boolean {
  const name = err instanceof WebAuthnError ? (err.cause as Error | undefined)?.name : (err as Error | undefined)?.name;
  return name === 'NotAllowedError' || name === 'AbortError' || (err instanceof WebAuthnError && err.code === 'ERROR_CEREMONY_ABORTED');
}
