import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { createDatabase, type Executor } from '../src/database';
import {
  countRatingsGiven,
  type RatingSubmission,
  ratingSubmissionStep,
  saveRatingSubmission,
  setDoNotRate,
} from '../src/queries';
import {
  deviceSessions,
  doNotRateNumbers,
  notifications,
  ratingScores,
  ratings,
  smsOptOuts,
} from '../src/schema';
import { describeOnBothDrivers, useTestDatabase } from './test-database';

const serverUrl = inject('testDatabaseServerUrl');
const DAY_MS = 24 * 3600 * 1000;

async function newDeviceSession(db: Executor, phone: { number: string; proven: boolean } | null = null) {
  const [row] = await db
    .insert(deviceSessions)
    .values({
      tokenHash: randomUUID(),
      phoneNumber: phone?.number ?? null,
      phoneProvenAt: phone?.proven ? new Date() : null,
      expiresAt: new Date(Date.now() + DAY_MS),
    })
    .returning({ id: deviceSessions.id });
  if (!row) throw new Error('no device session');
  return row.id;
}

function submission(
  deviceSessionId: string,
  phoneNumber: string,
  extra: {
    raterPhone?: string | null;
    suppressedReason?: string | null;
    heldReason?: string | null;
    at?: Date;
    dailyCeiling?: number;
    releaseAt?: Date;
    claimed?: readonly string[] | null;
  } = {},
): RatingSubmission {
  const createdAt = extra.at ?? new Date();
  return {
    rating: {
      id: randomUUID(),
      name: 'Alex S.',
      relationshipType: 'casual',
      phoneNumber,
      testimonial: 'Kind and funny.',
      gratitude: null,
      selfReflection: null,
      feedback: null,
      createdByPhone: extra.raterPhone ?? null,
      deviceSessionId,
      createdAt,
    },
    scores: [1, 2, 3, 4, 5].map((questionId) => ({ questionId, score: questionId + 4 })),
    repeatSince: new Date(createdAt.getTime() - 30 * DAY_MS),
    dailyCeiling: { since: new Date(createdAt.getTime() - DAY_MS), limit: extra.dailyCeiling ?? 3 },
    heldReason: extra.heldReason ?? null,
    releaseAt: extra.releaseAt ?? createdAt,
    claimed: extra.claimed ?? null,
    notification: {
      id: randomUUID(),
      message: 'Someone you dated rated your relationship 7/10 on ExRated.',
      suppressedReason: extra.suppressedReason ?? null,
    },
  };
}

const phone = (n: number) => `+1415555${String(n).padStart(4, '0')}`;

