import { randomBytes } from 'node:crypto';

/**
 * A notice's reference (docs/trust-and-safety.md#notices): the reporter's only handle on it and the key of
 * its public status page, so it must not be guessable. 12 characters of Crockford's base32 carry 60 random
 * bits; the alphabet leaves out I, L, O and U, so a reference read aloud or retyped is not misread.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const NOTICE_REFERENCE_LENGTH = 12;

export function generateNoticeReference(): string {
  // 256 is a multiple of 32: every byte modulo 32 is uniform.
  return Array.from(randomBytes(NOTICE_REFERENCE_LENGTH), (byte) => ALPHABET[byte % 32]).join('');
}

/**
 * A reference as people type it back: any case, with spaces or dashes, and the letters Crockford reads as
 * digits (O as 0, I and L as 1). Null when it cannot be a reference.
 */
export function normalizeNoticeReference(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (compact.length !== NOTICE_REFERENCE_LENGTH) return null;
  for (const character of compact) if (!ALPHABET.includes(character)) return null;
  return compact;
}
