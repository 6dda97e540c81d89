// A proof claims only what the tab that gave it presents: attacks on that rule, over HTTP.
import { notices, ratings } from '@exrated/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
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

const clock = testClock();
const t = useTestApp({
  env: { ...UNCAPPED_LIMITS_ENV, TRUST_PROXY: 'true' },
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

async function rateUnproven(person: Actor, testimonial: string) {
  const reply = await person.call('rating.submit', ratingInput({ phoneNumber: newPhone(), testimonial }));
  expect(reply.error).toBeNull();
  return reply.data as SubmitReply & { claim: string };
}

async function adminActor() {
  const admin = actor('203.0.113.70', 'moderator-agent');
  expect((await admin.call('admin.login', testAdminLogin())).error).toBeNull();
  return admin;
}

describe('a proof and its claims under attack', () => {
  // A tag of 36 characters that are not all ASCII is longer than 36 bytes: were it compared as it is,
  // timingSafeEqual would throw after the code matched, spending the code and writing a high-severity error
  // each time (an error-log flood for the price of a text).
  it('ignores a claim whose tag is not ASCII, as it ignores any forged claim', async () => {
    const person = actor('203.0.113.31', 'unicode-claim-agent');
    const rated = await rateUnproven(person, 'Kind, funny, and terrible at texting back.');
    const phone = newPhone();
    expect((await person.call('verification.send', { phoneNumber: phone })).error).toBeNull();
    // The tab presents the damaged claim only: its genuine one, which its requests carry, is dropped.
    person.browser.claims.length = 0;
    const checked = await person.call('verification.check', {
      phoneNumber: phone,
      code: latestCode(t, phone),
      claims: [`${rated.ratingId}.${'é'.repeat(36)}`],
    });
    expect(checked.status).toBe(200);
    expect(checked.error).toBeNull();
    expect((await person.query('profile.me')).data).toMatchObject({ isVerified: true, ratingsGiven: 0 });
  });
});

describe('a rating that races the proof', () => {
  /** A moderator hides, item by item, three ratings `author` gave (past the default threshold of 2). */
  async function makeRepeatOffender(author: Actor) {
    const admin = await adminActor();
    for (let index = 0; index < 3; index += 1) {
      const rated = newPhone();
      expect((await author.call('rating.submit', ratingInput({ phoneNumber: rated }))).error).toBeNull();
      await t.textsSent();
      const text = t.sms.outbox().find((message) => message.to === rated && message.kind !== 'verification');
      const link = text ? /\/r\/([0-9a-f-]{36})/.exec(text.body)?.[1] : undefined;
      const filed = await actor('203.0.113.81', 'reporter').call('notice.file', {
        notificationId: link,
        reason: 'harassment',
      });
      const reference = (filed.data as { reference: string }).reference;
      const [notice] = await t.database.db.select().from(notices).where(eq(notices.reference, reference));
      const decided = await admin.call('admin.decide', {
        kind: 'notice',
        id: notice?.id,
        outcome: 'hide',
        reason: 'harassment',
        note: 'Harassment.',
      });
      expect(decided.error).toBeNull();
    }
  }

  /** Whether some statement waits for the advisory lock the test holds. */
  async function lockAwaited() {
    const rows = await t.database.db.execute(
      sql`select count(*)::int as waiting from pg_locks where locktype = 'advisory' and not granted`,
    );
    const [row] = rows as unknown as Array<{ waiting: number }>;
    return (row?.waiting ?? 0) > 0;
  }

  // A rating the same cookie submits while the check runs comes after the proof screened what it claims and
  // checked its author's record: were prove_phone to take every unproven rating of the hour, it would stand
  // without the repeat offender's hold, the drop of a deleted account's repeat or the claim the tab never
  // gave. The test holds the proof's lock on the number's sessions so the race is won every time.
  it("holds a repeat offender's rating however it races the proof", async () => {
    const offenderPhone = newPhone();
    const author = actor('203.0.113.80', 'offender-agent');
    await prove(author, offenderPhone);
    await makeRepeatOffender(author);

    const fresh = actor('203.0.113.82', 'offender-fresh-browser');
    expect((await fresh.call('verification.send', { phoneNumber: offenderPhone })).error).toBeNull();
    const code = latestCode(t, offenderPhone);
    const racer = actor(fresh.ip, 'offender-other-tab', new HttpBrowser());
    for (const [name, value] of fresh.browser.cookies) racer.browser.cookies.set(name, value);

    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const holding = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const lock = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`proof:${offenderPhone}`}, 0))`);
      locked();
      await released;
    });
    await holding;
    const check = fresh.call('verification.check', { phoneNumber: offenderPhone, code, claims: [] });
    while (!(await lockAwaited())) await new Promise((resolve) => setTimeout(resolve, 5));
    const raced = await racer.call('rating.submit', ratingInput({ phoneNumber: newPhone() }));
    expect(raced.error).toBeNull();
    release();
    await lock;
    expect((await check).error).toBeNull();

    const [row] = await t.database.db
      .select()
      .from(ratings)
      .where(eq(ratings.id, (raced.data as SubmitReply).ratingId));
    // Either it stays the other tab's, unproven, or it is the offender's and held like their others.
    if (row?.createdByPhone === offenderPhone) expect(row.heldReason).toBe('repeat_offender');
    else expect(row?.createdByPhone).toBeNull();
  });
});
