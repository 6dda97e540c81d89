import type { DeviceSession } from '@exrated/db/schema';
import { reconfirmNumber } from '../errors/domain-error';

/**
 * A proof is a lease (docs/security.md#sessions): what hands the number's data or its protection to whoever
 * holds the session (the export, deletion, 'Do not rate me' off, texts back on) needs a code entered in that
 * session within this long. Someone who read one code from another person's phone keeps no lasting power
 * over the number through it.
 */
export const PROOF_LEASE_MS = 10 * 60 * 1000;

export const RECONFIRM_NUMBER = "For your security, confirm your number again: we'll text you a code.";

/** Refuses unless `session` proved its phone within PROOF_LEASE_MS of `now`. */
export function requireFreshProof(session: DeviceSession, now: Date): void {
  const provenAt = session.phoneProvenAt;
  if (provenAt && now.getTime() - provenAt.getTime() <= PROOF_LEASE_MS) return;
  throw reconfirmNumber(RECONFIRM_NUMBER);
}
