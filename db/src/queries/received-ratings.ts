import { and, eq, isNotNull, isNull, lte, type Placeholder, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import { notices, ratingScores, ratings } from '../schema';
import { preparedPerExecutor } from './prepared';
import { withDecodersResolvedOnce } from './row-decoding';

export interface ReceivedRatingScore {
  questionId: number;
  score: number;
}

/**
 * A rating's scores as a JSON list ordered by question, for a select over ratings: a correlated lookup on
 * the rating_scores primary key.
 */
export function scoresOfRating() {
  return sql<ReceivedRatingScore[]>`(
    select coalesce(
      json_agg(json_build_object('questionId', s.question_id, 'score', s.score) order by s.question_id),
      '[]'::json
    )
    from ${ratingScores} s
    where s.rating_id = ${ratings}.id
  )`;
}

/**
 * When a rating reaches its subject: its release time; a rating that stood before release times existed (or
 * was written without one, as tests and seeds do) reached them when it was made.
 */
export function releasedAt() {
  return sql<Date>`coalesce(${ratings.releaseAt}, ${ratings.createdAt})`;
}

/**
 * A rating the rated person may read and that counts in their score (docs/trust-and-safety.md): it stands,
 * is not withheld ('Do not rate me') and its release time has come (docs/anonymity.md). `now` is the app's
 * clock, the one that drew the release time (a placeholder in a prepared statement).
 */
export function standingRating(now: Date | Placeholder) {
  return and(
    isNull(ratings.hiddenAt),
    isNull(ratings.heldReason),
    isNotNull(ratings.createdByPhone),
    isNull(ratings.withheldReason),
    lte(releasedAt(), sql`${now instanceof Date ? now.toISOString() : now}::timestamptz`),
  );
}

/**
 * The ratings a phone received, with their scores, in one round trip. Only standing, released ratings:
 * hidden ones, held ones, those no proven phone stands behind yet and those whose release time has not come
 * are left out (docs/anonymity.md), and nothing about the rater (created_by_phone, device session, creation
 * time) is selected: this is what the rated person reads, and raters stay anonymous. The release time is for
 * the server's coarse date and order only; no response carries it.
 *
 * The scores come from a correlated subquery rather than a join + GROUP BY so the outer scan stays an index
 * scan of ratings(phone_number, created_at desc); each subquery is a lookup on the rating_scores primary key.
 */
// The query itself, with the phone or a placeholder for it, so that its plan can be inspected in tests.
export function receivedRatingsQuery(db: Executor, phone: string | Placeholder, now: Date | Placeholder) {
  const scores = scoresOfRating();
  // 'open' while the reader's own notice about the review awaits moderation (shown as 'Under review'). The
  // outer id is spelled out: Drizzle leaves columns of a one-table select unqualified, and a bare "id" here
  // would be the notice's own.
  const reportStatus = sql<'open' | null>`(
    select n.status from ${notices} n
    where n.rating_id = ${ratings}.id and n.reporter_phone = ${phone} and n.status = 'open' limit 1
  )`;
  return (
    db
      .select({
        id: ratings.id,
        name: ratings.name,
        relationshipType: ratings.relationshipType,
        testimonial: ratings.testimonial,
        gratitude: ratings.gratitude,
        selfReflection: ratings.selfReflection,
        feedback: ratings.feedback,
        releaseAt: releasedAt().mapWith(ratings.createdAt),
        scores,
        reportStatus,
      })
      .from(ratings)
      // No order here: the subject's order is the server's (coarse period, then a keyed order within it).
      .where(and(eq(ratings.phoneNumber, phone), standingRating(now)))
  );
}

const receivedRatings = preparedPerExecutor((db) =>
  withDecodersResolvedOnce(
    receivedRatingsQuery(db, sql.placeholder('phone'), sql.placeholder('now')).prepare('received_ratings'),
  ),
);

export function listReceivedRatings(db: Executor, params: { phone: string; now: Date }) {
  return receivedRatings(db).execute({ phone: params.phone, now: params.now.toISOString() });
}

export type ReceivedRating = Awaited<ReturnType<typeof listReceivedRatings>>[number];
