// Attacks on what reaches the moderators' queue and on the repeat-offender record, found by attack run 3:
// an appeal let a cookie-only author into the queue without the caps a held rating meets, and a moderator's
// removal of such a rating was recorded against the browser's session, which the next person at a shared
// computer inherits (docs/trust-and-safety.md#the-queue-under-a-flood, #repeat-offenders).
import { ratingAppeals, ratings } from '@exrated/db/schema';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { APPEAL_NEEDS_PROOF } from '../../src/services/moderation/appeals';
import { type Actor, actorsOf } from '../support/actors';
import { ratingInput, type SubmitReply } from '../support/rating-fixtures';
import {
  HttpBrowser,
  NO_RESEND_WAITS,
  testAdminLogin,
  UNCAPPED_LIMITS_ENV,
  useTestApp,
} from '../support/test-app';
import { testClock } from '../support/test-clock';
import { latestCode } from '../support/verification';

const APPEALS_PER_PHONE = 2;
const APPEALS_PER_NETWORK = 3;

const clock = testClock();
const t = useTestApp({
  env: {
    ...UNCAPPED_LIMITS_ENV,
    TRUST_PROXY: 'true',
    LIMIT_APPEALS_PER_PHONE_PER_DAY: String(APPEALS_PER_PHONE),
    LIMIT_APPEALS_PER_IP_PER_DAY: String(APPEALS_PER_NETWORK),
  },
  codeStoreOptions: NO_RESEND_WAITS,
  overrides: { now: clock.now },
});
const { actor, prove } = actorsOf(t, (phone) => latestCode(t, phone));

afterEach(() => clock.reset());

let line = 0;
function newPhone() {
  line += 1;
  return `+1415557${String(line).padStart(4, '0')}`;
}

const THREAT = "I know where you live and I'll make you pay";

interface GivenRating {
  id: string;
  state: string;
  canAppeal: boolean;
  appealNeedsProof: boolean;
}

async function ratingsGiven(person: Actor) {
  return ((await person.query('profile.ratingsGiven')).data as { ratings: GivenRating[] }).ratings;
}

/** `person` gives a rating whose text screening holds. */
async function heldRating(person: Actor) {
  const reply = await person.call(
    'rating.submit',
    ratingInput({ phoneNumber: newPhone(), feedback: THREAT }),
  );
  expect(reply.error).toBeNull();
  return (reply.data as SubmitReply).ratingId;
}

function appeal(person: Actor, ratingId: string) {
  return person.call('profile.appeal', { ratingId, text: 'It was a joke.' });
}

async function adminActor() {
  const admin = actor('203.0.113.70', 'moderator-agent');
  expect((await admin.call('admin.login', testAdminLogin())).error).toBeNull();
  return admin;
}

async function queueRatingIds(admin: Actor, kind?: string) {
  const queue = await admin.query('admin.queue', kind ? { kind } : {});
  expect(queue.error).toBeNull();
  const items = (queue.data as { items: Array<{ rating: { id: string } | null }> }).items;
  return items.flatMap((item) => (item.rating ? [item.rating.id] : []));
}

