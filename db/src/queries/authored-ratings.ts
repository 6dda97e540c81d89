import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import {
  type DecisionOutcome,
  type DecisionReason,
  moderationDecisions,
  ratingAppeals,
  ratings,
} from '../schema';
import { authoredBy, type RatingAuthor } from './rating-authors';

// The author's side of moderation (docs/trust-and-safety.md#decisions): their own ratings with where each
// stands, and their one appeal.

/** Files the author's one appeal; null when the rating already has one. */
export async function insertAppeal(
  db: Executor,
  params: {
    ratingId: string;
    authorPhone: string;
    authorSessionId: string;
    text: string | null;
    createdAt: Date;
  },
) {
  const [row] = await db
    .insert(ratingAppeals)
    .values(params)
    .onConflictDoNothing({ target: ratingAppeals.ratingId })
    .returning({ id: ratingAppeals.id, createdAt: ratingAppeals.createdAt });
  return row ?? null;
}

/** A rating of this author, locked for an appeal; null when it is not theirs (or does not exist). */
export async function lockAuthoredRating(db: Executor, author: RatingAuthor, ratingId: string) {
  const [row] = await db
    .select({
      id: ratings.id,
      heldReason: ratings.heldReason,
      hiddenAt: ratings.hiddenAt,
      appealed: sql<boolean>`exists (select 1 from ${ratingAppeals} a where a.rating_id = ${ratings}.id)`,
    })
    .from(ratings)
    .where(and(eq(ratings.id, ratingId), authoredBy(author)))
    .for('update');
  return row ?? null;
}

// Correlated lookups spelled with table names: Drizzle leaves columns of a one-table select unqualified. A
// keep is the author's to see only when the item came from them: their text or record held it, or they
// appealed. A keep that ended a daily-ceiling hold would say that others' ratings had reached the number, and
// one that answered a notice that somebody reported the rating (docs/anonymity.md#non-interference); a hide
// or a delete shows in the rating itself, so its decision is shown whatever brought it.
const latestDecision = sql<{
  outcome: DecisionOutcome;
  reason: DecisionReason;
  note: string;
  decidedAt: string;
} | null>`(
  select json_build_object('outcome', d.outcome, 'reason', d.reason, 'note', d.note, 'decidedAt', d.decided_at)
  from ${moderationDecisions} d where d.rating_id = "ratings"."id"
    and not (d.outcome = 'keep' and (d.trigger = 'daily_ceiling' or d.kind = 'notice'))
  order by d.decided_at desc limit 1
)`;
const appealOfRating = sql<{ status: 'open' | 'decided'; filedAt: string } | null>`(
  select json_build_object('status', a.status, 'filedAt', a.created_at)
  from ${ratingAppeals} a where a.rating_id = "ratings"."id"
)`;

/**
 * `profile.ratingsGiven`: the author's own ratings, newest first, with their state (hidden, held and why),
 * the latest decision on each and their appeal. Nothing of the rated person beyond what the author typed.
 */
export async function listAuthoredRatings(db: Executor, author: RatingAuthor, limit: number) {
  return db
    .select({
      id: ratings.id,
      name: ratings.name,
      relationshipType: ratings.relationshipType,
      testimonial: ratings.testimonial,
      createdAt: ratings.createdAt,
      hiddenAt: ratings.hiddenAt,
      heldReason: ratings.heldReason,
      /** A proven phone stands behind it (otherwise it waits for its author to prove one). */
      claimed: sql<boolean>`"ratings"."created_by_phone" is not null`,
      decision: latestDecision,
      appeal: appealOfRating,
    })
    .from(ratings)
    .where(authoredBy(author))
    .orderBy(desc(ratings.createdAt), desc(ratings.id))
    .limit(limit);
}
