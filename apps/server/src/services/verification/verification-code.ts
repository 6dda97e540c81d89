import { createHmac, randomInt } from 'node:crypto';

/** Spec section 5: a number from 100000 to 999999, from the operating system's CSPRNG. */
export function generateVerificationCode(): string {
  return String(randomInt(100000, 1000000));
}

/**
 * The only form in which a code is stored (DESIGN.md section 3): an HMAC keyed with the server secret, bound
 * to the phone, so a dump of Redis reveals no live code and a hash cannot be replayed for another number.
 */
export function hashVerificationCode(secret: string, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`${phone}\n${code}`).digest('hex');
}

export function verificationText(code: string): string {
  return `Your ExRated code is ${code}. It expires in 10 minutes.`;
}