// Postgres always; PGlite (the embedded default) too: the function is PL/pgSQL.
describeOnBothDrivers('saveRatingSubmission on %s', (database) => {
  it('writes the rating, its five scores and its due notification, and counts the rater', async () => {
    const { db } = database();
    const rater = phone(9);
    const device = await newDeviceSession(db, { number: rater, proven: true });
    const first = submission(device, phone(1), { raterPhone: rater });
    expect(await saveRatingSubmission(db, first)).toEqual({
      saved: true,
      notificationStatus: 'pending',
      notificationReason: null,
      ratingsGiven: 1,
      heldReason: null,
      withheld: null,
    });
    const [rating] = await db.select().from(ratings).where(eq(ratings.id, first.rating.id));
    expect(rating).toMatchObject({
      ...first.rating,
      createdBy: null,
      hiddenAt: null,
      releaseAt: first.rating.createdAt,
      withheldReason: null,
    });
    const scores = await db.select().from(ratingScores).where(eq(ratingScores.ratingId, first.rating.id));
    expect(
      scores
        .map(({ questionId, score }) => ({ questionId, score }))
        .sort((a, b) => a.questionId - b.questionId),
    ).toEqual(first.scores);
    const [notification] = await db
      .select()
      .from(notifications)
      .where(eq(notifications.id, first.notification.id));
    expect(notification).toMatchObject({
      ratingId: first.rating.id,
      status: 'pending',
      statusReason: null,
      message: first.notification.message,
      attempts: 0,
      nextAttemptAt: first.rating.createdAt,
    });

    const second = await saveRatingSubmission(db, submission(device, phone(2), { raterPhone: rater }));
    expect(second).toMatchObject({ saved: true, ratingsGiven: 2 });
    expect(await countRatingsGiven(db, { deviceSessionId: device, provenPhone: rater })).toBe(2);
  });

  it('holds the text of a rating no proven phone stands behind, and counts it for its device', async () => {
    const { db } = database();
    const device = await newDeviceSession(db);
    const unproven = submission(device, phone(3));
    expect(await saveRatingSubmission(db, unproven)).toEqual({
      saved: true,
      notificationStatus: 'held',
      notificationReason: 'author_not_proven',
      ratingsGiven: 1,
      heldReason: null,
      withheld: null,
    });
  });

  it('holds for moderation the ratings of a number beyond its daily ceiling, and a screening hold', async () => {
    const { db } = database();
    const target = phone(4);
    const outcomes = [];
    for (let rater = 0; rater < 3; rater++) {
      const raterPhone = phone(60 + rater);
      const device = await newDeviceSession(db, { number: raterPhone, proven: true });
      outcomes.push(
        await saveRatingSubmission(db, submission(device, target, { raterPhone, dailyCeiling: 2 })),
      );
    }
    expect(
      outcomes.map((outcome) => outcome.saved && [outcome.notificationStatus, outcome.heldReason]),
    ).toEqual([
      ['pending', null],
      ['pending', null],
      ['held', 'daily_ceiling'],
    ]);
    const raterPhone = phone(69);
    const device = await newDeviceSession(db, { number: raterPhone, proven: true });
    expect(
      await saveRatingSubmission(
        db,
        submission(device, phone(5), { raterPhone, heldReason: 'screening:threat' }),
      ),
    ).toMatchObject({
      notificationStatus: 'held',
      notificationReason: 'screening:threat',
      heldReason: 'screening:threat',
    });
  });

  it('refuses a second rating of the number by the same device or proven phone inside the window', async () => {
    const { db } = database();
    const device = await newDeviceSession(db);
    const earlier = new Date(Date.now() - 3 * DAY_MS);
    await saveRatingSubmission(db, submission(device, phone(10), { raterPhone: phone(19), at: earlier }));

    const sameDevice = submission(device, phone(10));
    expect(await saveRatingSubmission(db, sameDevice)).toEqual({ saved: false, previousRatingAt: earlier });
    // The proven phone is the same rater on another device.
    const otherDevice = await newDeviceSession(db, { number: phone(19), proven: true });
    expect(
      await saveRatingSubmission(db, submission(otherDevice, phone(10), { raterPhone: phone(19) })),
    ).toEqual({ saved: false, previousRatingAt: earlier });
    const refused = await db.select().from(ratings).where(eq(ratings.id, sameDevice.rating.id));
    expect(refused).toEqual([]);

    // Another rater may; and outside the window the same rater may again.
    expect(await saveRatingSubmission(db, submission(await newDeviceSession(db), phone(10)))).toMatchObject({
      saved: true,
    });
    const later = new Date(earlier.getTime() + 31 * DAY_MS);
    expect(await saveRatingSubmission(db, submission(device, phone(10), { at: later }))).toMatchObject({
      saved: true,
    });
  });

  it("reads only the tab's claimed ratings as the same unproven rater's, not the browser's others", async () => {
    const { db } = database();
    const device = await newDeviceSession(db);
    const earlier = new Date(Date.now() - DAY_MS);
    const first = submission(device, phone(11), { at: earlier });
    await saveRatingSubmission(db, first);
    // The tab that gave it holds its claim: a second rating of the number is its repeat.
    expect(
      await saveRatingSubmission(db, submission(device, phone(11), { claimed: [first.rating.id] })),
    ).toEqual({ saved: false, previousRatingAt: earlier });
    // Another tab of the browser (an earlier visitor's rating, a later person): not theirs to be refused for.
    expect(await saveRatingSubmission(db, submission(device, phone(11), { claimed: [] }))).toMatchObject({
      saved: true,
    });
  });

  it('answers for a number whose owner asked not to be rated as for any other, and withholds the rating', async () => {
    const { db } = database();
    const rater = phone(26);
    const device = await newDeviceSession(db, { number: rater, proven: true });
    const target = phone(25);
    const ordinary = phone(27);
    await setDoNotRate(db, { phone: target, doNotRate: true, now: new Date() });
    const withheld = submission(device, target, { raterPhone: rater });
    const answered = await saveRatingSubmission(db, withheld);
    const other = await saveRatingSubmission(db, submission(device, ordinary, { raterPhone: rater }));
    // The same columns as an ordinary number's but for `withheld`, which only the server's log reads.
    expect(answered).toEqual({ ...other, ratingsGiven: 1, withheld: 'do_not_rate' });
    expect(other).toMatchObject({ saved: true, ratingsGiven: 2, withheld: null });
    const [rating] = await db.select().from(ratings).where(eq(ratings.id, withheld.rating.id));
    expect(rating).toMatchObject({ releaseAt: null, withheldReason: 'do_not_rate' });
    const [text] = await db
      .select()
      .from(notifications)
      .where(eq(notifications.id, withheld.notification.id));
    expect(text).toMatchObject({ status: 'suppressed', statusReason: 'do_not_rate' });
  });

  it('suppresses the text of an opted-out number, and keeps a reason the caller gave', async () => {
    const { db } = database();
    const device = await newDeviceSession(db);
    await db.insert(smsOptOuts).values({ phoneNumber: phone(20), source: 'link' });
    const optedOut = submission(device, phone(20));
    expect(await saveRatingSubmission(db, optedOut)).toMatchObject({
      saved: true,
      notificationStatus: 'suppressed',
      notificationReason: 'opted_out',
    });
    const abroad = submission(device, phone(21), { suppressedReason: 'country_not_allowed' });
    expect(await saveRatingSubmission(db, abroad)).toMatchObject({
      notificationStatus: 'suppressed',
      notificationReason: 'country_not_allowed',
    });
    const [row] = await db
      .select({ attempts: notifications.attempts, nextAttemptAt: notifications.nextAttemptAt })
      .from(notifications)
      .where(eq(notifications.id, optedOut.notification.id));
    // A suppressed text is never tried: no attempt counted, no lease.
    expect(row).toEqual({ attempts: 0, nextAttemptAt: optedOut.rating.createdAt });
  });

  it.each([
    ['rating_scores', 'scores'],
    ['notifications', 'notification'],
  ] as const)('writes nothing when the %s insert fails, and names that step', async (table, step) => {
    const { db } = database();
    const device = await newDeviceSession(db);
    await db.execute(
      sql.raw(`create or replace function test_refuse_insert() returns trigger language plpgsql as $$
        begin raise exception 'forced failure'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger test_refuse_insert before insert on ${table}
        for each row execute function test_refuse_insert()`),
    );
    const attempt = submission(device, phone(30));
    try {
      const error = await saveRatingSubmission(db, attempt).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(Error);
      expect(ratingSubmissionStep(innermost(error as Error))).toBe(step);
    } finally {
      await db.execute(sql.raw(`drop trigger test_refuse_insert on ${table}`));
    }
    expect(await db.select().from(ratings).where(eq(ratings.id, attempt.rating.id))).toEqual([]);
  });

  it('names the step of a row a trigger skipped', async () => {
    const { db } = database();
    const device = await newDeviceSession(db);
    await db.execute(
      sql.raw(`create or replace function test_skip_insert() returns trigger language plpgsql as $$
        begin return null; end $$`),
    );
    for (const [table, step] of [
      ['ratings', 'rating'],
      ['notifications', 'notification'],
    ] as const) {
      await db.execute(
        sql.raw(`create trigger test_skip_insert before insert on ${table}
          for each row execute function test_skip_insert()`),
      );
      try {
        const error = await saveRatingSubmission(db, submission(device, phone(40))).then(
          () => null,
          (thrown: unknown) => thrown,
        );
        expect(innermost(error as Error)).toMatchObject({ code: 'XR001' });
        expect(ratingSubmissionStep(innermost(error as Error))).toBe(step);
      } finally {
        await db.execute(sql.raw(`drop trigger test_skip_insert on ${table}`));
      }
    }
  });
});

