import { createHmac } from 'node:crypto';

/**
 * What a keyed hash of a phone stands for: the records a deleted account leaves behind, the Redis keys of the
 * code texts' ledger, of the per-recipient text and reply caps and of the per-phone procedure caps. One purpose per use,
 * so a key of one never matches another.
 */
export type PhoneKeyPurpose =
  | 'erased-account'
  | 'code-ledger'
  | 'recipient-texts'
  | 'reply-cap'
  | 'procedure-limit';

/**
 * A phone number as something that outlives the person's account without naming it (docs/data-rights.md):
 * an HMAC under the server secret, so neither a database dump nor Redis gives the number back, and nobody
 * without the secret can test a number against it. Rotating SESSION_SECRET starts these records afresh.
 */
export function keyedPhone(secret: string, purpose: PhoneKeyPurpose, phone: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${phone}`).digest('base64url');
}
