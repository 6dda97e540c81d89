import { authenticator } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  currentTotp,
  hashRecoveryCode,
  looksLikeRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  TotpSecretBox,
  totpMatches,
} from './second-factor';

describe('TOTP', () => {
  it('accepts the current code and one step either side, nothing else', () => {
    const secret = newTotpSecret();
    expect(totpMatches(currentTotp(secret), secret)).toBe(true);
    const at = (offsetSteps: number) =>
      authenticator.clone({ epoch: Date.now() + offsetSteps * 30_000 }).generate(secret);
    expect(totpMatches(at(-1), secret)).toBe(true);
    expect(totpMatches(at(1), secret)).toBe(true);
    expect(totpMatches(at(-3), secret)).toBe(false);
    expect(totpMatches('12345', secret)).toBe(false);
    expect(totpMatches('abcdef', secret)).toBe(false);
  });
});

describe('TotpSecretBox', () => {
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

  it('seals so the stored text shows nothing of the secret, and opens it again', () => {
    const box = new TotpSecretBox(['first-session-secret-long-enough-0123456789']);
    const sealed = box.seal(secret);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(secret);
    expect(box.seal(secret)).not.toBe(sealed);
    expect(box.open(sealed)).toBe(secret);
  });

  it('opens what a previous session secret sealed during a rotation, and says it is not current', () => {
    const old = new TotpSecretBox(['old-session-secret-long-enough-0123456789']);
    const rotating = new TotpSecretBox([
      'new-session-secret-long-enough-0123456789',
      'old-session-secret-long-enough-0123456789',
    ]);
    const sealed = old.seal(secret);
    expect(rotating.open(sealed)).toBe(secret);
    expect(rotating.isCurrent(sealed)).toBe(false);
    expect(rotating.isCurrent(rotating.seal(secret))).toBe(true);
    const after = new TotpSecretBox(['new-session-secret-long-enough-0123456789']);
    expect(() => after.open(sealed)).toThrow(/no longer configured/);
  });
});

describe('recovery codes', () => {
  it('makes ten distinct codes that hash the same however they are typed', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(looksLikeRecoveryCode(code)).toBe(true);
      expect(hashRecoveryCode(code.toUpperCase().replace('-', ' '))).toBe(hashRecoveryCode(code));
    }
    expect(looksLikeRecoveryCode('123456')).toBe(false);
  });
});
