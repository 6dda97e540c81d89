import { createDatabase } from '@exrated/db';
import { notifications, ratings } from '@exrated/db/schema';
import { createTestDatabase, type TestDatabase } from '@exrated/db/testing';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConsoleSmsSender } from '../src/services/sms/console-sms-sender';
import { ratingInput, type SubmitReply } from './support/rating-fixtures';
import { enrolTestAdmin, HttpBrowser, injectWithCookies, type TestApp, testConfig } from './support/test-app';
import { errorCode, useTrustFlows } from './support/trust-flows';
import { latestCode, trpcHttp } from './support/verification';

/**
 * What reaches the rated person (docs/anonymity.md): a rating reaches them at its release time, drawn when it
 * comes to stand on any path (submission, its author's proof, a moderator's approval, an upheld appeal),
 * never before; 'Do not rate me' holds on every such path and a rater cannot tell it from any other number;
 * nothing a rater reads holds the rated person's link. Every actor is its own browser over HTTP.
 */

// An hour's delay and no quiet hours: a rating stands, then waits; the tests move its release into the past.
const DELAYED_ENV = {
  RELEASE_DELAY_MIN_MINUTES: '60',
  RELEASE_DELAY_SPREAD_MINUTES: '0',
  RELEASE_QUIET_HOURS: 'off',
  // The second standing rating of a number in a day waits for a moderator.
  LIMIT_RATINGS_PER_NUMBER_PER_DAY: '1',
  LIMIT_RATINGS_PER_IP_PER_HOUR: '100000',
  LIMIT_RATINGS_PER_DEVICE_PER_HOUR: '100000',
  LIMIT_VERIFICATION_SENDS_PER_IP_PER_HOUR: '100000',
  LIMIT_VERIFICATION_CHECKS_PER_IP_PER_HOUR: '100000',
  LIMIT_VERIFICATION_TEXTS_PER_DAY: '100000',
  LIMIT_VERIFICATION_TEXTS_PER_COUNTRY_PER_HOUR: '100000',
  LIMIT_PHONE_SAVES_PER_IP_PER_HOUR: '100000',
};
const ISO_TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const { t, flows } = useTrustFlows('303555', { env: DELAYED_ENV });

interface Received {
  ratings: Array<Record<string, unknown> & { id: string; posted: string }>;
  summary: { count: number };
}

async function received(browser: HttpBrowser) {
  const reply = await flows.query(browser, 'profile.ratingsReceived');
  expect(reply.error).toBeNull();
  return { data: reply.data as Received, body: reply.response.body };
}

function textsTo(app: Pick<TestApp, 'sms'>, phone: string) {
  return app.sms.outbox().filter((message) => message.to === phone && message.kind === 'rating');
}

async function stored(ratingId: string) {
  const [row] = await t.database.db
    .select({
      releaseAt: ratings.releaseAt,
      withheldReason: ratings.withheldReason,
      status: notifications.status,
      statusReason: notifications.statusReason,
      dueAt: notifications.nextAttemptAt,
    })
    .from(ratings)
    .innerJoin(notifications, eq(notifications.ratingId, ratings.id))
    .where(eq(ratings.id, ratingId));
  if (!row) throw new Error(`no rating ${ratingId}`);
  return row;
}

/** The release time comes: as an hour passing would have it, for the rating and its text alike. */
async function releaseTimeComes(ratingId: string) {
  await t.database.db.execute(
    sql`update ratings set release_at = now() - interval '1 second' where id = ${ratingId} and release_at is not null`,
  );
  await t.database.db.execute(
    sql`update notifications set next_attempt_at = now() - interval '1 second' where rating_id = ${ratingId}`,
  );
  t.app.services.dispatcher.kick();
  await t.textsSent();
}

async function unprovenRating(phone: string) {
  const author = new HttpBrowser();
  const reply = await flows.call(author, 'rating.submit', ratingInput({ phoneNumber: phone }));
  expect(reply.error).toBeNull();
  return { author, ratingId: (reply.data as SubmitReply).ratingId };
}

