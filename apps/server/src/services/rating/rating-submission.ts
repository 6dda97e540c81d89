import { randomUUID } from 'node:crypto';
import { identifyingDetailKinds } from '@exrated/content';
import { untextableReason } from '@exrated/content/phone';
import { RATINGS_TO_UNLOCK } from '@exrated/content/unlock';
import type { RatingSubmissionStep } from '@exrated/db/queries';
import { countRatingsGiven, ratingSubmissionStep, saveRatingSubmission } from '@exrated/db/queries';
import { screeningHoldReason } from '../content/held-screening';
import { type DomainError, invalidRequest, overLimit, unavailable } from '../errors/domain-error';
import { holdShownToAuthor } from '../moderation/author-holds';
import { admitHeldRating } from '../moderation/held-limits';
import { authorRecord } from '../moderation/repeat-offenders';
import { ratingTextMessage } from '../notifications/rating-text';
import { parsePhone } from '../phone/phone';
import { classifyRating } from '../screening/classify-rating';
import { claimOf, ratingAuthorOf } from './rating-claims';
import { type RatingSubmitInput, screeningVerdictOf } from './rating-input';
import { DAY_SECONDS, enforceSubmissionCaps, type RatingContext, ratingWindows } from './rating-limits';
import { logWithheld } from './rating-stands';
import { drawReleaseTime } from './release-time';

export const MAINTENANCE_MESSAGE = 'ExRated is down for maintenance. Please try again later.';
/**
 * One answer for every number that cannot be rated (docs/trust-and-safety.md), so a rater learns nothing
 * about which rule refused it. A number whose owner asked not to be rated is not refused at all: its ratings
 * are accepted like any other and never reach it (docs/anonymity.md), since a refusal would tell the rater
 * that their ex uses ExRated.
 */
export const NUMBER_CANNOT_BE_RATED =
  'This number cannot be rated. ExRated rates mobile numbers in the United States, the United Kingdom, Canada and Australia only.';

/**
 * The rater's answer says nothing of the text (docs/anonymity.md): not whether it will go out or when, nor
 * whether the rating waits for its author's proof or for moderation, nor whether the number asked not to be
 * rated. It is the same, in the same time, in every case.
 */
export interface RatingSubmitResult {
  ratingId: string;
  ratingsGiven: number;
  isUnlocked: boolean;
  /** Given before any phone stood behind it: the tab presents it when it proves one (rating-claims.ts). */
  claim?: string;
}

/**
 * `rating.submit`: who may rate which number, the abuse limits, then rating, scores and notification in ONE
 * statement (all rows or none, `saveRatingSubmission`), where a rating that stands gets its release time and
 * meets the 'Do not rate me' switch (docs/anonymity.md). The text is never sent here: the dispatcher sends it
 * at the release time. A rating whose author has not proven a phone, that is over the number's daily
 * ceiling, or whose text screening holds (threats, doxxing), is saved held. Every step goes to ctx.audit
 * (docs/security.md#audit), which writes them all in one insert when the request ends; those entries are the
 * rater's own activity (their export shows them), so they hold nothing of the rated person: no link, no text
 * status.
 */
