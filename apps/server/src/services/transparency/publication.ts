/**
 * What the public transparency report may show (docs/trust-and-safety.md#transparency): figures of closed
 * UTC calendar months only, each from MINIMUM_COUNT items. A live count, or a figure over a handful of items,
 * moves with one person's rating, report or decision and so tells a reader what somebody else did and when.
 */

/** The fewest items a published figure may count; the report carries it so the page states it. */
export const MINIMUM_COUNT = 10;

/** How many closed months the report covers. */
export const PUBLISHED_MONTHS = 12;

/**
 * How long after a month ends its figures are published. A row's time is taken before its transaction
 * commits (a decision, a notice), so one stamped just before the month's end can land just after it; waiting
 * this long means a month's figures never change once shown.
 */
export const SETTLE_MS = 3_600_000;

/** One published period: a UTC calendar month, from `start` up to (not including) `end`. */
export interface Period {
  /** 'YYYY-MM', UTC. */
  month: string;
  start: Date;
  end: Date;
  /** `end` plus SETTLE_MS: from then on its figures are final, whenever an instance happens to compute them. */
  publishedAt: Date;
}

/** A published count: the count itself from MINIMUM_COUNT, else null ('fewer than 10', never the value). */
export type Figure = number | null;

/** The first instant of the UTC month `monthsBack` months before the newest month begun `SETTLE_MS` ago. */
function settledMonthStart(now: Date, monthsBack: number): Date {
  const settled = new Date(now.getTime() - SETTLE_MS);
  return new Date(Date.UTC(settled.getUTCFullYear(), settled.getUTCMonth() - monthsBack, 1));
}

/** The months the report publishes at `now`, newest first: closed, settled, never the month under way. */
export function publishedPeriods(now: Date): Period[] {
  return Array.from({ length: PUBLISHED_MONTHS }, (_, index) => {
    const start = settledMonthStart(now, index + 1);
    const end = settledMonthStart(now, index);
    return {
      month: start.toISOString().slice(0, 7),
      start,
      end,
      publishedAt: new Date(end.getTime() + SETTLE_MS),
    };
  });
}

/** What the published months span: from the oldest one's start up to the newest one's end. */
export function publishedRange(now: Date): { since: Date; until: Date } {
  return { since: settledMonthStart(now, PUBLISHED_MONTHS), until: settledMonthStart(now, 0) };
}

export function publishCount(count: number): Figure {
  return count >= MINIMUM_COUNT ? count : null;
}

/**
 * The parts of a total as published. A part under MINIMUM_COUNT is withheld, and so are further parts, the
 * smallest first, until the withheld ones add up to MINIMUM_COUNT or all are withheld: otherwise the total
 * minus the parts shown would give a withheld part away (a 3, or the zeroes beside one part that holds all).
 */
export function publishParts<Key extends string>(parts: Record<Key, number>): Record<Key, Figure> {
  const entries = (Object.entries(parts) as Array<[Key, number]>).sort((a, b) => a[1] - b[1]);
  const withheld = new Set<Key>();
  let withheldSum = 0;
  for (const [key, count] of entries) {
    if (count >= MINIMUM_COUNT) continue;
    withheld.add(key);
    withheldSum += count;
  }
  for (const [key, count] of entries) {
    if (withheld.size === 0 || withheldSum >= MINIMUM_COUNT) break;
    if (withheld.has(key)) continue;
    withheld.add(key);
    withheldSum += count;
  }
  return Object.fromEntries(
    (Object.entries(parts) as Array<[Key, number]>).map(([key, count]) => [
      key,
      withheld.has(key) ? null : count,
    ]),
  ) as Record<Key, Figure>;
}

/**
 * The median time to a decision as published: only over MINIMUM_COUNT decisions or more (the median of one
 * is that decision's wait, and the decision's time minus it its submission time), in whole minutes, as the
 * page shows it.
 */
export function publishMedianSeconds(seconds: number | null, decisions: number): Figure {
  if (seconds === null || decisions < MINIMUM_COUNT) return null;
  return Math.floor(seconds / 60) * 60;
}
