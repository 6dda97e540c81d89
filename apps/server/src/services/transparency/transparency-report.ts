import type { Executor } from '@exrated/db';
import {
  countAppealsByMonth,
  countDecisionsByMonth,
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
  type QueueItemKind,
} from '@exrated/db/schema';
import type { Context } from '../../context';
import { DAILY_CEILING_HOLD } from '../moderation/author-holds';
import { DECISION_OUTCOME_LABELS, DECISION_REASON_LABELS } from '../moderation/decision-reasons';
import { REPEAT_OFFENDER_HOLD } from '../moderation/repeat-offenders';
import {
  MINIMUM_COUNT,
  type Period,
  publishCount,
  publishedPeriods,
  publishedRange,
  publishMedianSeconds,
  publishParts,
  SETTLE_MS,
} from './publication';
import {
  DECIDED_ITEMS,
  type DecidedItem,
  type PublishedMonth,
  type TransparencyReport,
} from './report-shape';

/** A month's counts as the records hold them, before anything is withheld. */
interface MonthCounts {
  notices: Record<NoticeReason, number>;
  outcomes: Record<DecisionOutcome, number>;
  reasons: Record<DecisionReason, number>;
  items: Record<DecidedItem, number>;
  appealsFiled: number;
  appealOutcomes: Record<DecisionOutcome, number>;
  medianSeconds: number | null;
}

const zeroes = <Key extends string>(keys: readonly Key[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<Key, number>;

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((total, n) => total + n, 0);

function emptyCounts(): MonthCounts {
  return {
    notices: zeroes(NOTICE_REASONS),
    outcomes: zeroes(DECISION_OUTCOMES),
    reasons: zeroes(DECISION_REASONS),
    items: zeroes(DECIDED_ITEMS),
    appealsFiled: 0,
    appealOutcomes: zeroes(DECISION_OUTCOMES),
    medianSeconds: null,
  };
}

function decidedItemOf(kind: QueueItemKind, trigger: string): DecidedItem {
  if (kind === 'notice' || kind === 'appeal') return kind;
  if (trigger === DAILY_CEILING_HOLD) return 'held_by_daily_limit';
  if (trigger === REPEAT_OFFENDER_HOLD) return 'held_by_author_record';
  return 'held_by_screening';
}

function publishMonth(period: Period, counts: MonthCounts): PublishedMonth {
  const decisions = sum(counts.outcomes);
  return {
    month: period.month,
    periodStart: period.start,
    periodEnd: period.end,
    publishedAt: period.publishedAt,
    notices: { total: publishCount(sum(counts.notices)), byReason: publishParts(counts.notices) },
    decisions: {
      total: publishCount(decisions),
      byOutcome: publishParts(counts.outcomes),
      byReason: publishParts(counts.reasons),
      byItem: publishParts(counts.items),
    },
    appeals: {
      filed: publishCount(counts.appealsFiled),
      decidedByOutcome: publishParts(counts.appealOutcomes),
    },
    medianSecondsToDecision: publishMedianSeconds(counts.medianSeconds, decisions),
  };
}

async function computeReport(db: Executor, now: Date): Promise<TransparencyReport> {
  const periods = publishedPeriods(now);
  const range = publishedRange(now);
  const byMonth = new Map(periods.map((period) => [period.month, emptyCounts()]));
  const [notices, decisions, medians, appeals] = await Promise.all([
    countNoticesByMonth(db, range),
    countDecisionsByMonth(db, range),
    medianDecisionSecondsByMonth(db, range),
    countAppealsByMonth(db, range),
  ]);
  for (const row of notices) {
    const month = byMonth.get(row.month);
    if (month) month.notices[row.reason] += row.count;
  }
  for (const row of decisions) {
    const month = byMonth.get(row.month);
    if (!month) continue;
    month.outcomes[row.outcome] += row.count;
    month.reasons[row.reason] += row.count;
    month.items[decidedItemOf(row.kind, row.trigger)] += row.count;
    if (row.kind === 'appeal') month.appealOutcomes[row.outcome] += row.count;
  }
  for (const row of medians) {
    const month = byMonth.get(row.month);
    if (month) month.medianSeconds = row.seconds;
  }
  for (const row of appeals) {
    const month = byMonth.get(row.month);
    if (month) month.appealsFiled += row.count;
  }
  return {
    publishedAt: new Date(range.until.getTime() + SETTLE_MS),
    minimumCount: MINIMUM_COUNT,
    months: periods.map((period) => publishMonth(period, byMonth.get(period.month) ?? emptyCounts())),
    labels: { outcomes: DECISION_OUTCOME_LABELS, reasons: DECISION_REASON_LABELS },
  };
}

/**
 * `transparency.report`, the public /transparency page (docs/trust-and-safety.md#transparency): per closed
 * UTC month, notices by reason, decisions by outcome, reason and what was decided, appeals and their outcomes,
 * and the median time to a decision, each figure only from MINIMUM_COUNT items. Built once per period
 * (report-cache.ts) from the moderation records.
 */
export function buildTransparencyReport(ctx: Context): Promise<TransparencyReport> {
  const now = ctx.now();
  const period = publishedRange(now).until.toISOString();
  return ctx.transparencyReports.get(period, () => computeReport(ctx.db, now));
}
