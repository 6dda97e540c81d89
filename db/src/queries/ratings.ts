import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import { type NotificationStatus, notifications, type RelationshipType, ratings } from '../schema';
import { preparedPerExecutor } from './prepared';

/**
 * DESIGN.md section 2: ratings given = ratings created by the proven phone, plus this device's ratings that
 * no phone has claimed yet (the `ratings_given` function holds the definition).
 */
const ratingsGiven = preparedPerExecutor((db) =>
  db
    .select({ value: sql`given`.mapWith(Number) })
    .from(
      sql`ratings_given(${sql.placeholder('deviceSessionId')}::uuid, ${sql.placeholder('provenPhone')}::text) as given`,
    )
    .prepare('ratings_given'),
);

export async function countRatingsGiven(
  db: Executor,
  params: { deviceSessionId: string; provenPhone: string | null },
) {
  const [row] = await ratingsGiven(db).execute(params);
  return row?.value ?? 0;
}

export interface RatingSubmission {
  rating: {
    id: string;
    name: string;
    relationshipType: RelationshipType;
    phoneNumber: string;
    testimonial: string | null;
    gratitude: string | null;
    selfReflection: string | null;
    feedback: string | null;
    /** The rater's proven phone, or null for a device that has not proven one. */
    createdByPhone: string | null;
    deviceSessionId: string;
    createdAt: Date;
  };
  scores: ReadonlyArray<{ questionId: number; score: number }>;
  /** The same rater's earlier rating of this number since then refuses the submission. */
  repeatSince: Date;
  notification: {
    /** Chosen by the caller: the message carries the /r/{id} link. */
    id: string;
    message: string;
    /** Set when the text must not go out whatever the database says (e.g. 'country_not_allowed'). */
    suppressedReason: string | null;
  };
  /** Set when screening holds the rating for moderation ('screening:{rule}'). */
  heldReason: string | null;
  /** Per rated number, standing ratings since `dailyCeiling.since` beyond `limit` are held for moderation. */
  dailyCeiling: { since: Date; limit: number };
}

export type RatingSubmissionOutcome =
  /** The number's owner asked not to be rated; nothing was written. */
  | { saved: false; refusal: 'do_not_rate' }
  | { saved: false; previousRatingAt: Date }
  | {
      saved: true;
      notificationStatus: Extract<NotificationStatus, 'pending' | 'held' | 'suppressed'>;
      notificationReason: string | null;
      ratingsGiven: number;
      /** Why the rating waits for moderation, or null. */
      heldReason: string | null;
    };

const submitRating = preparedPerExecutor((db) => {
  const value = (name: string) => sql.placeholder(name);
  return db
    .select({
      previousRatingAt: sql`previous_rating_at`.mapWith(ratings.createdAt),
      notificationStatus: sql`notification_status`.mapWith(notifications.status),
      notificationReason: sql`notification_reason`.mapWith(notifications.statusReason),
      ratingsGiven: sql`rater_ratings_given`.mapWith(Number),
      heldReason: sql<string | null>`held_reason`,
      refusal: sql<string | null>`refusal`,
    })
    .from(
      sql`submit_rating(${value('id')}::uuid, ${value('name')}::text, ${value('relationshipType')}::text,
        ${value('phoneNumber')}::text, ${value('testimonial')}::text, ${value('gratitude')}::text,
        ${value('selfReflection')}::text, ${value('feedback')}::text, ${value('createdByPhone')}::text,
        ${value('deviceSessionId')}::uuid, ${value('createdAt')}::timestamptz, ${value('scores')}::jsonb,
        ${value('repeatSince')}::timestamptz, ${value('notificationId')}::uuid, ${value('message')}::text,
        ${value('suppressedReason')}::text, ${value('heldReason')}::text, ${value('daySince')}::timestamptz,
        ${value('dailyCeiling')}::integer)`,
    )
    .prepare('submit_rating');
});

