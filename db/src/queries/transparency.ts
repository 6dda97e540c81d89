import { and, count, gte, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import { moderationDecisions, notices, ratingAppeals, ratings } from '../schema';
import { heldForModeration } from './moderation';

// UTC calendar month of a timestamp, 'YYYY-MM'.
const monthOf = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;

/**
 * The public transparency report's figures since `since` (docs/trust-and-safety.md#notices), per UTC month.
 * Counts only: no reference, phone, text or id leaves these queries.
 */
export async function countNoticesByMonth(db: Executor, params: { since: Date }) {
  const month = monthOf(notices.createdAt);
  return db
    .select({ month, reason: notices.reason, count: count() })
    .from(notices)
    .where(gte(notices.createdAt, params.since))
    .groupBy(month, notices.reason);
}

export async function countDecisionsByMonth(db: Executor, params: { since: Date }) {
  const month = monthOf(moderationDecisions.decidedAt);
  // Held ratings are counted by the rule that held them: screening rules share the 'screening:' prefix.
  const trigger = sql<string>`case when ${moderationDecisions.kind} = 'held_rating' then ${moderationDecisions.trigger} else '' end`;
  return db
    .select({
      month,
      kind: moderationDecisions.kind,
      outcome: moderationDecisions.outcome,
      reason: moderationDecisions.reason,
      trigger,
      count: count(),
    })
    .from(moderationDecisions)
    .where(gte(moderationDecisions.decidedAt, params.since))
    .groupBy(
      month,
      moderationDecisions.kind,
      moderationDecisions.outcome,
      moderationDecisions.reason,
      trigger,
    );
}

export async function medianDecisionSecondsByMonth(db: Executor, params: { since: Date }) {
  const month = monthOf(moderationDecisions.decidedAt);
  return db
    .select({
      month,
      seconds:
        sql<number>`percentile_cont(0.5) within group (order by extract(epoch from ${moderationDecisions.decidedAt} - ${moderationDecisions.queuedAt}))`.mapWith(
          Number,
        ),
    })
    .from(moderationDecisions)
    .where(gte(moderationDecisions.decidedAt, params.since))
    .groupBy(month);
}

/** Ratings still held for moderation, by the month they were written and the rule that holds them. */
export async function countHeldRatingsByMonth(db: Executor, params: { since: Date }) {
  const month = monthOf(ratings.createdAt);
  return db
    .select({ month, rule: sql<string>`${ratings.heldReason}`, count: count() })
    .from(ratings)
    .where(and(heldForModeration(), gte(ratings.createdAt, params.since)))
    .groupBy(month, ratings.heldReason);
}

export async function countAppealsByMonth(db: Executor, params: { since: Date }) {
  const month = monthOf(ratingAppeals.createdAt);
  return db
    .select({ month, count: count() })
    .from(ratingAppeals)
    .where(gte(ratingAppeals.createdAt, params.since))
    .groupBy(month);
}
