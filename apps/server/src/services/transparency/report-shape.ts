// The public report's shape, apart from how it is built: the app's services hold a cache of it.
import type { DecisionOutcome, DecisionReason, NoticeReason } from '@exrated/db/schema';
import type { Figure } from './publication';

/**
 * What a decision was about, as the public report groups it: a held rating by what held it (a screening rule,
 * the number's daily ceiling, the author's record of removed ratings), a notice, an appeal.
 */
export const DECIDED_ITEMS = [
  'held_by_screening',
  'held_by_daily_limit',
  'held_by_author_record',
  'notice',
  'appeal',
] as const;
export type DecidedItem = (typeof DECIDED_ITEMS)[number];

/** One closed month as published: every figure from MINIMUM_COUNT items, else null (publication.ts). */
export interface PublishedMonth {
  /** 'YYYY-MM', UTC. */
  month: string;
  periodStart: Date;
  /** The first instant after the month. */
  periodEnd: Date;
  /** When the month's figures were published, final: an hour after its end (publication.ts, SETTLE_MS). */
  publishedAt: Date;
  notices: { total: Figure; byReason: Record<NoticeReason, Figure> };
  decisions: {
    total: Figure;
    byOutcome: Record<DecisionOutcome, Figure>;
    byReason: Record<DecisionReason, Figure>;
    byItem: Record<DecidedItem, Figure>;
  };
  /** Appeals filed in the month, and the month's decisions on appeals by outcome ('keep' restores a rating). */
  appeals: { filed: Figure; decidedByOutcome: Record<DecisionOutcome, Figure> };
  /** Median time from entering the queue to the decision over the month's decisions. */
  medianSecondsToDecision: Figure;
}

export interface TransparencyReport {
  /**
   * When the newest month was published. Not the moment an instance computed the report: that would tell a
   * reader when somebody else first asked for it.
   */
  publishedAt: Date;
  minimumCount: number;
  /** The closed months, newest first. */
  months: PublishedMonth[];
  labels: { outcomes: Record<DecisionOutcome, string>; reasons: Record<DecisionReason, string> };
}
