import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import { passkeyFailure } from './passkey-failure';

function webAuthnError(code: WebAuthnError['code'], causeName = 'Error') {
  const cause = new Error('from the browser');
  cause.name = causeName;
  return new WebAuthnError({ message: 'failed', code, cause });
}

describe('passkeyFailure', () => {
  it('says what the person can do about the browser’s refusals', () => {
    expect(passkeyFailure(webAuthnError('ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'))).toContain(
      'already holds a passkey',
    );
    expect(passkeyFailure(webAuthnError('ERROR_INVALID_RP_ID'))).toContain("site's own address");
    expect(passkeyFailure(webAuthnError('ERROR_CEREMONY_ABORTED'))).toContain('cancelled or timed out');
    expect(
      passkeyFailure(webAuthnError('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', 'NotAllowedError')),
    ).toContain('cancelled or timed out');
    expect(passkeyFailure(webAuthnError('ERROR_AUTHENTICATOR_GENERAL_ERROR'))).toContain(
      'code from your app',
    );
  });

  it('passes on the server’s message and hides anything internal', () => {
    const server = Object.assign(new Error('This passkey is already registered.'), {
      data: { code: 'CONFLICT' },
    });
    expect(passkeyFailure(server)).toBe('This passkey is already registered.');
    expect(passkeyFailure(new Error('socket hang up'))).toBe(
      'The passkey could not be used. Please try again.',
    );
  });
});
