import { createDatabase } from '@exrated/db';
import { claimedProfiles, deviceSessions, logs, notifications, ratings } from '@exrated/db/schema';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConsoleSmsSender } from '../src/services/sms/console-sms-sender';
import { SmsDeliveryError, type SmsMessage } from '../src/services/sms/sms-sender';
import { postProcedure, ratingInput, submitRating, usPhone } from './support/rating-fixtures';
import { createTestApp, HttpBrowser, type TestApp, useTestApp } from './support/test-app';
import { testClock } from './support/test-clock';
import { provenBrowser } from './support/verification';

/** The console sender, made to fail on demand and to take its time like a real provider. */
class ControllableSmsSender extends ConsoleSmsSender {
  failing = false;
  delayMs = 0;

  constructor() {
    super(() => {});
  }

  override async send(message: SmsMessage) {
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failing) throw new SmsDeliveryError('Provider unavailable (test)');
    return super.send(message);
  }
}

async function notificationOf(t: TestApp, ratingId: string | undefined) {
  const [row] = await t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.ratingId, ratingId ?? ''));
  return row;
}

describe('notification.visit', () => {
  const t = useTestApp({ overrides: { runDispatcher: false } });

  const visit = (input: unknown, browser?: HttpBrowser) =>
    postProcedure<{ name: string }>(t, 'notification.visit', input, browser);

  async function ratedEntry(phoneNumber: string, name = 'Zoë K.') {
    const reply = await submitRating(t, ratingInput({ phoneNumber, name }), await provenBrowser(t));
    await t.textsSent();
    const notification = await notificationOf(t, reply.data?.ratingId);
    return notification?.id ?? '';
  }

  it("returns only the rated entry's name and creates the verified profile for that phone", async () => {
    const phone = usPhone(600);
    const id = await ratedEntry(phone);
    const browser = new HttpBrowser();
    const reply = await visit({ id }, browser);
    expect(reply.status).toBe(200);
    expect(reply.data).toEqual({ name: 'Zoë K.' });

    const [profile] = await t.database.db
      .select()
      .from(claimedProfiles)
      .where(eq(claimedProfiles.phoneNumber, phone));
    expect(profile).toMatchObject({ name: 'Zoë K.', isVerified: true });
    expect(profile?.verifiedAt).toBeInstanceOf(Date);

    // No session has proven the rated phone: the visit does not prove it.
    const sessions = await t.database.db
      .select({ phoneNumber: deviceSessions.phoneNumber, phoneProvenAt: deviceSessions.phoneProvenAt })
      .from(deviceSessions);
    expect(sessions.some((session) => session.phoneNumber === phone && session.phoneProvenAt)).toBe(false);

    const actions = await t.database.db
      .select({ action: logs.action })
      .from(logs)
      .where(
        inArray(logs.action, [
          'rating_redirect_visited',
          'notification_found',
          'new_profile_creation',
          'profile_created',
        ]),
      )
      .orderBy(asc(logs.createdAt));
    expect(actions.map((row) => row.action)).toEqual([
      'rating_redirect_visited',
      'notification_found',
      'new_profile_creation',
      'profile_created',
    ]);

    // A second visit finds the profile and changes nothing.
    const again = await visit({ id }, browser);
    expect(again.data).toEqual({ name: 'Zoë K.' });
    const profiles = await t.database.db
      .select()
      .from(claimedProfiles)
      .where(eq(claimedProfiles.phoneNumber, phone));
    expect(profiles).toHaveLength(1);
    const [found] = await t.database.db
      .select({ action: logs.action })
      .from(logs)
      .where(eq(logs.action, 'existing_profile_found'));
    expect(found).toBeDefined();
  });

  it('leaves an existing profile as it is', async () => {
    const phone = usPhone(601);
    await t.database.db
      .insert(claimedProfiles)
      .values({ phoneNumber: phone, name: 'Own name', isVerified: false });
    const id = await ratedEntry(phone);
    expect((await visit({ id })).data).toEqual({ name: 'Zoë K.' });
    const [profile] = await t.database.db
      .select()
      .from(claimedProfiles)
      .where(eq(claimedProfiles.phoneNumber, phone));
    expect(profile).toMatchObject({ name: 'Own name', isVerified: false });
  });

  it.each<[string, unknown, number, string]>([
    ['a missing id', {}, 400, 'Invalid link'],
    ['an empty id', { id: '' }, 400, 'Invalid link'],
    ['no input at all', undefined, 400, 'Invalid link'],
    ['a malformed id', { id: 'not-a-guid' }, 404, 'This link is invalid or has expired'],
    [
      'an unknown id',
      { id: '3f1b2c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d' },
      404,
      'This link is invalid or has expired',
    ],
  ])('refuses %s', async (_label, input, status, message) => {
    const reply = await visit(input);
    expect(reply.status).toBe(status);
    expect(reply.error?.message).toBe(message);
  });

  it('logs an invalid link', async () => {
    await t.database.db.delete(logs);
    await visit({ id: 'not-a-guid' });
    const actions = await t.database.db
      .select({ action: logs.action })
      .from(logs)
      .orderBy(asc(logs.createdAt));
    expect(actions.map((row) => row.action)).toEqual(['rating_redirect_visited', 'rating_redirect_invalid']);
  });

  it('answers anything else with the generic message and logs it', async () => {
    const id = await ratedEntry(usPhone(602));
    await t.database.db.execute(
      sql.raw(`create or replace function test_refuse_profile() returns trigger language plpgsql as $$
        begin raise exception 'forced profile failure'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(
        'create trigger test_refuse_profile before insert on claimed_profiles for each row execute function test_refuse_profile()',
      ),
    );
    await t.database.db.delete(logs);
    try {
      const reply = await visit({ id });
      expect(reply.status).toBe(500);
      expect(reply.error?.message).toBe('Something went wrong, please try again');
    } finally {
      await t.database.db.execute(sql.raw('drop trigger test_refuse_profile on claimed_profiles'));
    }
    const actions = await t.database.db
      .select({ action: logs.action })
      .from(logs)
      .orderBy(asc(logs.createdAt));
    expect(actions.map((row) => row.action)).toEqual([
      'rating_redirect_visited',
      'notification_found',
      'profile_creation_failed',
      'rating_redirect_error',
    ]);
  });
});

describe('the text and its retries', () => {
  let t: TestApp;
  let sms: ControllableSmsSender;
  const clock = testClock();

  beforeAll(async () => {
    sms = new ControllableSmsSender();
    t = await createTestApp({
      overrides: { runDispatcher: false, sms, now: clock.now },
      env: { NOTIFICATION_MAX_ATTEMPTS: '3', NOTIFICATION_RETRY_BASE_SECONDS: '30' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    sms.failing = false;
  });

  it('keeps the rating when the text fails, and the dispatcher sends it after the backoff', async () => {
    const rater = await provenBrowser(t);
    sms.failing = true;
    const reply = await submitRating(t, ratingInput({ phoneNumber: usPhone(700) }), rater);
    expect(reply.status).toBe(200);
    // The rater's answer says nothing of the text, which is sent after it.
    expect(reply.data).toEqual({ ratingId: expect.any(String), ratingsGiven: 1, isUnlocked: false });
    await t.textsSent();
    const failed = await notificationOf(t, reply.data?.ratingId);
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'Provider unavailable (test)',
    });
    const delay = (failed?.nextAttemptAt.getTime() ?? 0) - clock.now().getTime();
    expect(delay).toBeGreaterThan(25_000);
    expect(delay).toBeLessThanOrEqual(30_000);
    const actions = await t.database.db
      .select({ action: logs.action })
      .from(logs)
      .where(inArray(logs.action, ['sms_notification_attempted', 'sms_notification_failed']));
    expect(actions.map((row) => row.action).sort()).toEqual([
      'sms_notification_attempted',
      'sms_notification_failed',
    ]);

    sms.failing = false;
    expect((await t.app.services.dispatcher.runOnce()).claimed).toBe(0); // not due yet
    clock.advance(31_000);
    expect(await t.app.services.dispatcher.runOnce()).toEqual({
      claimed: 1,
      sent: 1,
      failed: 0,
      suppressed: 0,
      deferred: 0,
    });
    const sent = await notificationOf(t, reply.data?.ratingId);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(t.sms.outbox().filter((message) => message.to === usPhone(700))).toHaveLength(1);
  });

  it('backs off exponentially and gives up after the maximum attempts', async () => {
    const rater = await provenBrowser(t);
    sms.failing = true;
    const reply = await submitRating(t, ratingInput({ phoneNumber: usPhone(701) }), rater);
    await t.textsSent();
    const waits: number[] = [];
    let row = await notificationOf(t, reply.data?.ratingId);
    while (row?.status === 'pending') {
      const wait = Math.round(((row.nextAttemptAt.getTime() ?? 0) - clock.now().getTime()) / 1000);
      waits.push(wait);
      clock.advance((wait + 1) * 1000);
      await t.app.services.dispatcher.runOnce();
      row = await notificationOf(t, reply.data?.ratingId);
    }
    expect(waits).toEqual([30, 60]);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, statusReason: 'max_attempts' });
    clock.advance(3_600_000);
    expect((await t.app.services.dispatcher.runOnce()).claimed).toBe(0);
  });

  it('suppresses a retry to a number that opted out in the meantime', async () => {
    const rater = await provenBrowser(t);
    sms.failing = true;
    const phone = usPhone(702);
    const reply = await submitRating(t, ratingInput({ phoneNumber: phone }), rater);
    await t.textsSent();
    await t.database.db.execute(
      sql`insert into sms_opt_outs (phone_number, source) values (${phone}, 'link')`,
    );
    sms.failing = false;
    clock.advance(31_000);
    expect(await t.app.services.dispatcher.runOnce()).toMatchObject({ claimed: 1, suppressed: 1, sent: 0 });
    expect(await notificationOf(t, reply.data?.ratingId)).toMatchObject({
      status: 'suppressed',
      statusReason: 'opted_out',
    });
  });
});

describe('the dispatcher across restarts and instances', () => {
  it('sends a pending text after the app restarts on the same database', async () => {
    const clock = testClock();
    const failingSms = new ControllableSmsSender();
    const first = await createTestApp({
      overrides: { runDispatcher: false, sms: failingSms, now: clock.now },
    });
    const rater = await provenBrowser(first);
    failingSms.failing = true;
    const reply = await submitRating(first, ratingInput({ phoneNumber: usPhone(800) }), rater);
    await first.textsSent();
    expect(await notificationOf(first, reply.data?.ratingId)).toMatchObject({
      status: 'pending',
      attempts: 1,
    });
    await first.app.close();

    const sms = new ControllableSmsSender();
    const restarted = await buildApp(first.config, {
      database: first.database,
      redis: null,
      sms,
      now: clock.now,
      logger: false,
      runDispatcher: false,
    });
    try {
      clock.advance(31_000);
      expect(await restarted.services.dispatcher.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
      expect(sms.outbox().map((message) => message.to)).toEqual([usPhone(800)]);
      expect(await notificationOf(first, reply.data?.ratingId)).toMatchObject({
        status: 'sent',
        attempts: 2,
      });
    } finally {
      await restarted.close();
      await first.close();
    }
  });

  it('retries on its own timer when started', async () => {
    const sms = new ControllableSmsSender();
    const t = await createTestApp({
      overrides: { sms },
      env: { DISPATCHER_INTERVAL_MS: '50', NOTIFICATION_RETRY_BASE_SECONDS: '1' },
    });
    try {
      const rater = await provenBrowser(t);
      sms.failing = true;
      const reply = await submitRating(t, ratingInput({ phoneNumber: usPhone(810) }), rater);
      await t.textsSent();
      expect((await notificationOf(t, reply.data?.ratingId))?.status).toBe('pending');
      sms.failing = false;
      await expect
        .poll(async () => (await notificationOf(t, reply.data?.ratingId))?.status, {
          timeout: 5000,
          interval: 100,
        })
        .toBe('sent');
    } finally {
      await t.close();
    }
  });

  it('never sends a text twice with two instances dispatching one database at once', async () => {
    const clock = testClock();
    const failingSms = new ControllableSmsSender();
    const t = await createTestApp({
      overrides: { runDispatcher: false, sms: failingSms, now: clock.now },
      env: { LIMIT_RATINGS_PER_DEVICE_PER_HOUR: '100', LIMIT_RATINGS_PER_IP_PER_HOUR: '100' },
    });
    const second = await createDatabase({ url: t.database.url ?? '', maxConnections: 5, migrate: false });
    const senders = [new ControllableSmsSender(), new ControllableSmsSender()];
    for (const sender of senders) sender.delayMs = 5;
    const instances = [
      t.app,
      await buildApp(t.config, {
        database: second,
        redis: null,
        sms: senders[1],
        now: clock.now,
        logger: false,
        runDispatcher: false,
      }),
    ];
    try {
      const total = 40;
      const rater = await provenBrowser(t);
      failingSms.failing = true;
      for (let index = 0; index < total; index += 1) {
        const reply = await submitRating(t, ratingInput({ phoneNumber: usPhone(900 + index) }), rater);
        expect(reply.status).toBe(200);
      }
      await t.textsSent();
      // The first instance now sends through a working sender of its own.
      failingSms.failing = false;
      failingSms.delayMs = 5;
      senders[0] = failingSms;
      clock.advance(31_000);
      // Both instances dispatch in parallel, several times over, each with batches of at most 25.
      const runs = await Promise.all(
        [0, 1, 2].flatMap(() => instances.map((instance) => instance.services.dispatcher.runOnce())),
      );
      const again = await Promise.all(instances.map((instance) => instance.services.dispatcher.runOnce()));
      // Overlapping runOnce calls on one instance share one run: count each run once.
      const claimed = [...new Set([...runs, ...again])].reduce((sum, run) => sum + run.claimed, 0);
      const recipients = senders.flatMap((sender) =>
        sender
          .outbox()
          .filter((message) => message.kind === 'rating')
          .map((message) => message.to),
      );
      expect(recipients).toHaveLength(total);
      expect(new Set(recipients).size).toBe(total);
      expect(claimed).toBe(total);
      const rows = await t.database.db.select({ status: notifications.status }).from(notifications);
      expect(rows.every((row) => row.status === 'sent')).toBe(true);
      // Both instances took part.
      expect(senders.every((sender) => sender.outbox().length > 0)).toBe(true);
      const [{ value } = { value: 0 }] = await t.database.db
        .select({ value: sql<number>`count(*)::int` })
        .from(ratings);
      expect(value).toBe(total);
    } finally {
      await instances[1]?.close();
      await second.close();
      await t.close();
    }
  });
});
