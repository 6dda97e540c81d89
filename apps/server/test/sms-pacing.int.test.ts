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
/** When the local SNS got each number's text. */
const publishedAt = new Map<string, number>();

/**
 * What a machine others share may add to a measured time: the slowest answer beyond the unpaced burst's
 * and the bound, or a text's lateness at either end of the schedule.
 */
const JITTER_MS = 1_000;

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
  sns.setReply((params) => {
    published += 1;
    publishedAt.set(params.get('PhoneNumber') ?? '', Date.now());
    return snsXml.publishOk(`sns-${published}`);
  });
  // Two instances at the default throughput, and two that share a schedule too fast to make anyone wait:
  // the same burst on them is what the requests' own work costs on this machine at this moment.
  for (const perSecond of [undefined, '10000']) {
    const prefix = `test:pacing:${randomBytes(4).toString('hex')}:`;
    for (let n = 0; n < 2; n += 1) {
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      connections.push(redis);
      const config = testConfig({
        ...UNCAPPED_LIMITS_ENV,
        REDIS_KEY_PREFIX: prefix,
        SMS_PROVIDER: 'sns',
        SNS_SENDER_ID: 'ExRated',
        SMS_SNS_PER_SECOND: perSecond,
      });
      apps.push(await buildApp(config, { database, redis, logger: false, runDispatcher: false }));
    }
  }
  expect(apps.map((app) => app.services.config.sms.perSecond.sns)).toEqual([20, 20, 10_000, 10_000]);
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

/** Code texts counted today against the daily ceiling, as the instance's limiter holds them. */
async function codesToday(app: FastifyInstance) {
  const rule = { limit: 100_000, windowSeconds: 86_400 };
  return (await app.services.rateLimiter.peek('verification-send:global', rule)).count;
}

/** 100 code requests offered within one second, alternating between two instances; each answer timed. */
async function burst(pair: readonly FastifyInstance[], firstLine: number) {
  const phones = Array.from({ length: 100 }, (_, n) => `+1202555${String(firstLine + n)}`);
  const answers = await Promise.all(
    phones.map(async (phone, n) => {
      await sleep(n * 10);
      const app = pair[n % 2];
      if (!app) throw new Error('two instances expected');
      const started = Date.now();
      const input = { phoneNumber: phone };
      const reply = await trpcHttp(
        httpOf(() => app),
        new HttpBrowser(),
        'mutation',
        'verification.send',
        input,
      );
      return { phone, reply, ms: Date.now() - started };
    }),
  );
  const slowest = Math.max(...answers.map((answer) => answer.ms));
  return { answers, slowest };
}

describe('codes under a burst', () => {
  it('answer within the bound, refuse the excess clearly, send nothing later and count nothing for it', async () => {
    const [first, second, ...unpaced] = apps;
    if (!first || !second) throw new Error('two instances expected');
    // Warm every instance up first (connections, prepared statements), so the baseline is no slower for it.
    await Promise.all(
      apps.map((app, n) =>
        trpcHttp(
          httpOf(() => app),
          new HttpBrowser(),
          'mutation',
          'verification.send',
          {
            phoneNumber: `+1202555${String(7900 + n)}`,
          },
        ),
      ),
    );
    await sleep(PROMPT_MAX_WAIT_MS);
    const baseline = await burst(unpaced, 8000);
    expect(baseline.answers.every((answer) => answer.reply.status === 200)).toBe(true);

    // Rating texts due now on both instances: they must not take the slots the people waiting need.
    const ratingPhones = Array.from({ length: 10 }, (_, n) => `+1202555${String(7000 + n)}`);
    const ratingTexts = await Promise.all(ratingPhones.map((phone) => dueText(database.db, phone)));
    const dispatching = Promise.all([
      first.services.dispatcher.runOnce(),
      second.services.dispatcher.runOnce(),
    ]);
    await sleep(20);

    const before = await codesToday(first);
    const { answers, slowest } = await burst([first, second], 6000);
    // No answer waited longer than the bound for a slot: beyond what the unpaced burst took, at most that.
    expect(slowest).toBeLessThan(baseline.slowest + PROMPT_MAX_WAIT_MS + JITTER_MS);
    const accepted = answers.filter((answer) => answer.reply.status === 200);
    const refused = answers.filter((answer) => answer.reply.status !== 200);
    // The throughput held (20 a second: the texts that went out were spread over at least 50 ms each, less
    // a busy machine's lateness at either end), and what it could not carry within the bound was refused.
    expect(accepted.length).toBeGreaterThanOrEqual(20);
    const sentAt = accepted.map(({ phone }) => publishedAt.get(phone) ?? Number.NaN);
    expect(Math.max(...sentAt) - Math.min(...sentAt)).toBeGreaterThanOrEqual(
      (accepted.length - 1) * 50 - JITTER_MS,
    );
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
    expect(await codesToday(first)).toBe(before + accepted.length + 1);

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
    // Codes went ahead: rating texts only had the slots that were free when the burst began.
    const lastCode = Math.max(...sentAt);
    const ratingSentAt = ratingPhones.map((phone) => publishedAt.get(phone) ?? Number.NaN);
    expect(ratingSentAt.filter((at) => at > lastCode).length).toBeGreaterThanOrEqual(ratingPhones.length / 2);
  }, 60_000);
});
