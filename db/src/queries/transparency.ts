/**
 * The public transparency report's counts over a range (docs/trust-and-safety.md#transparency), per UTC
 * month. Counts only: no reference, phone, text or id leaves these queries. The report asks for closed months
 * only, so no live count is ever read here.
 */
import { and, type Column, count, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import { moderationDecisions, notices, ratingAppeals } from '../schema';

// UTC calendar month of a timestamp, 'YYYY-MM'.
const monthOf = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;

/** From `since` up to, not including, `until`. */
export interface ReportRange {
  since: Date;
  until: Date;
}

const within = (column: Column, range: ReportRange) => and(gte(column, range.since), lt(column, range.until));

export async function countNoticesByMonth(db: Executor, range: ReportRange) {
  const month = monthOf(notices.createdAt);
  return db
    .select({ month, reason: notices.reason, count: count() })
    .from(notices)
    .where(within(notices.createdAt, range))
    .groupBy(month, notices.reason);
}

export async function countDecisionsByMonth(db: Executor, range: ReportRange) {
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
    .where(within(moderationDecisions.decidedAt, range))
    .groupBy(
      month,
      moderationDecisions.kind,
      moderationDecisions.outcome,
      moderationDecisions.reason,
      trigger,
    );
}

export async function medianDecisionSecondsByMonth(db: Executor, range: ReportRange) {
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
    .where(within(moderationDecisions.decidedAt, range))
    .groupBy(month);
}

export async function countAppealsByMonth(db: Executor, range: ReportRange) {
  const month = monthOf(ratingAppeals.createdAt);
  return db
    .select({ month, count: count() })
    .from(ratingAppeals)
    .where(within(ratingAppeals.createdAt, range))
    .groupBy(month);
}
