import { createHmac, randomInt } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '@exrated/content/fields';
import { fitsOneGsm7Segment } from '../sms/sms-segments';

/** docs/product.md#verification: a number from 100000 to 999999, from the operating system's CSPRNG. */
export function generateVerificationCode(): string {
  return String(randomInt(10 ** (VERIFICATION_CODE_LENGTH - 1), 10 ** VERIFICATION_CODE_LENGTH));
}

/**
 * The only form in which a code is stored (docs/security.md#codes): an HMAC keyed with the server secret,
 * bound to the phone, so a dump of Redis reveals no live code and a hash cannot be replayed for another
 * number.
 */
export function hashVerificationCode(secret: string, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`${phone}\n${code}`).digest('hex');
}

/**
 * The code text (docs/security.md#codes): one GSM-7 segment. With the public address it ends with the
 * domain-bound line browsers fill the code in from (`@host #code`, WebOTP and Safari's one-time-code
 * autofill), when that still fits in the one segment.
 */
export function verificationText(code: string, publicUrl?: string): string {
  const text = `Your ExRated code is ${code}. It expires in 10 minutes.`;
  if (!publicUrl) return text;
  const domainBound = `${text}\n\n@${new URL(publicUrl).hostname} #${code}`;
  return domainBoundFits(domainBound, code, publicUrl) ? domainBound : text;
}

/**
 * Whether the domain-bound text fits one segment, counted once per address and code length: digits are
 * each one GSM-7 character, so every code of a length fits alike. Counting took 4 % of the server's CPU
 * per send + check pair in the bench's profile. Anything but digits is counted every time.
 */
const fitsByAddress = new Map<string, boolean>();
function domainBoundFits(domainBound: string, code: string, publicUrl: string): boolean {
  if (!/^\d+$/.test(code)) return fitsOneGsm7Segment(domainBound);
  const key = `${code.length} ${publicUrl}`;
  let fits = fitsByAddress.get(key);
  if (fits === undefined) {
    fits = fitsOneGsm7Segment(domainBound);
    fitsByAddress.set(key, fits);
  }
  return fits;
}
