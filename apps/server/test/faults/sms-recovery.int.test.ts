import { notifications } from '@exrated/db/schema';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { type ControllableSns, startControllableSns } from '../support/controllable-sns';
import { stubLocalSnsEnvironment } from '../support/local-sns';
import { usPhone } from '../support/rating-fixtures';
import { createTestApp, httpOf, type TestApp, testConfig } from '../support/test-app';
import { testClock } from '../support/test-clock';
import { provenBrowser, rateOverHttp } from '../support/verification';

/**
 * The SMS provider failing, then recovering: rating texts wait in the outbox (notifications pending), back off,
 * and once SNS answers again each is delivered exactly once. The app talks to a local SNS server through the
 * real SDK (SMS_PROVIDER=sns); its clock is moved forward instead of waiting out the back-off.
 */
let sns: ControllableSns;
let t: TestApp;
let app: FastifyInstance;
/** A second instance on the same database, whose dispatcher races the first one's. */
let twin: FastifyInstance;
const clock = testClock();
const http = httpOf(() => app);

beforeAll(async () => {
  sns = await startControllableSns();
  stubLocalSnsEnvironment(sns.url);
  t = await createTestApp({ withoutRedis: true });
  const config = testConfig({
    SMS_PROVIDER: 'sns',
    NOTIFICATION_RETRY_BASE_SECONDS: '30',
    NOTIFICATION_MAX_ATTEMPTS: '6',
  });
  const build = () =>
    buildApp(config, {
      database: t.database,
      redis: null,
      logger: false,
      runDispatcher: false,
      now: clock.now,
    });
  app = await build();
  twin = await build();
});

afterAll(async () => {
  await app?.close();
  await twin?.close();
  await t?.close();
  await sns?.close();
  vi.unstubAllEnvs();
});

async function notificationRows() {
  return t.database.db
    .select({ id: notifications.id, status: notifications.status, attempts: notifications.attempts })
    .from(notifications);
}

describe('SMS endpoint failing, then recovering', () => {
  it('keeps the texts pending while SNS fails and delivers each exactly once after it recovers', async () => {
    // A rater who proved a phone (on the console-sender twin of the same database): the ratings count.
    const browser = await provenBrowser(t);
    sns.setMode({ kind: 'fail' });
    const phones = [usPhone(501), usPhone(502), usPhone(503)];
    for (const phone of phones) {
      const reply = await rateOverHttp(http, browser, phone);
      // The rating is stored whatever the provider does; its text, tried after the answer, waits.
      expect(reply.status).toBe(200);
      await new Promise((resolve) => setImmediate(resolve));
      await app.services.dispatcher.settled();
    }
    let rows = await notificationRows();
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.status === 'pending' && row.attempts === 1)).toBe(true);

    // Still failing after the first back-off (30 s): a second attempt each, still pending.
    clock.advance(31_000);
    expect(await app.services.dispatcher.runOnce()).toMatchObject({ claimed: 3, sent: 0, failed: 3 });
    // Not due yet (the second back-off is 60 s): nothing is tried.
    clock.advance(10_000);
    expect(await app.services.dispatcher.runOnce()).toMatchObject({ claimed: 0 });
    rows = await notificationRows();
    expect(rows.every((row) => row.status === 'pending' && row.attempts === 2)).toBe(true);
    expect(sns.accepted()).toHaveLength(0);
    expect(sns.refusedCount()).toBe(6);

    sns.setMode({ kind: 'ok' });
    clock.advance(60_000);
    // Two instances' dispatchers race for the due texts, and run again later: each text goes out once.
    const [first, second] = await Promise.all([
      app.services.dispatcher.runOnce(),
      twin.services.dispatcher.runOnce(),
    ]);
    expect(first.sent + second.sent).toBe(3);
    expect(first.failed + second.failed).toBe(0);
    clock.advance(10 * 60_000);
    expect(await app.services.dispatcher.runOnce()).toMatchObject({ claimed: 0 });
    expect(await twin.services.dispatcher.runOnce()).toMatchObject({ claimed: 0 });

    rows = await notificationRows();
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    const delivered = sns.acceptedByNotification();
    expect([...delivered.keys()].sort()).toEqual(rows.map((row) => row.id).sort());
    expect([...delivered.values()]).toEqual([1, 1, 1]);
    expect(
      sns
        .accepted()
        .map((text) => text.to)
        .sort(),
    ).toEqual([...phones].sort());
  });
});
