import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { authenticator } from 'otplib';
import QRCode from 'qrcode';

/**
 * TOTP (RFC 6238: 30-second steps, 6 digits, SHA-1, as every authenticator app reads them) through otplib.
 * One step either side is accepted, for a phone clock a little off.
 */
const totp = authenticator.clone({ window: 1 });

export const TOTP_ISSUER = 'ExRated';
export const RECOVERY_CODE_COUNT = 10;

export function newTotpSecret(): string {
  return totp.generateSecret(20);
}

export function totpMatches(code: string, secret: string): boolean {
  return totpStep(code, secret) !== null;
}

const STEP_MS = 30_000;

/**
 * The time step (30-second period since the Unix epoch) `code` belongs to, within the accepted window around
 * `at`, or null when it matches none. The login stores the step it accepts, so a code works once.
 */
export function totpStep(code: string, secret: string, at: number = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp.clone({ epoch: at }).checkDelta(code, secret);
  return delta === null ? null : Math.floor(at / STEP_MS) + delta;
}

/** The current code of a secret (tests and the e2e helpers act as an authenticator app with it). */
export function currentTotp(secret: string): string {
  return totp.generate(secret);
}

/** The otpauth:// URI an authenticator app reads, and the same as a QR code (a PNG data URL). */
export async function enrolmentUri(secret: string, login: string) {
  const uri = totp.keyuri(login, TOTP_ISSUER, secret);
  return { uri, qrDataUrl: await QRCode.toDataURL(uri, { margin: 1, width: 240 }) };
}

const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten one-time codes of 10 characters (about 49 bits each), shown once; grouped as xxxxx-xxxxx. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Recovery codes are random, not chosen by people: a plain SHA-256 of the normalized code is enough. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('hex');
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{10}$/i.test(code.replace(/[\s-]/g, ''));
}

/**
 * TOTP secrets are stored encrypted (AES-256-GCM) under a key derived from the session secret: a copy of the
 * database alone does not give anyone the codes. Keys of previous session secrets still decrypt during a
 * rotation; a new secret is always written under the current one.
 */
export class TotpSecretBox {
  private readonly keys: Buffer[];

  constructor(sessionSecrets: readonly string[]) {
    this.keys = sessionSecrets.map((secret) =>
      Buffer.from(hkdfSync('sha256', secret, 'exrated-staff', 'totp-secret', 32)),
    );
  }

  seal(secret: string): string {
    const [key] = this.keys;
    if (!key) throw new Error('no session secret to seal with');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', ...[iv, sealed, cipher.getAuthTag()].map((part) => part.toString('base64url'))].join('.');
  }

  /** Whether `stored` was sealed under the current secret (else a login seals it again under that one). */
  isCurrent(stored: string): boolean {
    const [first] = this.keys;
    if (!first) return false;
    try {
      this.openWith(stored, [first]);
      return true;
    } catch {
      return false;
    }
  }

  open(stored: string): string {
    return this.openWith(stored, this.keys);
  }

  private openWith(stored: string, keys: readonly Buffer[]): string {
    const [version, iv, sealed, tag] = stored.split('.');
    if (version !== 'v1' || !iv || !sealed || !tag) throw new Error('unknown sealed TOTP secret format');
    for (const key of keys) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        // Sealed under another of the secrets: try the next.
      }
    }
    throw new Error('the TOTP secret was sealed under a session secret no longer configured');
  }
}
