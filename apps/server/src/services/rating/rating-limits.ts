// The abuse limits of `rating.submit` (docs/security.md#limits): who may submit, and whether the text may go
// out.
import type { DeviceSession } from '@exrated/db/schema';
import type { Limits } from '../../config';
import type { Context } from '../../context';
import { networkKey } from '../limits/network-key';
import { tooManyRequests } from '../limits/rate-limit-errors';
import type { RateLimitHit, RateLimitResult } from '../limits/rate-limiter';

export type RatingContext = Context & { session: DeviceSession };

const HOUR_SECONDS = 3600;
export const DAY_SECONDS = 24 * HOUR_SECONDS;

/**
 * Per device and per IP submission caps. Like every rating cap they fail open (docs/security.md#codes): when
 * Redis is away the rating is accepted and the fault is logged.
 */
export async function enforceSubmissionCaps(ctx: RatingContext) {
  const { limits } = ctx.config;
  const caps = [
    {
      key: `rating-submit:device:${ctx.session.id}`,
      rule: { limit: limits.ratingsPerDevicePerHour, windowSeconds: HOUR_SECONDS },
      message: (wait: string) => `You have submitted too many ratings. Please try again ${wait}.`,
    },
    {
      key: `rating-submit:ip:${networkKey(ctx.request.ipAddress)}`,
      rule: { limit: limits.ratingsPerIpPerHour, windowSeconds: HOUR_SECONDS },
      message: (wait: string) => `Too many ratings from your network. Please try again ${wait}.`,
    },
  ];
  const refused = firstRefusal(caps, await hitCaps(ctx, caps));
  if (!refused) return;
  ctx.audit.log('rating_submission_failed', { reason: 'rate_limited', cap: refused.cap.key.split(':')[1] });
  throw tooManyRequests(refused.result.retryAfterSeconds, refused.cap.message);
}

/** The caps counted in order up to the first refusal, in one round trip; none when the limiter is away. */
export async function hitCaps(ctx: RatingContext, caps: readonly RateLimitHit[]): Promise<RateLimitResult[]> {
  try {
    return await ctx.rateLimiter.hitInOrder(caps);
  } catch (error) {
    ctx.log.warn(
      { err: error, caps: caps.map((cap) => cap.key) },
      'rate limiter unavailable; rating caps not applied',
    );
    ctx.audit.error({
      action: 'rating_rate_limit_unavailable',
      message: error instanceof Error ? error.message : String(error),
      severity: 'medium',
      componentName: 'rating.submit',
      details: { caps: caps.map((cap) => cap.key.split(':').slice(0, 2).join(':')) },
    });
    return [];
  }
}

export function firstRefusal<Cap extends RateLimitHit>(
  caps: readonly Cap[],
  results: readonly RateLimitResult[],
) {
  const index = results.findIndex((result) => !result.allowed);
  const cap = caps[index];
  const result = results[index];
  return cap && result ? { cap, result } : null;
}

/**
 * A proof claims the ratings its browser gave unproven within this long before it (docs/security.md#sessions):
 * the visit that rates and then proves (the rate, verify, unlock flow). Older ones were given in the same
 * browser, perhaps by someone else (a shared computer), and stay with the anonymous session that gave them.
 */
export const RATINGS_CLAIMED_AT_PROOF_MS = 60 * 60 * 1000;

/** The earliest creation time of a rating a proof at `now` claims. */
export function claimedAtProofSince(now: Date): Date {
  return new Date(now.getTime() - RATINGS_CLAIMED_AT_PROOF_MS);
}

/**
 * The windows of the per-number rules (docs/security.md#limits), the same at submission and at proof: one
 * rating of a number per proven phone since `repeatSince`, and standing ratings of a number since
 * `dailyCeiling.since` beyond `dailyCeiling.limit` held for moderation.
 */
export function ratingWindows(
  limits: Pick<Limits, 'samePhoneRatingDays' | 'ratingsPerNumberPerDay'>,
  now: Date,
) {
  return {
    repeatSince: new Date(now.getTime() - limits.samePhoneRatingDays * DAY_SECONDS * 1000),
    dailyCeiling: {
      since: new Date(now.getTime() - DAY_SECONDS * 1000),
      limit: limits.ratingsPerNumberPerDay,
    },
  };
}
