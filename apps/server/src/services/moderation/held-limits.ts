import type { ScreenedRating } from '@exrated/content';
import { screenRatingInput } from '@exrated/content';
import {
  deleteUnclaimedRatings,
  listUnclaimedRatingTexts,
  setHeldReasonOfUnclaimed,
} from '@exrated/db/queries';
import { isScreeningHold, screeningHoldReason } from '../content/held-screening';
import { networkKey } from '../limits/network-key';
import { phoneLimitKey } from '../limits/procedure-limits';
import { tooManyRequests } from '../limits/rate-limit-errors';
import type { RateLimitHit } from '../limits/rate-limiter';
import { DAY_SECONDS, firstRefusal, hitCaps, type RatingContext } from '../rating/rating-limits';

// How many moderation items one author can create (docs/trust-and-safety.md#the-queue-under-a-flood): only
// a proven phone makes a rating an item, and the ratings whose own text screening holds are capped per
// proven phone and per network per day. The limit is keyed on what an abuser pays for, never on a cookie.

interface HeldCap extends RateLimitHit {
  message: (wait: string) => string;
}

function heldCaps(ctx: RatingContext, phone: string): HeldCap[] {
  const { limits } = ctx.config;
  return [
    {
      // A keyed hash, like every per-phone cap: the key names no number and outlives a deletion.
      key: `held-ratings:phone:${phoneLimitKey(ctx.config.sessionSecret, phone)}`,
      rule: { limit: limits.heldRatingsPerPhonePerDay, windowSeconds: DAY_SECONDS },
      message: (wait) =>
        `This rating's text would wait for a moderator, and you have sent the most such ratings allowed in one day. Edit the text, or try again ${wait}.`,
    },
    {
      key: `held-ratings:ip:${networkKey(ctx.request.ipAddress)}`,
      rule: { limit: limits.heldRatingsPerIpPerDay, windowSeconds: DAY_SECONDS },
      message: (wait) =>
        `This rating's text would wait for a moderator, and your network has sent the most such ratings allowed in one day. Edit the text, or try again ${wait}.`,
    },
  ];
}

/**
 * rating.submit by a proven phone whose text screening holds: counts it against the author's caps, or refuses
 * it. The refusal speaks of the author's own text only (the form told them it would be held), never of a
 * hold that protects the rated number.
 */
export async function admitHeldRating(ctx: RatingContext, phone: string): Promise<void> {
  const caps = heldCaps(ctx, phone);
  const refused = firstRefusal(caps, await hitCaps(ctx, caps));
  if (!refused) return;
  ctx.audit.log('rating_submission_failed', {
    reason: 'rate_limited',
    cap: `held-${refused.cap.key.split(':')[1]}`,
  });
  throw tooManyRequests(refused.result.retryAfterSeconds, refused.cap.message);
}

/** What screening the device's earlier ratings again at the proof did. */
export interface ProofScreening {
  /** Ratings that now wait for a moderator because of their own text, by held reason. */
  held: Map<string, number>;
  /** Held ratings over the phone's or the network's daily caps: deleted, never an item. */
  dropped: number;
}

function screeningReason(rating: ScreenedRating): string | null {
  const verdict = screenRatingInput(rating);
  return verdict.outcome === 'accept' ? null : screeningHoldReason(verdict.rule);
}

/** A proof that claims nothing has nothing to screen. */
export const NOTHING_SCREENED: ProofScreening = { held: new Map(), dropped: 0 };

/**
 * Before a device proves `phone`: the ratings it gave unproven were no moderation item; now they are read
 * again by today's rules. A text the rules hold is held (the proof keeps a held reason it finds), within the
 * phone's and the network's daily caps; one over them is deleted rather than filling the queue. A screening
 * hold the rules no longer make is lifted; other holds stay as they are.
 */
export async function screenRatingsAtProof(ctx: RatingContext, phone: string): Promise<ProofScreening> {
  const rows = await listUnclaimedRatingTexts(ctx.db, { deviceSessionId: ctx.session.id, phone });
  const caps = heldCaps(ctx, phone);
  const held = new Map<string, string[]>();
  const cleared: string[] = [];
  const dropped: string[] = [];
  for (const row of rows) {
    const reason = screeningReason(row);
    if (reason === null) {
      if (isScreeningHold(row.heldReason)) cleared.push(row.id);
      continue;
    }
    if (dropped.length > 0 || firstRefusal(caps, await hitCaps(ctx, caps))) {
      dropped.push(row.id);
      continue;
    }
    held.set(reason, [...(held.get(reason) ?? []), row.id]);
  }
  for (const [heldReason, ids] of held) await setHeldReasonOfUnclaimed(ctx.db, { ids, heldReason });
  await setHeldReasonOfUnclaimed(ctx.db, { ids: cleared, heldReason: null });
  await deleteUnclaimedRatings(ctx.db, dropped);
  return {
    held: new Map([...held].map(([reason, ids]) => [reason, ids.length])),
    dropped: dropped.length,
  };
}
