import type { Executor } from '@exrated/db';
import { endModerationHold, listUnclaimedRatingRecipients, standRatingAt } from '@exrated/db/queries';
import type { Context } from '../../context';
import { drawReleaseTime, drawReleaseTimes } from './release-time';

/**
 * A rating comes to stand (docs/anonymity.md): its author's submission with a proven phone, its author's
 * proof, a moderator's approval, an appeal upheld. Every path ends in the database's `stand_rating`, which
 * checks 'Do not rate me' under the recipient's lock and makes the release time drawn here the moment the
 * rating is shown, counted and texted (the outbox's due time). Submission and proof call it inside their
 * own one-statement functions; the moderation paths call `ratingComesToStand`.
 */

type StandContext = Pick<Context, 'config' | 'log' | 'metrics'>;

export type StandPath = 'submit' | 'proof' | 'moderation';

/**
 * A withheld rating is logged for the operators (the server's log and a metric), never in an entry its author
 * can read: their activity and export look the same as for any other rating.
 */
export function logWithheld(ctx: StandContext, ratingId: string | null, path: StandPath, count = 1) {
  ctx.log.info({ ratingId, path, count, reason: 'do_not_rate' }, 'rating withheld from its subject');
  ctx.metrics.countWithheld(path, count);
}

/**
 * A held or hidden rating stands from `now` (a moderator's keep on the queue or on an appeal), in the
 * caller's transaction. Returns what became of it: 'released' (it reaches its subject at its release time),
 * 'do_not_rate' (withheld), 'waiting_for_proof' (its author's proof makes it stand) or null (gone).
 */
export async function ratingComesToStand(ctx: StandContext, tx: Executor, ratingId: string, now: Date) {
  const cleared = await endModerationHold(tx, ratingId);
  if (!cleared) return null;
  if (cleared.createdByPhone === null) return 'waiting_for_proof' as const;
  const releaseAt = drawReleaseTime(ctx.config.release, now, cleared.phoneNumber);
  const stood = await standRatingAt(tx, { ratingId, releaseAt });
  if (stood === 'do_not_rate') logWithheld(ctx, ratingId, 'moderation');
  return stood;
}

/**
 * Release times for the ratings a proof claims (`claimed`), drawn before the proof's statement; null when the
 * proof presented no genuine claim, so the device has no rating of the hour left to list.
 */
export async function releaseTimesAtProof(
  ctx: StandContext & Pick<Context, 'db'>,
  claimed: { deviceSessionId: string; claimSince: Date } | null,
  now: Date,
) {
  const recipients = claimed ? await listUnclaimedRatingRecipients(ctx.db, claimed) : [];
  const releaseTimes = drawReleaseTimes(ctx.config.release, now, recipients);
  // A rating given while the proof runs was not listed: it gets a draw of the same distribution.
  const fallbackReleaseAt = drawReleaseTime(ctx.config.release, now, recipients[0]?.phoneNumber ?? '');
  return { releaseTimes, fallbackReleaseAt };
}
