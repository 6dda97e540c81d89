import { and, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import { type NotificationStatus, notifications, type RelationshipType, ratings } from '../schema';
import { preparedPerExecutor } from './prepared';
import { authoredBy, type RatingAuthor, unclaimedOfDevice } from './rating-authors';

/**
 * docs/architecture.md: ratings given = ratings created by the proven phone, plus this device's ratings that
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

/**
 * Without a proven phone, the count is of the ratings the tab claims (docs/security.md#sessions): none
 * claimed, no query.
 */
export async function countRatingsGiven(db: Executor, author: RatingAuthor) {
  if (author.provenPhone !== null) {
    const [row] = await ratingsGiven(db).execute(author);
    return row?.value ?? 0;
  }
  if (author.claimedRatingIds.length === 0) return 0;
  const [row] = await db
    .select({ value: sql`count(*)`.mapWith(Number) })
    .from(ratings)
    .where(authoredBy(author));
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
  /**
   * Before a proof, the ratings the tab holds claims of: only those count as the same rater's (null for a
   * proven phone, whose ratings are its own wherever they were given).
   */
  claimed: readonly string[] | null;
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
  /** When the rating reaches its subject, if it stands now (docs/anonymity.md). */
  releaseAt: Date;
}

export type RatingSubmissionOutcome =
  | { saved: false; previousRatingAt: Date }
  | {
      saved: true;
      notificationStatus: Extract<NotificationStatus, 'pending' | 'held' | 'suppressed'>;
      notificationReason: string | null;
      ratingsGiven: number;
      /** Why the rating waits for moderation, or null. */
      heldReason: string | null;
      /** 'do_not_rate' when the number asked not to be rated: saved, and never reaches its subject. */
      withheld: 'do_not_rate' | null;
    };

/**
 * The one statement of rating.submit, its values as named placeholders. Exported for the bench, whose bare
 * baseline of rating.submit sends this very text, so the baseline follows the function's signature.
 */
export function submitRatingQuery(db: Executor) {
  const value = (name: string) => sql.placeholder(name);
  return db
    .select({
      previousRatingAt: sql`previous_rating_at`.mapWith(ratings.createdAt),
      notificationStatus: sql`notification_status`.mapWith(notifications.status),
      notificationReason: sql`notification_reason`.mapWith(notifications.statusReason),
      ratingsGiven: sql`rater_ratings_given`.mapWith(Number),
      heldReason: sql<string | null>`held_reason`,
      withheld: sql<string | null>`withheld`,
    })
    .from(
      sql`submit_rating(${value('id')}::uuid, ${value('name')}::text, ${value('relationshipType')}::text,
        ${value('phoneNumber')}::text, ${value('testimonial')}::text, ${value('gratitude')}::text,
        ${value('selfReflection')}::text, ${value('feedback')}::text, ${value('createdByPhone')}::text,
        ${value('deviceSessionId')}::uuid, ${value('createdAt')}::timestamptz, ${value('scores')}::jsonb,
        ${value('repeatSince')}::timestamptz, ${value('notificationId')}::uuid, ${value('message')}::text,
        ${value('suppressedReason')}::text, ${value('heldReason')}::text, ${value('daySince')}::timestamptz,
        ${value('dailyCeiling')}::integer, ${value('releaseAt')}::timestamptz, ${value('claimed')}::uuid[])`,
    );
}

const submitRating = preparedPerExecutor((db) => submitRatingQuery(db).prepare('submit_rating'));

/**
 * rating.submit's writes in ONE round trip (migration 0014, `submit_rating`): under a lock on the recipient,
 * the repeat check and the daily ceiling, then the rating, its scores and its notification (suppressed when
 * the number opted out, held while no proven phone stands behind the rating or it waits for moderation), and,
 * for a rating that stands, `stand_rating` ('Do not rate me', the release time as the text's due time), all
 * or nothing. A failing step raises; `ratingSubmissionStep` tells which.
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
    releaseAt: submission.releaseAt.toISOString(),
    claimed: submission.claimed ? `{${submission.claimed.join(',')}}` : null,
  });
  if (!row) throw new Error('submit_rating returned no row');
  if (row.withheld !== null && row.withheld !== 'do_not_rate') {
    throw new Error(`submit_rating returned the withholding ${row.withheld}`);
  }
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
    withheld: row.withheld,
  };
}

/**
 * A moderator approves a held rating, or upholds an appeal: its hold and hiding end. Returns the recipient
 * and whether a proven phone stands behind it (then it stands now: `standRatingAt`), or null when it is gone.
 */
export async function endModerationHold(db: Executor, ratingId: string) {
  const [cleared] = await db
    .update(ratings)
    .set({ heldReason: null, hiddenAt: null })
    .where(eq(ratings.id, ratingId))
    .returning({ phoneNumber: ratings.phoneNumber, createdByPhone: ratings.createdByPhone });
  return cleared ?? null;
}

/**
 * A rating comes to stand (migration 0014, `stand_rating`): under the recipient's lock, withheld when the
 * number asked not to be rated, else shown, counted and texted from `releaseAt`. Returns 'released',
 * 'do_not_rate', or null when the rating is gone.
 */
export async function standRatingAt(db: Executor, params: { ratingId: string; releaseAt: Date }) {
  const [row] = await db
    .select({ stood: sql<string | null>`stood` })
    .from(
      sql`stand_rating(${params.ratingId}::uuid, ${params.releaseAt.toISOString()}::timestamptz) as stood`,
    );
  const stood = row?.stood ?? null;
  if (stood !== null && stood !== 'released' && stood !== 'do_not_rate') {
    throw new Error(`stand_rating returned ${stood}`);
  }
  return stood;
}

/**
 * The recipients of the ratings a device gave since `claimSince` before it proved a phone (the ones the proof
 * claims): their release times are drawn first.
 */
export async function listUnclaimedRatingRecipients(
  db: Executor,
  params: { deviceSessionId: string; claimSince: Date },
) {
  return unclaimedRatingRecipients(db).execute({
    deviceSessionId: params.deviceSessionId,
    claimSince: params.claimSince.toISOString(),
  });
}

// Prepared: every proof runs it, most often to find nothing.
const unclaimedRatingRecipients = preparedPerExecutor((db) =>
  db
    .select({ id: ratings.id, phoneNumber: ratings.phoneNumber })
    .from(ratings)
    .where(
      and(
        unclaimedOfDevice(sql.placeholder('deviceSessionId')),
        gte(ratings.createdAt, sql`${sql.placeholder('claimSince')}::timestamptz`),
      ),
    )
    .prepare('unclaimed_rating_recipients'),
);

/**
 * 'Do not rate me' turned on (in the transaction that holds the recipient's lock): ratings that stand but
 * have not reached the number yet are withheld as a new one would be, and their texts suppressed. Both
 * statements run whether or not any rating waits, so the switch takes the same work either way
 * (docs/anonymity.md#non-interference). Returns how many were withheld.
 */
export async function withholdWaitingRatings(db: Executor, params: { phone: string; now: Date }) {
  const withheld = await db
    .update(ratings)
    .set({ releaseAt: null, withheldReason: 'do_not_rate' })
    .where(and(eq(ratings.phoneNumber, params.phone), gt(ratings.releaseAt, params.now)))
    .returning({ id: ratings.id });
  const withheldOfNumber = db
    .select({ id: ratings.id })
    .from(ratings)
    .where(and(eq(ratings.phoneNumber, params.phone), eq(ratings.withheldReason, 'do_not_rate')));
  await db
    .update(notifications)
    .set({ status: 'suppressed', statusReason: 'do_not_rate' })
    .where(
      and(
        inArray(notifications.ratingId, withheldOfNumber),
        inArray(notifications.status, ['pending', 'held']),
      ),
    );
  return withheld.length;
}

/**
 * Ratings no proven phone ever stood behind are deleted after a while (docs/trust-and-safety.md). Their scores
 * and held texts go with them (foreign keys cascade). Returns how many were deleted.
 */
export async function deleteUnclaimedRatingsBefore(db: Executor, cutoff: Date, limit: number) {
  const unclaimed = db
    .select({ id: ratings.id })
    .from(ratings)
    .where(and(isNull(ratings.createdByPhone), lt(ratings.createdAt, cutoff)))
    .limit(limit);
  const deleted = await db
    .delete(ratings)
    .where(inArray(ratings.id, unclaimed))
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

/**
 * Rating texts waiting for their release time (docs/anonymity.md): pending, never tried, due later than
 * `now`. Not a backlog: the dispatcher claims them when they fall due. How many, the oldest one's creation
 * and the next release.
 */
export async function summarizeWaitingTexts(db: Executor, now: Date) {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)`.mapWith(Number),
      oldestCreatedAt: sql<Date | null>`min(${notifications.createdAt})`.mapWith((value) =>
        value === null ? null : new Date(value),
      ),
      nextReleaseAt: sql<Date | null>`min(${notifications.nextAttemptAt})`.mapWith((value) =>
        value === null ? null : new Date(value),
      ),
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.status, 'pending'),
        eq(notifications.attempts, 0),
        gt(notifications.nextAttemptAt, now),
      ),
    );
  return {
    waiting: row?.waiting ?? 0,
    oldestCreatedAt: row?.oldestCreatedAt ?? null,
    nextReleaseAt: row?.nextReleaseAt ?? null,
  };
}

/** The texts waiting for their release time, soonest first, with their recipient (the local dev outbox). */
export async function listWaitingTexts(db: Executor, params: { now: Date; limit: number }) {
  return db
    .select({ id: notifications.id, to: ratings.phoneNumber, dueAt: notifications.nextAttemptAt })
    .from(notifications)
    .innerJoin(ratings, eq(ratings.id, notifications.ratingId))
    .where(
      and(
        eq(notifications.status, 'pending'),
        eq(notifications.attempts, 0),
        gt(notifications.nextAttemptAt, params.now),
      ),
    )
    .orderBy(notifications.nextAttemptAt)
    .limit(params.limit);
}

/**
 * Before a proof settles what its browser gave unproven since `claimSince`: the ratings whose claims the
 * proving tab did not present (`keep`) go to a session row of their own, anonymous and held by no cookie
 * (`tokenHash` is of bytes nobody keeps), so the proof neither claims nor exports them: they are an earlier
 * visitor's of a shared browser (docs/security.md#sessions). One statement whether or not any rating waits.
 */
export async function setAsideUnpresentedRatings(
  db: Executor,
  params: { deviceSessionId: string; claimSince: Date; keep: readonly string[]; tokenHash: string },
) {
  await db.execute(sql`
    with candidates as (
      select r.id from ${ratings} r
      where r.device_session_id = ${params.deviceSessionId} and r.created_by_phone is null
        and r.created_at >= ${params.claimSince.toISOString()}::timestamptz
        and not (r.id::text = any(${`{${params.keep.join(',')}}`}::text[]))
    ), earlier as (
      insert into device_sessions (token_hash, expires_at)
      select ${params.tokenHash}, d.expires_at from device_sessions d
      where d.id = ${params.deviceSessionId} and exists (select 1 from candidates)
      returning id
    )
    update ${ratings} set device_session_id = (select id from earlier)
    where id in (select id from candidates)`);
}
