import { randomUUID } from 'node:crypto';
import type { ClaimedNotification, RatingSubmissionStep } from '@exrated/db/queries';
import { ratingSubmissionStep, saveRatingSubmission, suppressNotification } from '@exrated/db/queries';
import { TRPCError } from '@trpc/server';
import type { RatingSubmitInput } from '../routers/rating-input';
import { RetryAfter } from '../trpc/init';
import { ratingTextMessage } from './notifications/rating-text';
import {
  countrySuppression,
  DAY_SECONDS,
  enforceSubmissionCaps,
  type RatingContext,
  textCapRefusal,
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

type Delivery = { status: 'pending'; reason: null } | { status: 'suppressed'; reason: string };

/**
 * `rating.submit`: the abuse limits, then rating + scores + notification in ONE statement (all rows or none,
 * `saveRatingSubmission`), then the text. Every step of spec section 7 goes to ctx.audit, which writes them
 * all in one insert when the request ends.
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
  const lease = ctx.dispatcher.freshLease();
  const repeatWindowMs = ctx.config.limits.samePhoneRatingDays * DAY_SECONDS * 1000;
  let outcome: Awaited<ReturnType<typeof saveRatingSubmission>>;
  try {
    outcome = await saveRatingSubmission(ctx.db, {
      rating: {
        id: ratingId,
        name: input.name,
        relationshipType: input.relationshipType,
        phoneNumber: input.phoneNumber,
        testimonial: input.testimonial,
        gratitude: input.gratitude,
        selfReflection: input.selfReflection,
        feedback: input.feedback,
        createdByPhone: raterPhone,
        deviceSessionId: ctx.session.id,
        createdAt: now,
      },
      scores: input.scores,
      repeatSince: new Date(now.getTime() - repeatWindowMs),
      notification: {
        id: notificationId,
        message,
        suppressedReason: countrySuppression(ctx, input.phoneNumber),
        leaseAttempts: lease.attempts,
        leaseUntil: lease.nextAttemptAt,
      },
    });
  } catch (error) {
    throw submissionFailure(ctx, error);
  }
  if (!outcome.saved) {
    const refusal = repeatRatingRefusal(ctx, outcome.previousRatingAt, now);
    ctx.audit.log('rating_submission_failed', { reason: refusal.message });
    throw refusal;
  }

  const delivery: Delivery =
    outcome.notificationStatus === 'pending'
      ? await applyTextCaps(ctx, input.phoneNumber, notificationId)
      : { status: 'suppressed', reason: outcome.notificationReason ?? 'unknown' };
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
          attempts: lease.attempts,
        })
      : 'sent';
  const { ratingsGiven } = outcome;
  ctx.audit.log('rating_submission_completed', {
    ratingId,
    notificationStatus,
    notificationId,
    ratingsGiven,
  });
  return { ratingId, notificationStatus, ratingsGiven, isUnlocked: ratingsGiven >= RATINGS_TO_UNLOCK };
}

/**
 * The daily text caps, counted once the rating is saved. A capped text's row, created pending, is suppressed
 * before anything is sent; should that write fail, the text is still not sent now, and the fault is logged.
 */
async function applyTextCaps(
  ctx: RatingContext,
  phoneNumber: string,
  notificationId: string,
): Promise<Delivery> {
  const reason = await textCapRefusal(ctx, phoneNumber);
  if (!reason) return { status: 'pending', reason: null };
  try {
    await suppressNotification(ctx.db, { id: notificationId, reason, attempts: 0 });
  } catch (error) {
    ctx.log.error({ err: error, notificationId }, 'could not suppress a capped rating text');
    ctx.audit.error({
      action: 'notification_suppression_failed',
      message: error instanceof Error ? error.message : String(error),
      severity: 'high',
      errorType: 'database',
      componentName: 'rating.submit',
      details: { notificationId, reason },
    });
  }
  return { status: 'suppressed', reason };
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

const STAGE_ACTIONS: Record<RatingSubmissionStep, { action: string; message: string }> = {
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
 * A write failed and the statement rolled back whole. The rater gets the spec's message for the step that
 * failed, with a reason meant for people (never SQL); the details go to error_logs.
 */
function submissionFailure(ctx: RatingContext, error: unknown): TRPCError {
  const cause = rootCause(error);
  const stage = ratingSubmissionStep(cause);
  const { action, message } = STAGE_ACTIONS[stage];
  const missingRating = stage === 'rating' && 'code' in cause && cause.code === 'XR001';
  const userMessage = missingRating ? 'No rating data returned after insert' : message;
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
function repeatRatingRefusal(ctx: RatingContext, previousRatingAt: Date, now: Date): TRPCError {
  const days = ctx.config.limits.samePhoneRatingDays;
  const windowMs = days * DAY_SECONDS * 1000;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((previousRatingAt.getTime() + windowMs - now.getTime()) / 1000),
  );
  const daysLeft = Math.ceil(retryAfterSeconds / DAY_SECONDS);
  return new TRPCError({
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