describe('saveRatingSubmission under concurrency (Postgres)', () => {
  const database = useTestDatabase(serverUrl);

  it('saves one of two parallel ratings of the same number by the same rater', async () => {
    const url = database().url ?? '';
    const device = await newDeviceSession(database().db);
    // Two connections of their own, and a third that holds the opt-out list, which the function reads after
    // its repeat check: both submissions stop there, so without the lock on the recipient both would pass the
    // check before either commits.
    const [first, second, locker] = await Promise.all(
      [1, 2, 3].map(() => createDatabase({ url, maxConnections: 1, migrate: false })),
    );
    if (!first || !second || !locker) throw new Error('no connections');
    try {
      let racing: Promise<unknown[]> | undefined;
      await locker.db.transaction(async (tx) => {
        await tx.execute(sql`lock table sms_opt_outs in access exclusive mode`);
        racing = Promise.all(
          [first, second].map((handle) =>
            saveRatingSubmission(handle.db, submission(device, phone(50))).catch((error: unknown) => error),
          ),
        );
        await waitForLockWaiters(database().db, 2);
      });
      const outcomes = (await racing) ?? [];
      expect(outcomes.map((outcome) => (outcome as { saved?: boolean }).saved).sort()).toEqual([false, true]);
    } finally {
      await Promise.all([first, second, locker].map((handle) => handle.close()));
    }
    const saved = await database()
      .db.select()
      .from(ratings)
      .where(eq(ratings.phoneNumber, phone(50)));
    expect(saved).toHaveLength(1);
  });

  it("waits, turning 'Do not rate me' on, for the submission holding the number, and withholds every one after", async () => {
    const url = database().url ?? '';
    const target = phone(70);
    const device = await newDeviceSession(database().db);
    // The submission stops, holding the number's lock, at the opt-out list a third connection holds; the
    // switch must wait for it (the same lock), so the rating commits before the number is closed to ratings.
    const [submitter, owner, locker] = await Promise.all(
      [1, 2, 3].map(() => createDatabase({ url, maxConnections: 1, migrate: false })),
    );
    if (!submitter || !owner || !locker) throw new Error('no connections');
    try {
      let inFlight: Promise<unknown> | undefined;
      let switched: Promise<unknown> | undefined;
      await locker.db.transaction(async (tx) => {
        await tx.execute(sql`lock table sms_opt_outs in access exclusive mode`);
        inFlight = saveRatingSubmission(submitter.db, submission(device, target));
        await waitForLockWaiters(database().db, 1);
        switched = setDoNotRate(owner.db, { phone: target, doNotRate: true, now: new Date() });
        await waitForLockWaiters(database().db, 2);
        const closed = await database()
          .db.select()
          .from(doNotRateNumbers)
          .where(eq(doNotRateNumbers.phoneNumber, target));
        expect(closed).toEqual([]);
      });
      expect(await inFlight).toMatchObject({ saved: true });
      expect(await switched).toBe(true);
    } finally {
      await Promise.all([submitter, owner, locker].map((handle) => handle.close()));
    }
    const raterPhone = phone(71);
    const other = await newDeviceSession(database().db, { number: raterPhone, proven: true });
    expect(
      await saveRatingSubmission(database().db, submission(other, target, { raterPhone })),
    ).toMatchObject({
      saved: true,
      withheld: 'do_not_rate',
    });
    const saved = await database().db.select().from(ratings).where(eq(ratings.phoneNumber, target));
    expect(saved.map((rating) => rating.withheldReason).sort()).toEqual(['do_not_rate', null]);
  });
});

/**
 * Polls until `count` statements of this database wait for a lock (5 s at most). Not from inside a
 * transaction: pg_stat_activity is read once per transaction.
 */
async function waitForLockWaiters(db: Executor, count: number) {
  for (let waited = 0; waited < 5000; waited += 10) {
    const [row] = await db
      .select({ waiting: sql`count(*)`.mapWith(Number) })
      .from(sql`pg_stat_activity`)
      .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
    if ((row?.waiting ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`fewer than ${count} statements waited for a lock`);
}

/** The database's own error under drizzle's wrapper. */
function innermost(error: Error): Error {
  let current = error;
  while (current.cause instanceof Error) current = current.cause;
  return current;
}