async function prove(browser: HttpBrowser, phone: string) {
  expect((await flows.call(browser, 'verification.send', { phoneNumber: phone })).error).toBeNull();
  const checked = await flows.call(browser, 'verification.check', {
    phoneNumber: phone,
    code: latestCode(t, phone),
  });
  expect(checked.error).toBeNull();
}

async function keep(kind: 'held_rating' | 'appeal', id: string) {
  const admin = await flows.adminBrowser();
  const decided = await flows.call(admin, 'admin.decide', {
    kind,
    id,
    outcome: 'keep',
    reason: 'within_terms',
    note: 'Within the terms.',
  });
  expect(decided.error).toBeNull();
}

describe('a rating reaches its subject at its release time', () => {
  it('submission: neither texted, shown nor counted before it, all three after, with a coarse date only', async () => {
    const subject = flows.newPhone();
    const owner = await flows.unlockedBrowser(subject);
    const before = Date.now();
    const { ratingId } = await flows.rate(subject, { testimonial: 'Kind to the end.' });
    await t.textsSent();

    const waiting = await stored(ratingId);
    expect(waiting.status).toBe('pending');
    // The release time is the outbox's due time, an hour on.
    expect(waiting.dueAt.getTime()).toBe(waiting.releaseAt?.getTime());
    expect(waiting.dueAt.getTime()).toBeGreaterThanOrEqual(before + 60 * 60 * 1000 - 1000);
    expect(textsTo(t, subject)).toEqual([]);
    expect((await received(owner)).data).toMatchObject({ ratings: [], summary: { count: 0 } });
    // A text waiting for its release is not a stuck dispatcher.
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    await releaseTimeComes(ratingId);
    expect(textsTo(t, subject)).toHaveLength(1);
    const after = await received(owner);
    expect(after.data.summary.count).toBe(1);
    expect(after.data.ratings).toHaveLength(1);
    expect(after.data.ratings[0]).toMatchObject({
      testimonial: 'Kind to the end.',
      posted: 'Posted this week',
    });
    expect(Object.keys(after.data.ratings[0] ?? {})).not.toContain('createdAt');
    expect(after.body).not.toMatch(ISO_TIMESTAMP);
  });

  it('proof: a held rating released by its author gets a release time, and meets "Do not rate me"', async () => {
    const optedOut = flows.newPhone();
    const ordinary = flows.newPhone();
    const held = await unprovenRating(optedOut);
    // The same author's rating of another number, released by the same proof.
    const other = await flows.call(held.author, 'rating.submit', ratingInput({ phoneNumber: ordinary }));
    const otherId = (other.data as SubmitReply).ratingId;
    const owner = await flows.unlockedBrowser(optedOut);
    expect((await flows.call(owner, 'profile.setDoNotRate', { doNotRate: true })).error).toBeNull();

    await prove(held.author, flows.newPhone());
    expect(await stored(held.ratingId)).toMatchObject({
      releaseAt: null,
      withheldReason: 'do_not_rate',
      status: 'suppressed',
    });
    const released = await stored(otherId);
    expect(released).toMatchObject({ withheldReason: null, status: 'pending' });
    expect(released.dueAt.getTime()).toBe(released.releaseAt?.getTime());
    expect(released.dueAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60 * 1000);

    await releaseTimeComes(held.ratingId);
    expect(textsTo(t, optedOut)).toEqual([]);
    expect((await received(owner)).data).toMatchObject({ ratings: [], summary: { count: 0 } });
    // Its author sees it as any other rating of theirs.
    const given = await flows.query(held.author, 'profile.ratingsGiven');
    const states = (given.data as { ratings: Array<{ id: string; state: string }> }).ratings;
    expect(states.find((rating) => rating.id === held.ratingId)?.state).toBe(
      states.find((rating) => rating.id === otherId)?.state,
    );
  });

  it("approval and appeal: a moderator's keep draws the release time, and meets 'Do not rate me'", async () => {
    const subject = flows.newPhone();
    const owner = await flows.unlockedBrowser(subject);
    // The ceiling counts what reached the number: one rating released today, so the next is held.
    await releaseTimeComes((await flows.rate(subject)).ratingId);
    const approved = await flows.rate(subject, { testimonial: 'Approved words.' });
    expect(await stored(approved.ratingId)).toMatchObject({ status: 'held', releaseAt: null });
    const appealed = await flows.rate(subject, { testimonial: 'Appealed words.' });
    const admin = await flows.adminBrowser();
    const hidden = await flows.call(admin, 'admin.decide', {
      kind: 'held_rating',
      id: appealed.ratingId,
      outcome: 'hide',
      reason: 'harassment',
      note: 'Hidden first.',
    });
    expect(hidden.error).toBeNull();
    const appeal = await flows.call(appealed.rater, 'profile.appeal', { ratingId: appealed.ratingId });
    expect(appeal.error).toBeNull();

    await keep('held_rating', approved.ratingId);
    const standing = await stored(approved.ratingId);
    expect(standing).toMatchObject({ status: 'pending', withheldReason: null });
    expect(standing.dueAt.getTime()).toBe(standing.releaseAt?.getTime());
    expect(standing.dueAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60 * 1000);
    expect((await received(owner)).data.ratings.map((rating) => rating.testimonial)).not.toContain(
      'Approved words.',
    );

    // The switch turns on while the approved rating waits: it never reaches the number, nor does the appeal's.
    expect((await flows.call(owner, 'profile.setDoNotRate', { doNotRate: true })).error).toBeNull();
    const appeals = await t.database.db.execute(
      sql`select id from rating_appeals where rating_id = ${appealed.ratingId}`,
    );
    const appealId = [...(appeals as unknown as Iterable<{ id: string }>)][0]?.id;
    if (!appealId) throw new Error('no appeal');
    await keep('appeal', appealId);
    for (const id of [approved.ratingId, appealed.ratingId]) {
      expect(await stored(id)).toMatchObject({ releaseAt: null, withheldReason: 'do_not_rate' });
      await releaseTimeComes(id);
    }
    const after = await received(owner);
    expect(after.data.ratings.map((rating) => rating.testimonial)).not.toContain('Approved words.');
    expect(after.data.ratings.map((rating) => rating.testimonial)).not.toContain('Appealed words.');
    // The one text is the first rating's, released before the switch.
    expect(textsTo(t, subject)).toHaveLength(1);
  });
});

