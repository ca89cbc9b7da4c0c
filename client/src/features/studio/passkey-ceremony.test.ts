import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import { cancelled } from './passkey-ceremony';

describe('passkey ceremony', () => {
  it('tells a dismissed or superseded dialog from a failure', () => {
    expect(cancelled(new DOMException('dismissed', 'NotAllowedError'))).toBe(true);
    expect(cancelled(new DOMException('aborted', 'AbortError'))).toBe(true);
    expect(cancelled(new WebAuthnError({ message: 'aborted', code: 'ERROR_CEREMONY_ABORTED', cause: new Error('x') }))).toBe(true);
    expect(cancelled(new WebAuthnError({ message: 'timeout', code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', cause: new DOMException('t', 'NotAllowedError') }))).toBe(true);
    expect(cancelled(new WebAuthnError({ message: 'rp', code: 'ERROR_INVALID_RP_ID', cause: new DOMException('s', 'SecurityError') }))).toBe(false);
    expect(cancelled(new Error('network'))).toBe(false);
    expect(cancelled(undefined)).toBe(false);
  });
});
