import { insertAppeal, listAuthoredRatings, lockAuthoredRating } from '@exrated/db/queries';
import type { DeviceSession } from '@exrated/db/schema';
import type { Context } from '../../context';
import { conflict, invalidRequest, notFound } from '../errors/domain-error';
import { networkKey } from '../limits/network-key';
import { phoneLimitKey } from '../limits/procedure-limits';
import { tooManyRequests } from '../limits/rate-limit-errors';
import { relationshipLabel } from '../profile/received-ratings';
import { ratingAuthorOf } from '../rating/rating-claims';
import { DAY_SECONDS, firstRefusal, hitCaps } from '../rating/rating-limits';
import { holdShownToAuthor } from './author-holds';
import { heldRuleLabel, statementOfReasons } from './decision-reasons';

type DeviceContext = Context & { session: DeviceSession };

/** The author's list shows this many of their newest ratings. */
export const AUTHORED_RATINGS_LIMIT = 100;

export const RATING_NOT_FOUND = 'This rating could not be found.';
export const NOTHING_TO_APPEAL = 'Only a hidden rating, or one held for review, can be appealed.';
export const ALREADY_APPEALED = 'You have already appealed this rating. Each rating can be appealed once.';
export const APPEAL_NEEDS_PROOF =
  'Verify your phone number first, then appeal: until a verified phone stands behind this rating, no moderator reads it.';

export type AuthoredRatingState = 'visible' | 'waiting_for_proof' | 'held' | 'hidden';

/**
 * `profile.ratingsGiven` (docs/trust-and-safety.md#decisions): the author's own ratings with their state, why
 * a rating is held or hidden (the rule, or the decision's statement of reasons), and whether they may still
 * appeal.
 */
export async function loadRatingsGiven(ctx: DeviceContext) {
  const author = ratingAuthorOf(ctx);
  const proven = author.provenPhone !== null;
  const rows = await listAuthoredRatings(ctx.db, author, AUTHORED_RATINGS_LIMIT);
  return {
    ratings: rows.map((row) => {
      const shownHold = holdShownToAuthor(row.heldReason);
      const state: AuthoredRatingState = row.hiddenAt
        ? 'hidden'
        : shownHold
          ? 'held'
          : row.claimed
            ? 'visible'
            : 'waiting_for_proof';
      const appealable = (state === 'hidden' || state === 'held') && row.appeal === null;
      return {
        id: row.id,
        name: row.name,
        relationshipLabel: relationshipLabel(row.relationshipType),
        testimonial: row.testimonial,
        createdAt: row.createdAt,
        state,
        heldRule: row.heldReason && shownHold && !row.hiddenAt ? heldRuleLabel(row.heldReason) : null,
        decision: row.decision ? statementOfReasons(row.decision) : null,
        appeal: row.appeal ? { status: row.appeal.status, filedAt: new Date(row.appeal.filedAt) } : null,
        canAppeal: appealable && proven,
        appealNeedsProof: appealable && !proven,
      };
    }),
  };
}

// An appeal is a moderation item (docs/trust-and-safety.md#the-queue-under-a-flood): only a proven phone
// files one, and the appeals filed are capped per proven phone and per network per day, never per cookie.
function appealCaps(ctx: DeviceContext, phone: string) {
  const { limits } = ctx.config;
  return [
    {
      key: `appeals:phone:${phoneLimitKey(ctx.config.sessionSecret, phone)}`,
      rule: { limit: limits.appealsPerPhonePerDay, windowSeconds: DAY_SECONDS },
      message: (wait: string) =>
        `You have sent the most appeals allowed in one day. Your rating stays as it is: try again ${wait}.`,
    },
    {
      key: `appeals:ip:${networkKey(ctx.request.ipAddress)}`,
      rule: { limit: limits.appealsPerIpPerDay, windowSeconds: DAY_SECONDS },
      message: (wait: string) =>
        `Your network has sent the most appeals allowed in one day. Your rating stays as it is: try again ${wait}.`,
    },
  ];
}

async function admitAppeal(ctx: DeviceContext, phone: string): Promise<void> {
  const caps = appealCaps(ctx, phone);
  const refused = firstRefusal(caps, await hitCaps(ctx, caps));
  if (refused) throw tooManyRequests(refused.result.retryAfterSeconds, refused.cap.message);
}

/**
 * `profile.appeal`: the author contests the hiding or holding of their rating, once
 * (docs/trust-and-safety.md#decisions). The appeal goes to the queue marked as such, and stands there for a
 * held rating. Only a proven phone appeals: a cookie-only author's held rating waits for their proof, and so
 * would its appeal, so they are told to verify first (before anything is looked up, so the answer says nothing
 * of the rating). Another person's rating answers NOT_FOUND, as an unknown id does. The caps are counted only
 * for an appeal that is filed.
 */
export async function appealRating(ctx: DeviceContext, params: { ratingId: string; text: string | null }) {
  const author = ratingAuthorOf(ctx);
  const phone = author.provenPhone;
  if (phone === null) throw invalidRequest(APPEAL_NEEDS_PROOF);
  const result = await ctx.db.transaction(async (tx) => {
    const rating = await lockAuthoredRating(tx, author, params.ratingId);
    if (!rating) return 'not_found' as const;
    // A hold the author is not told of cannot be appealed either: the answer is a standing rating's.
    if (!rating.hiddenAt && !holdShownToAuthor(rating.heldReason)) return 'nothing_to_appeal' as const;
    if (rating.appealed) return 'already_appealed' as const;
    await admitAppeal(ctx, phone);
    const appeal = await insertAppeal(tx, {
      ratingId: rating.id,
      authorPhone: phone,
      authorSessionId: author.deviceSessionId,
      text: params.text,
      createdAt: ctx.now(),
    });
    return appeal ?? ('already_appealed' as const);
  });
  if (result === 'not_found') throw notFound(RATING_NOT_FOUND);
  if (result === 'nothing_to_appeal') throw invalidRequest(NOTHING_TO_APPEAL);
  if (result === 'already_appealed') throw conflict(ALREADY_APPEALED);
  ctx.audit.log('rating_appealed', { ratingId: params.ratingId, appealId: result.id });
  return { appealed: true as const, filedAt: result.createdAt };
}
