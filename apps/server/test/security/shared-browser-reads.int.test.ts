import { ratingAppeals } from '@exrated/db/schema';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, actorsOf } from '../support/actors';
import { ratingInput, type SubmitReply } from '../support/rating-fixtures';
import { HttpBrowser, NO_RESEND_WAITS, UNCAPPED_LIMITS_ENV, useTestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';
import { latestCode } from '../support/verification';

/**
 * What a browser did before a phone stood behind it belongs to the tab that did it, for reads as for the proof
 * (docs/security.md#sessions): the next person at a shared computer keeps the cookie (30 days idle) but not
 * the tab, and reads nothing of the earlier visitor's unproven ratings or of the number they typed.
 */

const clock = testClock();
const t = useTestApp({
  env: { ...UNCAPPED_LIMITS_ENV, TRUST_PROXY: 'true' },
  codeStoreOptions: NO_RESEND_WAITS,
  overrides: { now: clock.now },
});
const { actor } = actorsOf(t, (phone) => latestCode(t, phone));

afterEach(() => clock.reset());

let line = 0;
function newPhone() {
  line += 1;
  return `+1415558${String(line).padStart(4, '0')}`;
}

async function rateUnproven(person: Actor, testimonial: string) {
  const reply = await person.call('rating.submit', ratingInput({ phoneNumber: newPhone(), testimonial }));
  expect(reply.error).toBeNull();
  return reply.data as SubmitReply & { claim: string };
}

/** The next person at the same computer: the earlier visitor's cookie, a tab of their own. */
function nextAtTheSameBrowser(earlier: Actor, ip: string) {
  const tab = new HttpBrowser();
  for (const [name, value] of earlier.browser.cookies) tab.cookies.set(name, value);
  return actor(ip, 'next-visitor-agent', tab);
}

describe('a shared browser, before anyone proves a phone', () => {
  it("shows the next person at a shared browser none of the earlier visitor's unproven ratings or number", async () => {
    const earlier = actor('203.0.113.32', 'earlier-visitor-agent');
    const secret = 'Cheated on me with my best friend at the Ritz.';
    await rateUnproven(earlier, secret);
    const earlierPhone = newPhone();
    expect((await earlier.call('verification.send', { phoneNumber: earlierPhone })).error).toBeNull();

    clock.advance(3 * 24 * 60 * 60_000);
    const next = nextAtTheSameBrowser(earlier, '192.0.2.32');
    const given = await next.query('profile.ratingsGiven');
    expect(JSON.stringify(given.data)).not.toContain(secret);
    expect(given.data).toEqual({ ratings: [] });
    const me = await next.query('profile.me');
    expect(me.data).toMatchObject({ ratingsGiven: 0 });
    expect(JSON.stringify(me.data)).not.toContain(earlierPhone);
    // The rate flow says as much: the next person's first rating is answered as their first.
    const own = await next.call('rating.submit', ratingInput({ phoneNumber: newPhone() }));
    expect(own.data).toMatchObject({ ratingsGiven: 1, isUnlocked: false });
  });

  it("answers the next person's rating of a number the earlier visitor rated as any first rating", async () => {
    const earlier = actor('203.0.113.36', 'earlier-visitor-agent');
    const rated = newPhone();
    expect((await earlier.call('rating.submit', ratingInput({ phoneNumber: rated }))).error).toBeNull();
    // The earlier visitor's own tab is refused its repeat, as the window says.
    const repeat = await earlier.call('rating.submit', ratingInput({ phoneNumber: rated }));
    expect(repeat.error).not.toBeNull();

    clock.advance(60 * 60_000);
    const next = nextAtTheSameBrowser(earlier, '192.0.2.36');
    // 'You have already rated this person' would tell the next person whom the earlier visitor rated.
    const own = await next.call('rating.submit', ratingInput({ phoneNumber: rated }));
    expect(own.error).toBeNull();
    expect(own.data).toMatchObject({ ratingsGiven: 1 });
  });

  it("lets the next person appeal none of the earlier visitor's held ratings", async () => {
    const earlier = actor('203.0.113.35', 'earlier-visitor-agent');
    const held = await earlier.call(
      'rating.submit',
      ratingInput({ phoneNumber: newPhone(), feedback: "I know where you live and I'll make you pay" }),
    );
    const { ratingId } = held.data as SubmitReply;
    const next = nextAtTheSameBrowser(earlier, '192.0.2.35');
    const appeal = await next.call('profile.appeal', { ratingId, text: 'Not a threat.' });
    expect(appeal.error).not.toBeNull();
    expect(
      await t.database.db.select().from(ratingAppeals).where(eq(ratingAppeals.ratingId, ratingId)),
    ).toEqual([]);
  });

  it('shows the tab that rated its own ratings, count and the unlock they earn', async () => {
    const visitor = actor('203.0.113.36', 'visitor-agent');
    const first = await rateUnproven(visitor, 'Kind and patient, most days.');
    expect(first).toMatchObject({ ratingsGiven: 1, isUnlocked: false });
    const second = await rateUnproven(visitor, 'We were better as friends.');
    expect(second).toMatchObject({ ratingsGiven: 2, isUnlocked: true });
    const given = (await visitor.query('profile.ratingsGiven')).data as { ratings: Array<{ id: string }> };
    expect(given.ratings.map((rating) => rating.id).sort()).toEqual([first.ratingId, second.ratingId].sort());
    expect((await visitor.query('profile.me')).data).toMatchObject({
      ratingsGiven: 2,
      isUnlocked: true,
      phoneNumber: null,
    });
  });

  it('ignores claims it did not give, forged, of another browser or malformed, and never fails for them', async () => {
    const other = actor('203.0.113.37', 'other-agent');
    const othersRating = await rateUnproven(other, 'Another browser, another person.');
    const visitor = actor('203.0.113.38', 'visitor-agent');
    const own = await rateUnproven(visitor, 'My own rating.');
    const [ratingId] = own.claim.split('.');
    visitor.browser.claims.push(
      othersRating.claim,
      `${ratingId}.00000000-0000-0000-0000-000000000000`,
      `${ratingId}.${'é'.repeat(36)}`,
      'not a claim',
      own.claim,
    );
    const me = await visitor.query('profile.me');
    expect(me.status).toBe(200);
    expect(me.data).toMatchObject({ ratingsGiven: 1 });
    const given = (await visitor.query('profile.ratingsGiven')).data as { ratings: Array<{ id: string }> };
    expect(given.ratings.map((rating) => rating.id)).toEqual([own.ratingId]);

    const oversized = await t.http({
      method: 'GET',
      url: '/trpc/profile.me',
      headers: {
        cookie: visitor.browser.header(),
        'x-rating-claims': `${own.claim},`.repeat(500),
      },
    });
    expect(oversized.statusCode).toBe(200);
  });
});