describe("'Do not rate me' cannot be told from any other number", () => {
  it('answers a rater with the same status, the same body and in the same time', async () => {
    const optedOut = flows.newPhone();
    const ordinary = flows.newPhone();
    const owner = await flows.provenBrowser(optedOut);
    expect((await flows.call(owner, 'profile.setDoNotRate', { doNotRate: true })).error).toBeNull();

    const timings: Record<'optedOut' | 'ordinary', number[]> = { optedOut: [], ordinary: [] };
    const shapes = new Set<string>();
    for (let round = 0; round < 6; round += 1) {
      for (const [which, phone] of [
        ['optedOut', optedOut],
        ['ordinary', ordinary],
      ] as const) {
        const rater = await flows.provenBrowser();
        const started = performance.now();
        const reply = await flows.call(rater, 'rating.submit', ratingInput({ phoneNumber: phone }));
        timings[which].push(performance.now() - started);
        expect(reply.response.statusCode).toBe(200);
        const { ratingId: _id, ...rest } = reply.data as SubmitReply;
        shapes.add(JSON.stringify(rest));
      }
    }
    expect([...shapes]).toEqual([JSON.stringify({ ratingsGiven: 1, isUnlocked: false })]);
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    expect(Math.abs(median(timings.optedOut) - median(timings.ordinary))).toBeLessThan(25);
  });
});

