import { useEffect } from 'react';
import { codeFromText } from './code-from-text';

// The WebOTP API (Chrome on Android): not in TypeScript's DOM types yet.
interface OtpCredential extends Credential {
  code: string;
}
type OtpRequest = CredentialRequestOptions & { otp: { transport: string[] } };

function isOtpCredential(credential: Credential | null): credential is OtpCredential {
  return credential !== null && 'code' in credential && typeof credential.code === 'string';
}

/**
 * Where the browser has WebOTP, the code of a text carrying this site's domain-bound line (`@host #code`,
 * docs/security.md#codes) is offered to the page once the person allows it, and fills the slots.
 */
export function useWebOtp(onCode: (code: string) => void): void {
  useEffect(() => {
    if (!('OTPCredential' in window)) return;
    const abort = new AbortController();
    const request: OtpRequest = { otp: { transport: ['sms'] }, signal: abort.signal };
    navigator.credentials.get(request).then(
      (credential) => {
        const code = isOtpCredential(credential) ? codeFromText(credential.code) : null;
        if (code) onCode(code);
      },
      // Refused, timed out, or aborted when the step closes: the slots still take the code by hand.
      () => undefined,
    );
    return () => abort.abort();
  }, [onCode]);
}