/**
 * rating.submit's writes in ONE round trip (migrations 0005 and 0011, `submit_rating`): under a lock on the
 * recipient, the 'Do not rate me' switch, the repeat check and the daily ceiling, then the rating, its scores
 * and its notification (suppressed when the number opted out, held while no proven phone stands behind the
 * rating or it waits for moderation), all or nothing. A failing step raises; `ratingSubmissionStep` tells
 * which.
 */
export async function saveRatingSubmission(
  db: Executor,
  submission: RatingSubmission,
): Promise<RatingSubmissionOutcome> {
  const { rating, notification } = submission;
  const [row] = await submitRating(db).execute({
    ...rating,
    createdAt: rating.createdAt.toISOString(),
    scores: JSON.stringify(submission.scores),
    repeatSince: submission.repeatSince.toISOString(),
    notificationId: notification.id,
    message: notification.message,
    suppressedReason: notification.suppressedReason,
    heldReason: submission.heldReason,
    daySince: submission.dailyCeiling.since.toISOString(),
    dailyCeiling: submission.dailyCeiling.limit,
  });
  if (!row) throw new Error('submit_rating returned no row');
  if (row.refusal === 'do_not_rate') return { saved: false, refusal: 'do_not_rate' };
  if (row.refusal !== null) throw new Error(`submit_rating returned the refusal ${row.refusal}`);
  if (row.previousRatingAt) return { saved: false, previousRatingAt: row.previousRatingAt };
  const status = row.notificationStatus;
  if (status !== 'pending' && status !== 'held' && status !== 'suppressed') {
    throw new Error(`submit_rating returned the notification status ${String(status)}`);
  }
  return {
    saved: true,
    notificationStatus: status,
    notificationReason: row.notificationReason,
    ratingsGiven: row.ratingsGiven,
    heldReason: row.heldReason,
  };
}

/**
 * A moderator approves a held rating (DESIGN.md section 5): it stands from now on, and its text becomes due
 * when a proven phone stands behind it. Returns whether a held rating was released.
 */
export async function releaseHeldRating(db: Executor, params: { ratingId: string; now: Date }) {
  return db.transaction(async (tx) => {
    const [released] = await tx
      .update(ratings)
      .set({ heldReason: null })
      .where(and(eq(ratings.id, params.ratingId), isNotNull(ratings.heldReason)))
      .returning({ createdByPhone: ratings.createdByPhone });
    if (!released) return false;
    if (released.createdByPhone) {
      await tx
        .update(notifications)
        .set({ status: 'pending', statusReason: null, nextAttemptAt: params.now })
        .where(and(eq(notifications.ratingId, params.ratingId), eq(notifications.status, 'held')));
    }
    return true;
  });
}

/**
 * Ratings no proven phone ever stood behind are deleted after a while (DESIGN.md section 5). Their scores
 * and held texts go with them (foreign keys cascade). Returns how many were deleted.
 */
export async function deleteUnclaimedRatingsBefore(db: Executor, cutoff: Date) {
  const deleted = await db
    .delete(ratings)
    .where(and(isNull(ratings.createdByPhone), lt(ratings.createdAt, cutoff)))
    .returning({ id: ratings.id });
  return deleted.length;
}

export type RatingSubmissionStep = 'rating' | 'scores' | 'notification';

/**
 * Which step of `saveRatingSubmission` an error came from: a row a trigger skipped names its step (SQLSTATE
 * XR001, step in DETAIL); any other error, the outermost statement of its context (the function's own insert).
 */
export function ratingSubmissionStep(
  error: Error & { code?: unknown; detail?: unknown; where?: unknown },
): RatingSubmissionStep {
  if (error.code === 'XR001') return error.detail === 'notification' ? 'notification' : 'rating';
  const context = typeof error.where === 'string' ? error.where : '';
  const statements = [...context.matchAll(/SQL statement "\s*INSERT INTO "?(\w+)"?/gi)];
  const table = statements.at(-1)?.[1];
  if (table === 'rating_scores') return 'scores';
  if (table === 'notifications') return 'notification';
  return 'rating';
}
