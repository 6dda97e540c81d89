import {
  countAdminTotals,
  countRatingsPerDay,
  countSmsRepliesSince,
  countTextsSentSince,
  countVerificationsPerDay,
  summarizeClassifierCalls,
  summarizeModeration,
  summarizeSmsDelivery,
  summarizeWaitingTexts,
} from '@exrated/db/queries';
import type { Context } from '../../context';

/** The dashboard chart covers this many UTC days, today included. */
export const DASHBOARD_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DailyActivity {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  ratings: number;
  verifications: number;
}

/** The last `days` UTC days ending with the day of `now`, oldest first. */
export function utcDaysEnding(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) =>
    new Date(today - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** Joins the per-day counts onto every day of the window, so a quiet day shows as 0 rather than a gap. */
export function zeroFillDays(
  days: string[],
  ratings: Array<{ day: string; count: number }>,
  verifications: Array<{ day: string; count: number }>,
): DailyActivity[] {
  const ratingsByDay = new Map(ratings.map((row) => [row.day, row.count]));
  const verificationsByDay = new Map(verifications.map((row) => [row.day, row.count]));
  return days.map((day) => ({
    day,
    ratings: ratingsByDay.get(day) ?? 0,
    verifications: verificationsByDay.get(day) ?? 0,
  }));
}

export async function loadDashboard(ctx: Context) {
  const days = utcDaysEnding(ctx.now(), DASHBOARD_DAYS);
  const since = new Date(`${days[0]}T00:00:00.000Z`);
  const today = new Date(`${days.at(-1)}T00:00:00.000Z`);
  const [totals, ratings, verifications, textsToday, moderation, releases, delivery, replies, classifier] =
    await Promise.all([
      countAdminTotals(ctx.db),
      countRatingsPerDay(ctx.db, { since }),
      countVerificationsPerDay(ctx.db, { since }),
      countTextsSentSince(ctx.db, { since: today }),
      summarizeModeration(ctx.db, { since }),
      summarizeWaitingTexts(ctx.db, ctx.now()),
      summarizeSmsDelivery(ctx.db, since),
      countSmsRepliesSince(ctx.db, since),
      summarizeClassifierCalls(ctx.db, since),
    ]);
  return {
    totals,
    daily: zeroFillDays(days, ratings, verifications),
    textsToday,
    // The moderation queue's size, and the median time to a decision over the chart's days.
    moderation: {
      queueSize: moderation.heldRatings + moderation.openNotices + moderation.openAppeals,
      medianDecisionSeconds: moderation.medianDecisionSeconds,
    },
    // Rating texts waiting for their release time (docs/anonymity.md): expected, not a stuck outbox.
    releases,
    // What became of the texts over the chart's days, by kind, provider and country (docs/sms.md).
    delivery: { texts: delivery, replies },
    // What the screening classifier cost over the chart's days, beside the texts (docs/screening.md).
    classifier: classifierFigures(ctx.config.classifier.provider, classifier),
  };
}

export interface ClassifierFigures {
  /** The provider configured now ('off': the rules alone). */
  provider: string;
  calls: number;
  failed: number;
  timedOut: number;
  costUsd: number;
  /** Calls are one per rating the rules did not refuse, so this is the cost of screening one rating. */
  costPerRatingUsd: number;
}

/** The classifier's calls over the window, summed over providers, with the cost of one rating's call. */
export function classifierFigures(
  provider: string,
  rows: ReadonlyArray<{ outcome: string; calls: number; costUsd: number }>,
): ClassifierFigures {
  const sum = (pick: (row: (typeof rows)[number]) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  const calls = sum((row) => row.calls);
  const costUsd = sum((row) => row.costUsd);
  return {
    provider,
    calls,
    failed: sum((row) => (row.outcome === 'failed' ? row.calls : 0)),
    timedOut: sum((row) => (row.outcome === 'timed_out' ? row.calls : 0)),
    costUsd,
    costPerRatingUsd: calls === 0 ? 0 : costUsd / calls,
  };
}
