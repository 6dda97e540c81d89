import {
  countAppealsByMonth,
  countDecisionsByMonth,
  countHeldRatingsByMonth,
  countNoticesByMonth,
  medianDecisionSecondsByMonth,
} from '@exrated/db/queries';
import {
  DECISION_OUTCOMES,
  DECISION_REASONS,
  type DecisionOutcome,
  type DecisionReason,
  NOTICE_REASONS,
  type NoticeReason,
} from '@exrated/db/schema';
import type { Context } from '../../context';
import { DECISION_OUTCOME_LABELS, DECISION_REASON_LABELS } from '../moderation/decision-reasons';

/** The report covers this many UTC calendar months, the current one included. */
export const TRANSPARENCY_MONTHS = 12;

/** The rules that hold a rating, grouped as the public report shows them. */
export type HoldRule = 'screening' | 'daily_ceiling';

export interface TransparencyMonth {
  /** 'YYYY-MM', UTC. */
  month: string;
  notices: { total: number; byReason: Record<NoticeReason, number> };
  decisions: {
    total: number;
    byOutcome: Record<DecisionOutcome, number>;
    byReason: Record<DecisionReason, number>;
  };
  /** Ratings held for review: decided this month by rule, and still waiting (by the month written). */
  heldRatings: { decided: Record<HoldRule, number>; waiting: Record<HoldRule, number> };
  appeals: { filed: number; decided: Record<DecisionOutcome, number> };
  /** Median time from entering the queue to the decision, over this month's decisions; null without any. */
  medianSecondsToDecision: number | null;
}

const zeroes = <Key extends string>(keys: readonly Key[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<Key, number>;

function holdRuleOf(heldReason: string): HoldRule {
  return heldReason === 'daily_ceiling' ? 'daily_ceiling' : 'screening';
}

/** The first instant of the UTC month `monthsBack` months before the month of `now`. */
export function monthStart(now: Date, monthsBack: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));
}

function emptyMonth(month: string): TransparencyMonth {
  return {
    month,
    notices: { total: 0, byReason: zeroes(NOTICE_REASONS) },
    decisions: { total: 0, byOutcome: zeroes(DECISION_OUTCOMES), byReason: zeroes(DECISION_REASONS) },
    heldRatings: {
      decided: zeroes(['screening', 'daily_ceiling']),
      waiting: zeroes(['screening', 'daily_ceiling']),
    },
    appeals: { filed: 0, decided: zeroes(DECISION_OUTCOMES) },
    medianSecondsToDecision: null,
  };
}

/**
 * `transparency.report`, the public /transparency page (docs/trust-and-safety.md#notices): per month, notices
 * by reason, decisions by outcome and reason, ratings held by the screening or the daily ceiling, appeals and
 * their outcomes, and the median time to a decision. Counts only, built from the moderation records.
 */
export async function buildTransparencyReport(ctx: Context) {
  const now = ctx.now();
  const since = monthStart(now, TRANSPARENCY_MONTHS - 1);
  const months = Array.from({ length: TRANSPARENCY_MONTHS }, (_, index) =>
    emptyMonth(monthStart(now, index).toISOString().slice(0, 7)),
  );
  const byMonth = new Map(months.map((entry) => [entry.month, entry]));
  const [notices, decisions, medians, held, appeals] = await Promise.all([
    countNoticesByMonth(ctx.db, { since }),
    countDecisionsByMonth(ctx.db, { since }),
    medianDecisionSecondsByMonth(ctx.db, { since }),
    countHeldRatingsByMonth(ctx.db, { since }),
    countAppealsByMonth(ctx.db, { since }),
  ]);
  for (const row of notices) {
    const month = byMonth.get(row.month);
    if (!month) continue;
    month.notices.total += row.count;
    month.notices.byReason[row.reason] += row.count;
  }
  for (const row of decisions) {
    const month = byMonth.get(row.month);
    if (!month) continue;
    month.decisions.total += row.count;
    month.decisions.byOutcome[row.outcome] += row.count;
    month.decisions.byReason[row.reason] += row.count;
    if (row.kind === 'held_rating') month.heldRatings.decided[holdRuleOf(row.trigger)] += row.count;
    if (row.kind === 'appeal') month.appeals.decided[row.outcome] += row.count;
  }
  for (const row of medians) {
    const month = byMonth.get(row.month);
    if (month) month.medianSecondsToDecision = Math.round(row.seconds);
  }
  for (const row of held) {
    const month = byMonth.get(row.month);
    if (month) month.heldRatings.waiting[holdRuleOf(row.rule)] += row.count;
  }
  for (const row of appeals) {
    const month = byMonth.get(row.month);
    if (month) month.appeals.filed += row.count;
  }
  return {
    generatedAt: now,
    months,
    labels: { outcomes: DECISION_OUTCOME_LABELS, reasons: DECISION_REASON_LABELS },
  };
}
