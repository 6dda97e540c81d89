import { randomUUID } from 'node:crypto';
import type { Executor } from '@exrated/db';
import type { ClaimedNotification } from '@exrated/db/queries';
import {
  countRatingsGiven,
  findLatestRatingOfPhoneByRater,
  insertNotification,
  insertRating,
  insertRatingScores,
  isPhoneOptedOut,
  lockRatingsOfPhone,
} from '@exrated/db/queries';
import { TRPCError } from '@trpc/server';
import type { RatingSubmitInput } from '../routers/rating-input';
import { RetryAfter } from '../trpc/init';
import { ratingTextMessage } from './notifications/rating-text';
import {
  DAY_SECONDS,
  type Delivery,
  decideDelivery,
  enforceSubmissionCaps,
  type RatingContext,
} from './rating-limits';

export const MAINTENANCE_MESSAGE = 'ExRated is down for maintenance. Please try again later.';
/** Spec section 9: ratings needed to see your own. */
export const RATINGS_TO_UNLOCK = 2;

export interface RatingSubmitResult {
  ratingId: string;
  /**
   * What the rater is told about the text: 'sent', or 'pending' when the send failed and will be retried
   * (the client shows the spec's 'saved, but we couldn't notify' toast). A suppressed text reads 'sent':
   * the rater must not learn that a number opted out or hit a cap.
   */
  notificationStatus: 'sent' | 'pending';
  ratingsGiven: number;
  isUnlocked: boolean;
}

type Stage = 'rating' | 'scores' | 'notification';

/** Thrown inside the transaction when an insert returned nothing, so the rollback covers it too. */
class MissingRow extends Error {}

/**
 * `rating.submit`: the abuse limits, then rating + scores + notification in ONE transaction (all rows or
 * none), then the text. Every step of spec section 7 goes to ctx.audit, which writes them all in one insert
 * when the request ends.
 */
export async function submitRating(
  ctx: RatingContext,
  input: RatingSubmitInput,
): Promise<RatingSubmitResult> {
  if ((await ctx.settings.get()).maintenanceMode) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MAINTENANCE_MESSAGE });
  }
  const raterPhone = ctx.session.phoneProvenAt ? ctx.session.phoneNumber : null;
  if (raterPhone && raterPhone === input.phoneNumber) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: "You can't rate your own phone number." });
  }
  await enforceSubmissionCaps(ctx);

  ctx.audit.log('rating_submission_started', { relationshipType: input.relationshipType });
  const now = ctx.now();
  const ratingId = randomUUID();
  const notificationId = randomUUID();
  const message = ratingTextMessage({
    scores: input.scores,
    publicUrl: ctx.config.publicUrl,
    notificationId,
  });
  let stage: Stage = 'rating';
  let saved: { delivery: Delivery; attempts: number };
  try {
    saved = await ctx.db.transaction(async (tx) => {
      await lockRatingsOfPhone(tx, input.phoneNumber);
      // Both read after the lock: a parallel submission of the same rater has committed, or not started.
      const [, optedOut] = await Promise.all([
        refuseRepeatRating(ctx, tx, input.phoneNumber, raterPhone, now),
        isPhoneOptedOut(tx, input.phoneNumber),
      ]);
      const decided = await decideDelivery(ctx, input.phoneNumber, optedOut);
      // A text to send goes out right after commit, so its row is created leased to this request (the timer
      // leaves it alone meanwhile, and retries it once the lease ends if this process dies before sending).
      const lease =
        decided.status === 'pending' ? ctx.dispatcher.freshLease() : { attempts: 0, nextAttemptAt: now };
      // The three inserts go out together (one round trip, in the order issued); each is still its own
      // statement, so a failure names the step that failed.
      const [rating, scores, notification] = await Promise.allSettled([
        insertRating(tx, {
          id: ratingId,
          name: input.name,
          relationshipType: input.relationshipType,
          phoneNumber: input.phoneNumber,
          testimonial: input.testimonial,
          gratitude: input.gratitude,
          selfReflection: input.selfReflection,
          feedback: input.feedback,
          createdBy: null,
          createdByPhone: raterPhone,
          deviceSessionId: ctx.session.id,
          createdAt: now,
        }),
        insertRatingScores(tx, { ratingId, scores: input.scores }),
        insertNotification(tx, {
          id: notificationId,
          ratingId,
          message,
          status: decided.status,
          statusReason: decided.reason,
          createdAt: now,
          ...lease,
        }),
      ]);
      if (rating.status === 'rejected') throw rating.reason;
      if (!rating.value) throw new MissingRow('No rating data returned after insert');
      stage = 'scores';
      if (scores.status === 'rejected') throw scores.reason;
      stage = 'notification';
      if (notification.status === 'rejected') throw notification.reason;
      if (!notification.value)
        throw new MissingRow('Failed to send notification: the notification was not saved.');
      return { delivery: decided, attempts: lease.attempts };
    });
  } catch (error) {
    if (error instanceof TRPCError) {
      ctx.audit.log('rating_submission_failed', { reason: error.message });
      throw error;
    }
    throw submissionFailure(ctx, stage, error);
  }

  const { delivery, attempts } = saved;
  ctx.audit.log('rating_created', { ratingId, relationshipType: input.relationshipType });
  ctx.audit.log('rating_scores_created', { ratingId, count: input.scores.length });
  ctx.audit.log('notification_created', {
    ratingId,
    notificationId,
    status: delivery.status,
    ...(delivery.reason ? { reason: delivery.reason } : {}),
  });

  const notificationStatus =
    delivery.status === 'pending'
      ? await sendNow(ctx, {
          id: notificationId,
          ratingId,
          phoneNumber: input.phoneNumber,
          message,
          attempts,
        })
      : 'sent';
  const ratingsGiven = await countRatingsGiven(ctx.db, {
    deviceSessionId: ctx.session.id,
    provenPhone: raterPhone,
  });
  ctx.audit.log('rating_submission_completed', {
    ratingId,
    notificationId,
    notificationStatus,
    ratingsGiven,
  });
  return { ratingId, notificationStatus, ratingsGiven, isUnlocked: ratingsGiven >= RATINGS_TO_UNLOCK };
}

