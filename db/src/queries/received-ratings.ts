import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import { ratingScores, ratings } from '../schema';

export interface ReceivedRatingScore {
  questionId: number;
  score: number;
}

/**
 * The ratings a phone received, newest first, with their scores, in one round trip. Hidden ratings are left
 * out (DESIGN.md section 5), and nothing about the rater (created_by_phone, device session) is selected: this
 * is what the rated person reads, and raters stay anonymous (spec section 1).
 *
 * The scores come from a correlated subquery rather than a join + GROUP BY so the outer scan stays an index
 * scan of ratings(phone_number, created_at desc) that already yields the order; each subquery is a lookup on
 * the rating_scores primary key.
 */
// Returns the query itself (awaitable like any other), so its plan can be inspected in tests.
export function listReceivedRatings(db: Executor, params: { phone: string }) {
  const scores = sql<ReceivedRatingScore[]>`(
    select coalesce(
      json_agg(json_build_object('questionId', s.question_id, 'score', s.score) order by s.question_id),
      '[]'::json
    )
    from ${ratingScores} s
    where s.rating_id = ${ratings.id}
  )`;
  return db
    .select({
      id: ratings.id,
      name: ratings.name,
      relationshipType: ratings.relationshipType,
      testimonial: ratings.testimonial,
      gratitude: ratings.gratitude,
      selfReflection: ratings.selfReflection,
      feedback: ratings.feedback,
      createdAt: ratings.createdAt,
      scores,
    })
    .from(ratings)
    .where(and(eq(ratings.phoneNumber, params.phone), isNull(ratings.hiddenAt)))
    .orderBy(desc(ratings.createdAt), desc(ratings.id));
}

export type ReceivedRating = Awaited<ReturnType<typeof listReceivedRatings>>[number];
