import { createTestDatabase, type TestDatabase } from '@exrated/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app';
import { ConsoleSmsSender } from '../../src/services/sms/console-sms-sender';
import { VERIFICATION_UNAVAILABLE } from '../../src/services/verification/verification-service';
import { captureLogs } from '../support/log-capture';
import { noteRedisServerMissing, type OwnRedis, startOwnRedis } from '../support/own-redis';
import { waitFor } from '../support/processes';
import { ratingTableCounts, usPhone } from '../support/rating-fixtures';
import { HttpBrowser, httpOf, testConfig } from '../support/test-app';
import { latestCode, provenBrowser, rateOverHttp, trpcHttp } from '../support/verification';

/**
 * Redis stopped mid-run, on a redis-server of this file's own: the app is built exactly as main builds it
 * (REDIS_URL, so its own ioredis client with enableOfflineQueue false and maxRetriesPerRequest 1).
 */
let redis: OwnRedis;
let database: TestDatabase;
let app: FastifyInstance;
const sms = new ConsoleSmsSender(() => {});
const logs = captureLogs();
const http = httpOf(() => app);

const SUITE = 'Redis stopped mid-run';
const runnable = inject('redisServerInstalled');
if (!runnable) noteRedisServerMissing(SUITE);

beforeAll(async () => {
  if (!runnable) return;
  redis = await startOwnRedis();
  database = await createTestDatabase(inject('testDatabaseServerUrl'));
  const config = testConfig({
    REDIS_URL: redis.url,
    LOG_LEVEL: 'warn',
  });
  app = await buildApp(config, {
    database,
    sms,
    runDispatcher: false,
    logger: { stream: logs.stream },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.dispose();
  await redis?.stop();
});

// It stops and starts a redis-server of its own.
describe.runIf(runnable)(SUITE, () => {
  it('verification is temporarily unavailable, ratings are still taken, and both recover without a restart', async () => {
    const browser = new HttpBrowser();
    const phone = '+447400123401';
    const sent = await trpcHttp(http, browser, 'mutation', 'verification.send', { phoneNumber: phone });
    expect(sent.status).toBe(200);
    const code = latestCode({ sms }, phone);
    // A rater who proved a phone before the outage: their rating counts, so its text is due at once.
    const rater = await provenBrowser({ http: http.http, sms });

    await redis.stop();

    // Fails fast (no offline queue), with its message (docs/product.md#messages): no hang, no INTERNAL.
    const startedAt = Date.now();
    const checked = await trpcHttp(http, browser, 'mutation', 'verification.check', {
      phoneNumber: phone,
      code,
    });
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(checked.status).toBe(503);
    expect(checked.error?.message).toBe(VERIFICATION_UNAVAILABLE);
    expect(checked.error?.data.code).toBe('SERVICE_UNAVAILABLE');
    const resent = await trpcHttp(http, new HttpBrowser(), 'mutation', 'verification.send', {
      phoneNumber: '+447400123402',
    });
    expect(resent.status).toBe(503);
    expect(resent.error?.message).toBe(VERIFICATION_UNAVAILABLE);
    expect(JSON.stringify(resent.error)).not.toMatch(/ECONNREFUSED|Connection is closed|stack|at \w+ \(/);

    // The rating caps fail open: the rating is stored whole and its text goes out; the fault is logged.
    const before = await ratingTableCounts(database.db);
    const rated = await rateOverHttp(http, rater, usPhone(801));
    expect(rated.status).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    await app.services.dispatcher.settled();
    expect(await ratingTableCounts(database.db)).toEqual({
      ratings: Number(before.ratings) + 1,
      scores: Number(before.scores) + 5,
      notifications: Number(before.notifications) + 1,
    });
    expect(sms.outbox().some((message) => message.to === usPhone(801) && message.kind === 'rating')).toBe(
      true,
    );
    expect(logs.text().includes('rate limiter unavailable; rating caps not applied')).toBe(true);
    expect(logs.text().includes('verification code store unavailable')).toBe(true);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ checks: { database: 'ok', redis: 'down' } });

    // Redis comes back empty (nothing was saved): the app's client reconnects by itself.
    await redis.start();
    await waitFor(
      'the app to reconnect to Redis',
      async () => (await app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200,
      15_000,
    );
    const again = new HttpBrowser();
    const phone2 = '+447400123403';
    const sentAgain = await trpcHttp(http, again, 'mutation', 'verification.send', { phoneNumber: phone2 });
    expect(sentAgain.status).toBe(200);
    const verified = await trpcHttp(http, again, 'mutation', 'verification.check', {
      phoneNumber: phone2,
      code: latestCode({ sms }, phone2),
    });
    expect(verified.data).toEqual({ verified: true, phoneNumber: phone2 });
    // The code issued before the outage lived only in the lost Redis: it is refused as expired, not an error.
    const stale = await trpcHttp(http, browser, 'mutation', 'verification.check', {
      phoneNumber: phone,
      code,
    });
    expect(stale.status).toBe(400);
  });
});
