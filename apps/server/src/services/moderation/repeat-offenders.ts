import { findAuthorRecord, holdUnclaimedRatingsOfDevice } from '@exrated/db/queries';
import type { Context } from '../../context';
import { keyedPhone } from '../data-rights/phone-keys';

/** The held reason of a rating held because its author's earlier ratings were removed. */
export const REPEAT_OFFENDER_HOLD = 'repeat_offender';

/**
 * The author's record as a submission meets it, in one round trip:
 * - `offenderHold`: whether the author's next rating waits for a moderator
 *   (docs/trust-and-safety.md#repeat-offenders), when moderators hid or deleted more of their ratings than
 *   the operator's threshold (admin Settings). The author is the proven phone (an unproven author has no
 *   record: their ratings wait for a proof, which reads the phone's); the removals a deleted account of the
 *   same phone left behind count too (docs/data-rights.md#deletion-keeps-what-protects-others). A browser
 *   session is never the author: the next person at a shared computer would inherit it.
 * - `erasedRatingAt`: when a deleted account of the same phone (or a removal) last rated the `rated` number
 *   within the once-per-30-days window, or null; always null without a `rated` number (at a proof).
 * It runs for every submission, held or not, so the answer costs the same either way.
 */
export async function authorRecord(
  ctx: Pick<Context, 'db' | 'settings' | 'config'>,
  provenPhone: string | null,
  rated: { phoneNumber: string; repeatSince: Date } | null,
) {
  const authorKey = provenPhone ? erasedAccountKey(ctx.config.sessionSecret, provenPhone) : null;
  const [record, settings] = await Promise.all([
    findAuthorRecord(ctx.db, { provenPhone, authorKey, rated }),
    ctx.settings.get(),
  ]);
  return {
    offenderHold: record.removed > settings.repeatOffenderThreshold ? REPEAT_OFFENDER_HOLD : null,
    erasedRatingAt: record.erasedRatingAt,
  };
}

/** The key a deleted account's records are kept under (docs/data-rights.md, Deletion keeps what protects others). */
export function erasedAccountKey(secret: string, phone: string): string {
  return keyedPhone(secret, 'erased-account', phone);
}

/** The queue's explanation of a repeat-offender hold, from the author's count at the time the queue is read. */
export function repeatOffenderExplanation(removed: number): string {
  return `Repeat offender: ${removed} earlier rating${removed === 1 ? '' : 's'} hidden or deleted by moderators`;
}

/**
 * Before a device proves a phone: when the phone's record makes it a repeat offender, the ratings the proof
 * claims (given unproven since `claimSince`) wait for a moderator instead of standing at the proof
 * (`prove_phone` keeps a held reason it finds), so a fresh device cannot carry an offender's ratings past the
 * hold. Returns how many were held.
 */
export async function holdRatingsOfRepeatOffenderAtProof(
  ctx: Pick<Context, 'db' | 'settings' | 'config'>,
  params: { phone: string; deviceSessionId: string; claimSince: Date },
): Promise<number> {
  const { offenderHold: hold } = await authorRecord(ctx, params.phone, null);
  if (!hold) return 0;
  return holdUnclaimedRatingsOfDevice(ctx.db, {
    deviceSessionId: params.deviceSessionId,
    claimSince: params.claimSince,
    heldReason: hold,
  });
}