describe('nothing a rater can read holds the rated person’s link', () => {
  it('export, ratings given and activity carry no notification id', async () => {
    const raterPhone = flows.newPhone();
    const rater = await flows.provenBrowser(raterPhone);
    const { notificationId } = await flows.rate(flows.newPhone(), {}, rater);
    await flows.rate(flows.newPhone(), {}, rater);
    const given = await flows.query(rater, 'profile.ratingsGiven');
    expect(given.error).toBeNull();
    const exported = await flows.call(rater, 'profile.exportData');
    expect(exported.error).toBeNull();
    expect(given.response.body).not.toContain(notificationId);
    expect(exported.response.body).not.toContain(notificationId);
    expect(exported.response.body).not.toContain('notificationId');
  });
});

/** An app on a database another app uses too, as a restart or a second instance would be. */
async function appOn(database: TestDatabase) {
  const handle = await createDatabase({ url: database.url ?? '', migrate: false });
  const sms = new ConsoleSmsSender(() => {});
  const config = testConfig({
    ...DELAYED_ENV,
    RELEASE_DELAY_MIN_MINUTES: '0.05',
    DISPATCHER_INTERVAL_MS: '200',
  });
  const app = await buildApp(config, { logger: false, database: handle, sms, redis: null });
  await app.ready();
  await enrolTestAdmin(app);
  return {
    app,
    sms,
    http: (options: Parameters<typeof injectWithCookies>[1], browser?: HttpBrowser) =>
      injectWithCookies(app, options, browser),
  };
}

type Instance = Awaited<ReturnType<typeof appOn>>;

async function rateThrough(instance: Instance, subject: string, raterPhone: string) {
  const rater = new HttpBrowser();
  const call = (path: string, input: unknown) => trpcHttp(instance, rater, 'mutation', path, input);
  expect((await call('verification.send', { phoneNumber: raterPhone })).error).toBeNull();
  const code = latestCode(instance, raterPhone);
  expect((await call('verification.check', { phoneNumber: raterPhone, code })).error).toBeNull();
  const reply = await call('rating.submit', ratingInput({ phoneNumber: subject }));
  expect(errorCode(reply)).toBeUndefined();
}

async function until(check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}

describe('texts waiting for their release', () => {
  it('go out once their time comes, from the instance that runs then, across a restart', async () => {
    const database = await createTestDatabase(inject('testDatabaseServerUrl'));
    try {
      const first = await appOn(database);
      await rateThrough(first, '+13035559901', '+13035559902');
      // The process stops with the text waiting (three seconds' delay).
      await first.app.close();
      expect(textsTo(first, '+13035559901')).toEqual([]);
      const second = await appOn(database);
      try {
        await until(() => textsTo(second, '+13035559901').length > 0, 15_000);
        expect(textsTo(second, '+13035559901')).toHaveLength(1);
      } finally {
        await second.app.close();
      }
    } finally {
      await database.dispose();
    }
  }, 40_000);

  it('go out exactly once when two instances share the outbox', async () => {
    const database = await createTestDatabase(inject('testDatabaseServerUrl'));
    try {
      const [a, b] = await Promise.all([appOn(database), appOn(database)]);
      try {
        const subjects = ['+13035559911', '+13035559912', '+13035559913', '+13035559914'];
        for (const [index, subject] of subjects.entries()) {
          await rateThrough(index % 2 === 0 ? a : b, subject, `+1303555992${index}`);
        }
        const sent = () => subjects.flatMap((subject) => [...textsTo(a, subject), ...textsTo(b, subject)]);
        expect(sent()).toEqual([]);
        await until(() => sent().length >= subjects.length, 15_000);
        // One more dispatcher round on each: nothing goes twice.
        await new Promise((resolve) => setTimeout(resolve, 600));
        expect(
          sent()
            .map((message) => message.to)
            .sort(),
        ).toEqual(subjects);
      } finally {
        await Promise.all([a.app.close(), b.app.close()]);
      }
    } finally {
      await database.dispose();
    }
  }, 60_000);
});
