import type { DeviceSession } from '@exrated/db/schema';
import { TRPCError } from '@trpc/server';

/**
 * A proof is a lease (docs/security.md#sessions): what hands the number's data or its protection to whoever
 * holds the session (the export, deletion, 'Do not rate me' off, texts back on) needs a code entered in that
 * session within this long. Someone who read one code from another person's phone keeps no lasting power
 * over the number through it.
 */
export const PROOF_LEASE_MS = 10 * 60 * 1000;

export const RECONFIRM_NUMBER = "For your security, confirm your number again: we'll text you a code.";

/** Thrown as the cause of the refusal, so the answer tells the client to ask for a code and try again. */
export class StaleProof extends Error {
  constructor() {
    super('the proof of this session is older than its lease');
  }
}

/** Refuses unless `session` proved its phone within PROOF_LEASE_MS of `now`. */
export function requireFreshProof(session: DeviceSession, now: Date): void {
  const provenAt = session.phoneProvenAt;
  if (provenAt && now.getTime() - provenAt.getTime() <= PROOF_LEASE_MS) return;
  throw new TRPCError({ code: 'FORBIDDEN', message: RECONFIRM_NUMBER, cause: new StaleProof() });
}