/** The send right after commit, of the row this request created leased to itself. */
async function sendNow(ctx: RatingContext, text: ClaimedNotification): Promise<'sent' | 'pending'> {
  const ids = { ratingId: text.ratingId, notificationId: text.id };
  ctx.audit.log('sms_notification_attempted', ids);
  try {
    const outcome = await ctx.dispatcher.deliverFresh(text);
    if (outcome.status === 'failed') {
      ctx.audit.log('sms_notification_failed', { ...ids, error: outcome.error, willRetry: true });
      ctx.audit.error({
        action: 'sms_notification_failed',
        message: `Failed to send notification: ${outcome.error}`,
        severity: 'high',
        errorType: 'sms',
        componentName: 'rating.submit',
        details: ids,
      });
      return 'pending';
    }
    if (outcome.status === 'sent') ctx.audit.log('sms_notification_sent', ids);
    if (outcome.status === 'suppressed') {
      ctx.audit.log('sms_notification_suppressed', { ...ids, reason: outcome.reason });
    }
    // 'suppressed' (opted out at the provider) reads as handled.
    return 'sent';
  } catch (error) {
    // The send could not even start (database trouble): the row is still pending, and the dispatcher retries it.
    const message = error instanceof Error ? error.message : String(error);
    ctx.log.error({ err: error, notificationId: text.id }, 'could not start the rating text');
    ctx.audit.log('sms_notification_failed', { ...ids, error: 'not started', willRetry: true });
    ctx.audit.error({
      action: 'sms_notification_failed',
      message: `Failed to send notification: ${message}`,
      severity: 'high',
      componentName: 'rating.submit',
      details: ids,
    });
    return 'pending';
  }
}

const STAGE_ACTIONS: Record<Stage, { action: string; message: string }> = {
  rating: {
    action: 'rating_creation_failed',
    message: 'Failed to create rating: nothing was saved, please try again.',
  },
  scores: {
    action: 'rating_scores_failed',
    message: 'Failed to save rating scores: nothing was saved, please try again.',
  },
  notification: {
    action: 'notification_creation_failed',
    message: 'Failed to send notification: nothing was saved, please try again.',
  },
};

/**
 * A write failed and the transaction rolled back. The rater gets the spec's message for the step that failed,
 * with a reason meant for people (never SQL); the details go to error_logs.
 */
function submissionFailure(ctx: RatingContext, stage: Stage, error: unknown): TRPCError {
  const missingRow = error instanceof MissingRow;
  const { action, message } = STAGE_ACTIONS[stage];
  const userMessage = missingRow && stage === 'rating' ? 'No rating data returned after insert' : message;
  const cause = rootCause(error);
  ctx.log.error({ err: cause, stage }, 'rating submission failed');
  ctx.audit.log(action, { stage });
  ctx.audit.log('rating_submission_failed', { stage, message: userMessage });
  ctx.audit.error({
    action,
    message: cause.message,
    stack: cause.stack ?? null,
    severity: 'high',
    errorType: 'database',
    componentName: 'rating.submit',
    details: { stage },
  });
  // SERVICE_UNAVAILABLE, not INTERNAL: the message is meant for the rater, and a retry may well succeed.
  return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: userMessage });
}

/** Terms: no excessive ratings of the same person. One rating of a number per rater per N days. */
async function refuseRepeatRating(
  ctx: RatingContext,
  tx: Executor,
  phoneNumber: string,
  raterPhone: string | null,
  now: Date,
) {
  const days = ctx.config.limits.samePhoneRatingDays;
  const windowMs = days * DAY_SECONDS * 1000;
  const latest = await findLatestRatingOfPhoneByRater(tx, {
    phoneNumber,
    deviceSessionId: ctx.session.id,
    raterPhone,
    since: new Date(now.getTime() - windowMs),
  });
  if (!latest) return;
  const retryAfterSeconds = Math.max(1, Math.ceil((latest.getTime() + windowMs - now.getTime()) / 1000));
  const daysLeft = Math.ceil(retryAfterSeconds / DAY_SECONDS);
  throw new TRPCError({
    code: 'TOO_MANY_REQUESTS',
    message: `You have already rated this person. You can rate the same number once every ${days} days; try again in ${daysLeft} day${daysLeft === 1 ? '' : 's'}.`,
    cause: new RetryAfter(retryAfterSeconds),
  });
}

/**
 * The database's own error under the query wrapper: its message says what went wrong, while the wrapper's
 * repeats the statement with its parameters (phone numbers and texts have no place in error_logs).
 */
function rootCause(error: unknown): Error {
  let current: unknown = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current : new Error(String(error));
}
