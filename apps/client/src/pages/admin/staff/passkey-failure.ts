import { WebAuthnError } from '@simplewebauthn/browser';
import { userFacingMessage } from '../../../lib/server-error';

function causeName(error: WebAuthnError): string | null {
  return error.cause instanceof Error ? error.cause.name : null;
}

/**
 * What a failed passkey step tells the person: the browser's refusal in words they can act on (cancelled or
 * timed out, this device already has one, this address cannot use passkeys), or the server's own message.
 */
export function passkeyFailure(error: unknown): string {
  if (error instanceof WebAuthnError) {
    switch (error.code) {
      case 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED':
        return 'This device or key already holds a passkey for your account.';
      case 'ERROR_INVALID_DOMAIN':
      case 'ERROR_INVALID_RP_ID':
        return "Passkeys work only at the site's own address: open the admin area there and try again.";
      case 'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT':
        return 'This security key cannot store a passkey. Use another key, or this device.';
      default:
        break;
    }
    if (error.code === 'ERROR_CEREMONY_ABORTED' || causeName(error) === 'NotAllowedError') {
      return 'The passkey was not used: the request was cancelled or timed out. Please try again.';
    }
    return 'The passkey could not be used. Please try again, or use the code from your app.';
  }
  if (error instanceof Error && error.name === 'NotAllowedError') {
    return 'The passkey was not used: the request was cancelled or timed out. Please try again.';
  }
  return userFacingMessage(error, 'The passkey could not be used. Please try again.');
}
