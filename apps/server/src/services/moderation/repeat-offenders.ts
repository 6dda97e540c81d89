import { countRemovalsOfAuthor, holdUnclaimedRatingsOfDevice } from '@exrated/db/queries';
import type { Context } from '../../context';

/** The held reason of a rating held because its author's earlier ratings were removed. */
export const REPEAT_OFFENDER_HOLD = 'repeat_offender';

/**
 * Whether the author's next rating waits for a moderator (docs/trust-and-safety.md#repeat-offenders): when
 * moderators hid or deleted more of their ratings than the operator's threshold (admin Settings). The author
 * is matched as the queue's author history matches them: the proven phone, else the device session. The
 * count runs for every submission, held or not, so the answer costs the same either way.
 */
export async function repeatOffenderHold(
  ctx: Pick<Context, 'db' | 'settings'>,
  author: { provenPhone: string | null; deviceSessionId: string },
): Promise<typeof REPEAT_OFFENDER_HOLD | null> {
  const [removed, settings] = await Promise.all([countRemovalsOfAuthor(ctx.db, author), ctx.settings.get()]);
  return removed > settings.repeatOffenderThreshold ? REPEAT_OFFENDER_HOLD : null;
}

/** The queue's explanation of a repeat-offender hold, from the author's count at the time the queue is read. */
export function repeatOffenderExplanation(removed: number): string {
  return `Repeat offender: ${removed} earlier rating${removed === 1 ? '' : 's'} hidden or deleted by moderators`;
}

/**
 * A held reason as the author's own activity records it (their data export shows those entries): a
 * repeat-offender hold reads as a plain review, so the author learns no more than any held author.
 */
export function heldReasonForAuthor(heldReason: string): string {
  return heldReason === REPEAT_OFFENDER_HOLD ? 'review' : heldReason;
}

/**
 * Before a device proves a phone: when the phone's record makes it a repeat offender, the ratings the proof
 * claims (given unproven since `claimSince`) wait for a moderator instead of standing at the proof
 * (`prove_phone` keeps a held reason it finds), so a fresh device cannot carry an offender's ratings past the
 * hold. Returns how many were held.
 */
export async function holdRatingsOfRepeatOffenderAtProof(
  ctx: Pick<Context, 'db' | 'settings'>,
  params: { phone: string; deviceSessionId: string; claimSince: Date },
): Promise<number> {
  const hold = await repeatOffenderHold(ctx, {
    provenPhone: params.phone,
    deviceSessionId: params.deviceSessionId,
  });
  if (!hold) return 0;
  return holdUnclaimedRatingsOfDevice(ctx.db, {
    deviceSessionId: params.deviceSessionId,
    claimSince: params.claimSince,
    heldReason: hold,
  });
}
