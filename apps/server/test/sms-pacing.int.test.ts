import { randomBytes } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@exrated/db/testing';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { PROMPT_MAX_WAIT_MS } from '../src/services/sms/send-pacer';
import { type LocalSns, snsXml, startLocalSns, stubLocalSnsEnvironment } from './support/local-sns';
import { startOwnRedis } from './support/own-redis';
import { dueText, notificationRow } from './support/sms-harness';
import { HttpBrowser, httpOf, testConfig, UNCAPPED_LIMITS_ENV } from './support/test-app';
import { trpcHttp } from './support/verification';

/**
 * Codes under a burst, over HTTP, on two instances that share one database and one Redis (so one pacer
 * schedule), texting through the real AWS SDK to a local SNS at the default throughput (20 a second): no
 * answer waits past the bound for a slot, the excess is refused in words a person understands and is never
 * sent later, and rating texts due at the same time wait until the codes leave room.
 */
let database: TestDatabase;
let sns: LocalSns;
let redisUrl: string;
let stopOwnRedis: (() => Promise<void>) | undefined;
const connections: Redis[] = [];
const apps: FastifyInstance[] = [];

/** Time for the request's own work on a busy machine, above the pacer's bound. */
const OVERHEAD_MS = 1_500;

beforeAll(async () => {
  database = await createTestDatabase(inject('testDatabaseServerUrl'));
  const shared = inject('testRedisUrl');
  if (shared) redisUrl = shared;
  else {
    // The pacer under test is the Redis one that instances share.
    const own = await startOwnRedis();
    redisUrl = own.url;
    stopOwnRedis = own.stop;
  }
  sns = await startLocalSns();
  stubLocalSnsEnvironment(sns.url);
  let published = 0;
  sns.setReply(() => {
    published += 1;
    return snsXml.publishOk(`sns-${published}`);
  });
  const prefix = `test:pacing:${randomBytes(4).toString('hex')}:`;
  for (let n = 0; n < 2; n += 1) {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    connections.push(redis);
    const config = testConfig({
      ...UNCAPPED_LIMITS_ENV,
      REDIS_KEY_PREFIX: prefix,
      SMS_PROVIDER: 'sns',
      SNS_SENDER_ID: 'ExRated',
    });
    expect(config.sms.perSecond.sns).toBe(20);
    apps.push(await buildApp(config, { database, redis, logger: false, runDispatcher: false }));
  }
});

afterAll(async () => {
  while (apps.length > 0) await apps.pop()?.close();
  for (const redis of connections) await redis.quit();
  await sns?.close();
  await database?.dispose();
  await stopOwnRedis?.();
  vi.unstubAllEnvs();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const published = () => sns.received.filter((request) => request.params.get('Action') === 'Publish');
const publishedTo = (phone: string) =>
  published().filter((request) => request.params.get('PhoneNumber') === phone).length;

describe('codes under a burst', () => {
  it('answer within the bound, refuse the excess clearly, send nothing later and count nothing for it', async () => {
    const [first, second] = apps;
    if (!first || !second) throw new Error('two instances expected');
    // Rating texts due now on both instances: they must not take the slots the people waiting need.
    const ratingTexts = await Promise.all(
      Array.from({ length: 10 }, (_, n) => dueText(database.db, `+1202555${String(7000 + n)}`)),
    );
    const dispatching = Promise.all([
      first.services.dispatcher.runOnce(),
      second.services.dispatcher.runOnce(),
    ]);
    await sleep(20);

    const phones = Array.from({ length: 100 }, (_, n) => `+1202555${String(6000 + n)}`);
    const offeredFrom = Date.now();
    const answers = await Promise.all(
      phones.map(async (phone, n) => {
        // 100 offered within one second, alternating between the instances.
        await sleep(n * 10);
        const app = n % 2 === 0 ? first : second;
        const started = Date.now();
        const reply = await trpcHttp(
          httpOf(() => app),
          new HttpBrowser(),
          'mutation',
          'verification.send',
          {
            phoneNumber: phone,
          },
        );
        return { phone, reply, ms: Date.now() - started };
      }),
    );
    const offeredForMs = Date.now() - offeredFrom;

    const slowest = Math.max(...answers.map((answer) => answer.ms));
    expect(slowest).toBeLessThan(PROMPT_MAX_WAIT_MS + OVERHEAD_MS);
    const accepted = answers.filter((answer) => answer.reply.status === 200);
    const refused = answers.filter((answer) => answer.reply.status !== 200);
    // 20 a second over the time the burst lasted, plus the bound's second of slots booked ahead.
    expect(accepted.length).toBeGreaterThanOrEqual(20);
    expect(accepted.length).toBeLessThanOrEqual(Math.ceil((offeredForMs / 1000 + 1) * 20) + 2);
    expect(refused.length).toBeGreaterThan(0);
    for (const { reply } of refused) {
      expect(reply.status).toBe(429);
      expect(reply.error?.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 60 });
      expect(reply.error?.message).toBe(
        "We're sending a lot of texts right now. Please try again in 60 seconds.",
      );
    }
    for (const { phone } of accepted) expect(publishedTo(phone)).toBe(1);
    for (const { phone } of refused) expect(publishedTo(phone)).toBe(0);

    await dispatching;
    // Nothing goes later behind the person's back: after the schedule has drained, still no text.
    await sleep(PROMPT_MAX_WAIT_MS + 500);
    for (const { phone } of refused) expect(publishedTo(phone)).toBe(0);

    // The refused send counted nothing: not the number's wait nor its ceiling, not the daily ceiling.
    const [again] = refused;
    if (!again) throw new Error('a refused number expected');
    const retry = await trpcHttp(
      httpOf(() => first),
      new HttpBrowser(),
      'mutation',
      'verification.send',
      {
        phoneNumber: again.phone,
      },
    );
    expect(retry.status).toBe(200);
    expect(publishedTo(again.phone)).toBe(1);
    const global = await first.services.rateLimiter.peek('verification-send:global', {
      limit: 100_000,
      windowSeconds: 86_400,
    });
    expect(global.count).toBe(accepted.length + 1);

    // The rating texts wait their turn and go once the codes leave room (they are due over hours).
    while (
      (await Promise.all(ratingTexts.map((id) => notificationRow(database.db, id)))).some(
        (row) => row.status === 'pending',
      )
    ) {
      await Promise.all([first.services.dispatcher.runOnce(), second.services.dispatcher.runOnce()]);
      await sleep(100);
    }
    for (const id of ratingTexts) expect((await notificationRow(database.db, id)).status).toBe('sent');
  }, 60_000);
});
