import { describe, expect, it } from 'vitest';
import { ReportCache } from '../src/services/transparency/report-cache';
import { HttpBrowser, UNCAPPED_LIMITS_ENV } from './support/test-app';
import { frozenClock } from './support/test-clock';
import { useTrustFlows } from './support/trust-flows';

/**
 * The public transparency report over HTTP (docs/trust-and-safety.md#transparency): figures of closed UTC
 * months only, each published from 10 items, so nothing a person reads on it moves with what somebody else
 * did today, and no figure stands for one rating. The app's clock stands still and the tests move it across
 * month ends, starting five months back: rows the database stamps itself (staff sessions) are then never
 * older than the app's now, so no session looks idle after a move.
 */

const clock = frozenClock();
const { t, flows } = useTrustFlows('415557', { env: UNCAPPED_LIMITS_ENV, overrides: { now: clock.now } });

const THREAT = "I know where you live and I'll make you pay";
const HOUR_MS = 3600_000;

type Figure = number | null;

interface PublishedMonth {
  month: string;
  periodStart: string;
  periodEnd: string;
  publishedAt: string;
  notices: { total: Figure; byReason: Record<string, Figure> };
  decisions: {
    total: Figure;
    byOutcome: Record<string, Figure>;
    byReason: Record<string, Figure>;
    byItem: Record<string, Figure>;
  };
  appeals: { filed: Figure; decidedByOutcome: Record<string, Figure> };
  medianSecondsToDecision: Figure;
}

interface Report {
  publishedAt: string;
  minimumCount: number;
  months: PublishedMonth[];
}

/** Moves the app's clock to `day` of the UTC month `monthsAhead` after the clock's month, at `hour`:00. */
function moveTo(monthsAhead: number, day: number, hour = 12) {
  const current = clock.now();
  const target = Date.UTC(current.getUTCFullYear(), current.getUTCMonth() + monthsAhead, day, hour);
  clock.advance(target - current.getTime());
  return new Date(target);
}

const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/** Forgets the report computed so far, as a restarted or another instance of the server would not have it. */
function anotherInstance() {
  t.app.services.transparencyReports = new ReportCache();
}

async function report(): Promise<Report> {
  const reply = await flows.query(new HttpBrowser(), 'transparency.report');
  expect(reply.error).toBeNull();
  return reply.data as Report;
}

/** A rating the screening holds for a moderator, submitted over HTTP by a new proven rater. */
async function heldRating() {
  return (await flows.rate(flows.newPhone(), { feedback: THREAT })).ratingId;
}

async function keep(admin: HttpBrowser, ratingId: string) {
  const reply = await flows.call(admin, 'admin.decide', {
    kind: 'held_rating',
    id: ratingId,
    outcome: 'keep',
    reason: 'within_terms',
  });
  expect(reply.error).toBeNull();
}

describe('transparency.report', () => {
  it('moves no public figure when a rating is held for review now', async () => {
    const now = moveTo(-5, 10);
    const before = await report();
    expect(before.months.map((month) => month.month)).not.toContain(monthOf(now));
    await heldRating();
    await heldRating();
    expect(await report()).toEqual(before);
    anotherInstance();
    expect(await report()).toEqual(before);
  });

  it("does not give away the wait of a month's first decision, then or once the month has closed", async () => {
    const decidedIn = moveTo(1, 12);
    const ratingId = await heldRating();
    const waitSeconds = 3 * 3600 + 17 * 60;
    clock.advance(waitSeconds * 1000);
    await keep(await flows.adminBrowser(), ratingId);

    const medians = (published: Report) => published.months.map((month) => month.medianSecondsToDecision);
    const open = await report();
    expect(open.months.map((month) => month.month)).not.toContain(monthOf(decidedIn));
    expect(medians(open)).not.toContain(waitSeconds);

    moveTo(1, 2);
    const closed = await report();
    const month = closed.months.find((entry) => entry.month === monthOf(decidedIn));
    expect(month).toMatchObject({
      decisions: { total: null, byItem: { held_by_screening: null } },
      medianSecondsToDecision: null,
    });
    expect(medians(closed)).not.toContain(waitSeconds);
  });

  it('publishes the figures of a closed month that count 10 or more, with the period and when they were published', async () => {
    const decidedIn = moveTo(1, 5);
    const admin = await flows.adminBrowser();
    const ratingIds: string[] = [];
    for (let index = 0; index < 10; index += 1) ratingIds.push(await heldRating());
    // Waits of 10, 20, ... 100 minutes: the median of ten is between the fifth and the sixth, 55 minutes.
    for (const ratingId of ratingIds) {
      clock.advance(10 * 60_000);
      await keep(admin, ratingId);
    }
    expect((await report()).months.map((entry) => entry.month)).not.toContain(monthOf(decidedIn));

    const firstAsked = moveTo(1, 1, 2);
    const published = await report();
    expect(published.minimumCount).toBe(10);
    // Published an hour after the month's end, whenever somebody first asks for the report.
    const publishedAt = new Date(firstAsked.getTime() - HOUR_MS).toISOString();
    expect(published.publishedAt).toBe(publishedAt);
    expect(published.months).toHaveLength(12);
    const [newest] = published.months;
    expect(newest).toMatchObject({
      month: monthOf(decidedIn),
      periodStart: new Date(Date.UTC(decidedIn.getUTCFullYear(), decidedIn.getUTCMonth(), 1)).toISOString(),
      periodEnd: new Date(Date.UTC(decidedIn.getUTCFullYear(), decidedIn.getUTCMonth() + 1, 1)).toISOString(),
      publishedAt,
      decisions: { total: 10 },
      medianSecondsToDecision: 55 * 60,
      notices: { total: null },
      appeals: { filed: null },
    });
    // Ten decisions of held ratings, all kept within the terms: each breakdown has one part above zero, so
    // its parts are withheld (the zeroes beside it would otherwise be read off the total).
    for (const parts of [newest?.decisions.byOutcome, newest?.decisions.byItem, newest?.decisions.byReason]) {
      expect(Object.values(parts ?? {})).not.toHaveLength(0);
      expect(Object.values(parts ?? {}).every((figure) => figure === null)).toBe(true);
    }

    const text = JSON.stringify(published);
    for (const secret of [...ratingIds, THREAT]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/\+\d{7,}/);

    // The month's figures stay as they were published: what happens later counts in a later month.
    await keep(await flows.adminBrowser(), await heldRating());
    clock.advance(HOUR_MS);
    expect((await report()).months[0]).toEqual(newest);
    anotherInstance();
    expect(await report()).toEqual(published);
  });
});