export async function submitRating(
  ctx: RatingContext,
  input: RatingSubmitInput,
): Promise<RatingSubmitResult> {
  if ((await ctx.settings.get()).maintenanceMode) {
    throw unavailable(MAINTENANCE_MESSAGE);
  }
  const raterPhone = ctx.session.phoneProvenAt ? ctx.session.phoneNumber : null;
  if (raterPhone && raterPhone === input.phoneNumber) {
    throw invalidRequest("You can't rate your own phone number.");
  }
  refuseUntextableNumber(ctx, input.phoneNumber);
  await enforceSubmissionCaps(ctx);

  ctx.audit.log('rating_submission_started', { relationshipType: input.relationshipType });
  // The input schema refused what screening refuses; what it holds waits for a moderator (docs/screening.md).
  const screening = screeningVerdictOf(input);
  const texts = [input.testimonial, input.gratitude, input.selfReflection, input.feedback];
  // Noted, never refused: the form told the rater, who chose to keep them (docs/anonymity.md).
  ctx.metrics.countIdentifyingDetails(identifyingDetailKinds(texts));
  const now = ctx.now();
  const windows = ratingWindows(ctx.config.limits, now);
  // Drawn and counted for every submission, standing or not, so every answer costs the same work. An author
  // with too many ratings removed by moderators is held like any other hold: the answer says nothing of it.
  // The classifier is asked whatever the rules found, so the answer takes as long when they hold the
  // rating as when they do not; it can hold the rating, never refuse it.
  const releaseAt = drawReleaseTime(ctx.config.release, now, input.phoneNumber);
  const author = ratingAuthorOf(ctx);
  const [record, classifierHold, claimedBefore] = await Promise.all([
    authorRecord(ctx, raterPhone, { phoneNumber: input.phoneNumber, repeatSince: windows.repeatSince }),
    classifyRating(ctx, texts),
    // Before a proof the count is the tab's own (docs/security.md#sessions): the ratings it claims and this
    // one, not what an earlier visitor of the browser gave. The statement's count is the proven phone's.
    author.provenPhone === null ? countRatingsGiven(ctx.db, author) : 0,
  ]);
  // A deleted account of the same phone rated this number within the window: deletion does not reset it.
  if (record.erasedRatingAt) {
    const refusal = repeatRatingRefusal(ctx, record.erasedRatingAt, now);
    ctx.audit.log('rating_submission_failed', { reason: refusal.message });
    throw refusal;
  }
  const screeningHold = screening.outcome === 'hold' ? screeningHoldReason(screening.rule) : classifierHold;
  // A proven author's held text becomes a moderation item now, within their daily share; an unproven
  // author's waits for the proof, which screens it again (docs/trust-and-safety.md#the-queue-under-a-flood).
  if (screeningHold && raterPhone) await admitHeldRating(ctx, raterPhone);
  const ratingId = randomUUID();
  const notificationId = randomUUID();
  const message = ratingTextMessage({
    scores: input.scores,
    publicUrl: ctx.config.publicUrl,
    notificationId,
  });
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
      ...windows,
      claimed: author.provenPhone === null ? author.claimedRatingIds : null,
      heldReason: screeningHold ?? record.offenderHold,
      notification: { id: notificationId, message, suppressedReason: null },
      releaseAt,
    });
  } catch (error) {
    throw submissionFailure(ctx, error);
  }
  if (!outcome.saved) {
    const refusal = repeatRatingRefusal(ctx, outcome.previousRatingAt, now);
    ctx.audit.log('rating_submission_failed', { reason: refusal.message });
    throw refusal;
  }

  ctx.audit.log('rating_created', { ratingId, relationshipType: input.relationshipType });
  ctx.audit.log('rating_scores_created', { ratingId, count: input.scores.length });
  // The author's activity records only the holds they are told of; the server's log has every hold.
  const shownHold = holdShownToAuthor(outcome.heldReason);
  if (shownHold) ctx.audit.log('rating_held_for_review', { ratingId, reason: shownHold });
  else if (outcome.heldReason)
    ctx.log.info({ ratingId, reason: outcome.heldReason }, 'rating held for review');
  ctx.audit.log('notification_created', { ratingId });
  // What became of the text is the rated person's business: the server's log has it, the rater's activity not.
  ctx.log.info(
    { ratingId, notificationId, status: outcome.notificationStatus, reason: outcome.notificationReason },
    'rating text created',
  );
  ctx.metrics.countRatingTextCreated(outcome.notificationStatus);
  if (outcome.withheld) logWithheld(ctx, ratingId, 'submit');
  if (outcome.notificationStatus === 'pending' && !outcome.withheld && releaseAt <= now) {
    ctx.afterResponse(() => ctx.dispatcher.kick());
  }
  const ratingsGiven = author.provenPhone === null ? claimedBefore + 1 : outcome.ratingsGiven;
  ctx.audit.log('rating_submission_completed', { ratingId, ratingsGiven });
  const reply = { ratingId, ratingsGiven, isUnlocked: ratingsGiven >= RATINGS_TO_UNLOCK };
  // No phone stands behind it yet: the tab that gave it claims it when it proves one (rating-claims.ts).
  return raterPhone ? reply : { ...reply, claim: claimOf(ctx.config.sessionSecret, ratingId) };
}

/** Numbers that can never get a rating text are not rated at all: a rating nobody is told of unlocks nothing. */
function refuseUntextableNumber(ctx: RatingContext, phoneNumber: string) {
  const parsed = parsePhone(phoneNumber);
  const reason = parsed ? untextableReason(parsed, ctx.config.allowedSmsCountries) : 'country_not_allowed';
  if (reason) refuseUnrateable(ctx, reason);
}

/** The one neutral refusal of every number that cannot be rated; the reason goes to the audit log only. */
function refuseUnrateable(ctx: RatingContext, reason: string): never {
  ctx.audit.log('rating_submission_failed', { reason });
  throw invalidRequest(NUMBER_CANNOT_BE_RATED);
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
 * A write failed and the statement rolled back whole. The rater gets the message (docs/product.md#messages)
 * for the step that failed, with a reason meant for people (never SQL); the details go to error_logs.
 */
function submissionFailure(ctx: RatingContext, error: unknown): DomainError {
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
  // Unavailable, not an internal error: the message is meant for the rater, and a retry may well succeed.
  return unavailable(userMessage);
}

/** Terms: no excessive ratings of the same person. One rating of a number per rater per N days. */
function repeatRatingRefusal(ctx: RatingContext, previousRatingAt: Date, now: Date): DomainError {
  const days = ctx.config.limits.samePhoneRatingDays;
  const windowMs = days * DAY_SECONDS * 1000;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((previousRatingAt.getTime() + windowMs - now.getTime()) / 1000),
  );
  const daysLeft = Math.ceil(retryAfterSeconds / DAY_SECONDS);
  return overLimit(
    `You have already rated this person. You can rate the same number once every ${days} days; try again in ${daysLeft} day${daysLeft === 1 ? '' : 's'}.`,
    retryAfterSeconds,
  );
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