describe('what a cookie-only author can put in the moderation queue', () => {
  it('puts nothing of a cookie-only author in the queue, appeals included', async () => {
    const held: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const person = actor('203.0.113.71', `flooding-agent-${index}`);
      const ratingId = await heldRating(person);
      held.push(ratingId);
      // The author reads the hold, and that an appeal waits for their proof, as their rating does.
      expect((await ratingsGiven(person)).find((rating) => rating.id === ratingId)).toMatchObject({
        state: 'held',
        canAppeal: false,
        appealNeedsProof: true,
      });
      const appealed = await appeal(person, ratingId);
      expect(appealed.error?.data.code).toBe('BAD_REQUEST');
      expect(appealed.error?.message).toBe(APPEAL_NEEDS_PROOF);
      // The same answer for an id that is not theirs: the refusal says nothing of the rating.
      expect((await appeal(person, held[0] ?? ratingId)).error?.message).toBe(APPEAL_NEEDS_PROOF);
    }
    const admin = await adminActor();
    expect((await queueRatingIds(admin)).filter((id) => held.includes(id))).toEqual([]);
  });

  it('lists no appeal filed for a rating no proven phone stands behind, nor lets it be decided', async () => {
    const ratingId = await heldRating(actor('203.0.113.73', 'earlier-appeal'));
    const admin = await adminActor();
    const queueSize = async () => {
      const dashboard = await admin.query('admin.dashboard');
      expect(dashboard.error).toBeNull();
      return (dashboard.data as { moderation: { queueSize: number } }).moderation.queueSize;
    };
    const before = await queueSize();
    // An appeal filed under the earlier rule, by the cookie-only author.
    const [filed] = await t.database.db
      .insert(ratingAppeals)
      .values({ ratingId, authorPhone: null, text: 'Filed without a proof.' })
      .returning({ id: ratingAppeals.id });
    expect(await queueRatingIds(admin, 'appeal')).not.toContain(ratingId);
    expect(await queueSize()).toBe(before);
    const decided = await admin.call('admin.decide', {
      kind: 'appeal',
      id: filed?.id,
      outcome: 'delete',
      reason: 'threats',
      note: 'A threat.',
    });
    expect(decided.error?.data.code).toBe('NOT_FOUND');
    const [rating] = await t.database.db.select().from(ratings).where(eq(ratings.id, ratingId));
    expect(rating).toBeDefined();
  });

  it('caps the appeals of a proven phone and of a network per day', async () => {
    const network = '203.0.113.74';
    const first = actor(network, 'appealing-agent');
    await prove(first, newPhone());
    const mine = [await heldRating(first), await heldRating(first), await heldRating(first)];
    for (const ratingId of mine.slice(0, APPEALS_PER_PHONE)) {
      expect((await appeal(first, ratingId)).error).toBeNull();
    }
    // A repeated appeal is refused as such, and costs nothing of the day's share.
    expect((await appeal(first, mine[0] ?? '')).error?.data.code).toBe('CONFLICT');
    const overPhone = await appeal(first, mine[2] ?? '');
    expect(overPhone.error?.data.code).toBe('TOO_MANY_REQUESTS');
    expect(overPhone.error?.message).toMatch(/^You have sent the most appeals allowed in one day/);

    // Other phones on the same network share the network's day.
    const second = actor(network, 'second-agent');
    await prove(second, newPhone());
    const theirs = [await heldRating(second), await heldRating(second)];
    expect((await appeal(second, theirs[0] ?? '')).error).toBeNull();
    const overNetwork = await appeal(second, theirs[1] ?? '');
    expect(overNetwork.error?.data.code).toBe('TOO_MANY_REQUESTS');
    expect(overNetwork.error?.message).toMatch(/^Your network has sent the most appeals allowed in one day/);

    const admin = await adminActor();
    const appealed = await queueRatingIds(admin, 'appeal');
    expect(appealed.filter((id) => [...mine, ...theirs].includes(id)).sort()).toEqual(
      [mine[0], mine[1], theirs[0]].sort(),
    );
  });
});

describe('the repeat-offender record at a shared computer', () => {
  it("does not hold the next person's ratings in a shared browser for the earlier visitor's removals", async () => {
    const earlier = actor('203.0.113.72', 'shared-computer');
    const admin = await adminActor();
    // A cookie-only visitor's held ratings reach no moderator, by appeal or otherwise.
    for (let index = 0; index < 3; index += 1) {
      const ratingId = await heldRating(earlier);
      const appealed = await appeal(earlier, ratingId);
      expect(appealed.error?.data.code).toBe('BAD_REQUEST');
      expect(appealed.error?.message).toBe(APPEAL_NEEDS_PROOF);
      const decided = await admin.call('admin.decide', {
        kind: 'held_rating',
        id: ratingId,
        outcome: 'delete',
        reason: 'threats',
        note: 'A threat.',
      });
      expect(decided.error?.data.code).toBe('NOT_FOUND');
    }

    clock.advance(2 * 60 * 60_000);
    const tab = new HttpBrowser();
    for (const [name, value] of earlier.browser.cookies) tab.cookies.set(name, value);
    const next = actor('192.0.2.72', 'next-person', tab);
    const honest = await next.call('rating.submit', ratingInput({ phoneNumber: newPhone() }));
    expect(honest.error).toBeNull();
    await prove(next, newPhone());
    expect((await ratingsGiven(next)).map((rating) => rating.state)).toEqual(['visible']);
  });

  it("counts a proven visitor's removals against their phone, never against the browser", async () => {
    const offenderPhone = newPhone();
    const earlier = actor('203.0.113.75', 'library-computer');
    await prove(earlier, offenderPhone);
    const admin = await adminActor();
    for (let index = 0; index < 3; index += 1) {
      const decided = await admin.call('admin.decide', {
        kind: 'held_rating',
        id: await heldRating(earlier),
        outcome: 'delete',
        reason: 'threats',
        note: 'A threat.',
      });
      expect(decided.error).toBeNull();
    }
    expect((await earlier.call('profile.logout')).error).toBeNull();

    // The next person at the same browser starts with no record.
    const next = actor('192.0.2.75', 'next-at-library', earlier.browser);
    expect((await next.call('rating.submit', ratingInput({ phoneNumber: newPhone() }))).error).toBeNull();
    await prove(next, newPhone());
    expect((await ratingsGiven(next)).map((rating) => rating.state)).toEqual(['visible']);
    expect((await next.call('profile.logout')).error).toBeNull();

    // The offender's record follows their phone to any browser.
    const elsewhere = actor('198.51.100.75', 'offender-elsewhere');
    expect(
      (await elsewhere.call('rating.submit', ratingInput({ phoneNumber: newPhone() }))).error,
    ).toBeNull();
    await prove(elsewhere, offenderPhone);
    expect((await ratingsGiven(elsewhere)).map((rating) => rating.state)).toEqual(['held']);
  });
});
