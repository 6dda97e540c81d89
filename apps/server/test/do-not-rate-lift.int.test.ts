import { doNotRateLifts, ratings } from '@exrated/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ratingInput, type SubmitReply } from './support/rating-fixtures';
import { UNCAPPED_LIMITS_ENV } from './support/test-app';
import { useTrustFlows } from './support/trust-flows';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const MIN_DELAY = HOUR;
const LONGEST_DELAY = 13 * HOUR;

/**
 * 'Do not rate me' turned off (docs/anonymity.md#non-interference): ratings given while it was on never reach
 * the number, so a rating that reached it soon after the switch went off would tell its owner it was given
 * in the short time between. Ratings that come to stand after the switch reach the number no earlier than the
 * longest release delay after it, put off by whole days so their time of day stays the drawn one.
 */
const { t, flows } = useTrustFlows('303566', {
  env: {
    ...UNCAPPED_LIMITS_ENV,
    RELEASE_DELAY_MIN_MINUTES: String(MIN_DELAY / 60_000),
    RELEASE_DELAY_SPREAD_MINUTES: String((LONGEST_DELAY - MIN_DELAY) / 60_000),
    RELEASE_QUIET_HOURS: 'off',
  },
});

async function releaseAtOf(ratingId: string) {
  const [row] = await t.database.db
    .select({ releaseAt: ratings.releaseAt, createdAt: ratings.createdAt })
    .from(ratings)
    .where(eq(ratings.id, ratingId));
  if (!row?.releaseAt) throw new Error('the rating has no release time');
  return { releaseAt: row.releaseAt.getTime(), createdAt: row.createdAt.getTime() };
}

async function rateFive(phone: string) {
  const times = [];
  for (let index = 0; index < 5; index += 1) {
    const rater = await flows.provenBrowser();
    const reply = await flows.call(rater, 'rating.submit', ratingInput({ phoneNumber: phone }));
    expect(reply.error).toBeNull();
    times.push(await releaseAtOf((reply.data as SubmitReply).ratingId));
  }
  return times;
}

describe("'Do not rate me' turned off", () => {
  it('lets no rating given after it reach the number before the longest release delay has passed', async () => {
    const lifted = flows.newPhone();
    const owner = await flows.provenBrowser(lifted);
    expect((await flows.call(owner, 'profile.setDoNotRate', { doNotRate: true })).error).toBeNull();
    const offAt = Date.now();
    expect((await flows.call(owner, 'profile.setDoNotRate', { doNotRate: false })).error).toBeNull();
    const [lift] = await t.database.db
      .select()
      .from(doNotRateLifts)
      .where(eq(doNotRateLifts.phoneNumber, lifted));
    expect(lift?.notBefore.getTime()).toBeGreaterThanOrEqual(offAt + LONGEST_DELAY);

    for (const { releaseAt, createdAt } of await rateFive(lifted)) {
      expect(releaseAt).toBeGreaterThanOrEqual(offAt + LONGEST_DELAY);
      // Put off by whole days: the delay past the last whole day is one the release draws.
      const drawn = (releaseAt - createdAt) % DAY;
      expect(drawn).toBeGreaterThanOrEqual(MIN_DELAY - 1_000);
      expect(drawn).toBeLessThanOrEqual(LONGEST_DELAY + 1_000);
    }

    // Any other number's ratings reach it within the longest delay.
    for (const { releaseAt, createdAt } of await rateFive(flows.newPhone())) {
      expect(releaseAt - createdAt).toBeLessThanOrEqual(LONGEST_DELAY + 1_000);
    }
  });

  it('keeps withheld what was given while it was on', async () => {
    const lifted = flows.newPhone();
    const owner = await flows.provenBrowser(lifted);
    expect((await flows.call(owner, 'profile.setDoNotRate', { doNotRate: true })).error).toBeNull();
    const rater = await flows.provenBrowser();
    const given = await flows.call(rater, 'rating.submit', ratingInput({ phoneNumber: lifted }));
    const ratingId = (given.data as SubmitReply).ratingId;
    expect((await flows.call(owner, 'profile.setDoNotRate', { doNotRate: false })).error).toBeNull();
    const [row] = await t.database.db
      .select({ releaseAt: ratings.releaseAt, withheld: ratings.withheldReason })
      .from(ratings)
      .where(eq(ratings.id, ratingId));
    expect(row).toEqual({ releaseAt: null, withheld: 'do_not_rate' });
  });
});
