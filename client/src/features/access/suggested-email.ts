import { initialAddress } from '../../lib/initial-address';

// Spec §2: the initial load reads an `email` query parameter; it pre-fills
// the e-mail step. The address the app was opened with is kept, because the
// access screen's redirects may drop the parameter on the way.

/** suggestedEmail is the `email` parameter of the current address, else of the address the app was opened with, else ''. */
export function suggestedEmail(search: string): string {
  return (new URLSearchParams(search).get('email') ?? initialAddress.email ?? '').trim();
}
