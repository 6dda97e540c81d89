import { createTestDatabase, type TestDatabase } from '@exrated/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app';
import { ConsoleSmsSender } from '../../src/services/sms/console-sms-sender';
import { VERIFICATION_UNAVAILABLE } from '../../src/services/verification/verification-service';
import { DEPENDENCY_UNAVAILABLE_MESSAGE } from '../../src/trpc/dependency-errors';
import { captureLogs } from '../support/log-capture';
import { ratingTableCounts, usPhone } from '../support/rating-fixtures';
import { startPostgresProxy, startTcpProxyFor, type TcpProxy, throughProxy } from '../support/tcp-proxy';
import { HttpBrowser, httpOf, testConfig } from '../support/test-app';
import { rateOverHttp, type TrpcHttpReply, trpcHttp } from '../support/verification';

/**
 * Postgres and Redis going silent (a network partition: connections stay open, nothing comes back), each
 * behind a TCP proxy this file controls; the shared servers are never touched. Every request answers within
 * the bound with a 503 that says what to do, never a 500 and never a hang, and the app is back within a
 * few seconds of the partition healing, without a restart. The figures are printed for docs/reliability.md.
 */

/** How long each partition lasts. */
const FAULT_MS = 4_000;
/** "About 2 s": a request's answer while a dependency is silent. */
const ANSWER_BOUND_MS = 3_000;
/** From the partition healing to the first request answered normally. */
const RECOVERY_BOUND_MS = 5_000;

let database: TestDatabase;
let pgProxy: TcpProxy;
let redisProxy: TcpProxy | null = null;
let app: FastifyInstance;
const sms = new ConsoleSmsSender(() => {});
const logs = captureLogs();
const http = httpOf(() => app);

beforeAll(async () => {
  database = await createTestDatabase(inject('testDatabaseServerUrl'));
  pgProxy = await startPostgresProxy(database);
  const redisUrl = inject('testRedisUrl');
  if (redisUrl) redisProxy = await startTcpProxyFor(redisUrl, 6379);
  const config = testConfig({
    DATABASE_URL: throughProxy(pgProxy, database.url ?? ''),
    DATABASE_POOL_SIZE: '4',
    ...(redisProxy && redisUrl
      ? { REDIS_URL: throughProxy(redisProxy, redisUrl), REDIS_KEY_PREFIX: `faults:${Date.now()}:` }
      : {}),
    LOG_LEVEL: 'warn',
  });
  app = await buildApp(config, { sms, runDispatcher: false, logger: { stream: logs.stream } });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await pgProxy?.close();
  await redisProxy?.close();
  await database?.dispose();
});

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const startedAt = Date.now();
  const result = await work();
  return [result, Date.now() - startedAt];
}

/** Calls `attempt` every 100 ms until it succeeds; the time from now to that success. */
async function timeToRecover(attempt: () => Promise<boolean>, limitMs: number): Promise<number> {
  const startedAt = Date.now();
  while (Date.now() - startedAt < limitMs) {
    if (await attempt()) return Date.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not recovered within ${limitMs} ms`);
}

function expectUnavailable(reply: TrpcHttpReply, message: string) {
  expect(reply.status).toBe(503);
  expect(reply.error?.data.code).toBe('SERVICE_UNAVAILABLE');
  expect(reply.error?.message).toBe(message);
  expect(reply.response.body).not.toMatch(/CONNECTION_|ECONN|postgres|redis|select |insert |at \w+ \(/i);
}

function report(scenario: string, figures: Record<string, unknown>) {
  process.stdout.write(`[faults] ${scenario}: ${JSON.stringify(figures)}\n`);
}

describe('Postgres goes silent', () => {
  it('answers every request with a 503 within about 2 s and recovers within seconds, without a restart', async () => {
    const rater = new HttpBrowser();
    const reader = new HttpBrowser();
    const warm = await rateOverHttp(http, rater, usPhone(951));
    expect(warm.status).toBe(200);
    expect((await trpcHttp(http, reader, 'query', 'profile.me')).status).toBe(200);
    const before = await ratingTableCounts(database.db);

    pgProxy.stall();
    const faultEnds = Date.now() + FAULT_MS;
    // A write by a returning rater, a read, a fresh visitor, and readiness, all at once.
    const [[rated, ratedMs], [me, meMs], [fresh, freshMs], [ready, readyMs]] = await Promise.all([
      timed(() => rateOverHttp(http, rater, usPhone(952))),
      timed(() => trpcHttp(http, reader, 'mutation', 'profile.setTextsOptIn', { optIn: true })),
      timed(() => trpcHttp(http, new HttpBrowser(), 'query', 'profile.me')),
      timed(() => app.inject({ method: 'GET', url: '/readyz' })),
    ]);
    for (const reply of [rated, fresh]) expectUnavailable(reply, DEPENDENCY_UNAVAILABLE_MESSAGE);
    // The reader never proved a phone: the refusal comes after the session lookup, which is what failed.
    expectUnavailable(me, DEPENDENCY_UNAVAILABLE_MESSAGE);
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ checks: { database: 'down' } });
    // A second wave, once the first has met the silence: the pool does not keep anyone waiting either.
    const [again, againMs] = await timed(() => rateOverHttp(http, rater, usPhone(953)));
    expectUnavailable(again, DEPENDENCY_UNAVAILABLE_MESSAGE);
    const answers = [ratedMs, meMs, freshMs, readyMs, againMs];
    for (const ms of answers) expect(ms).toBeLessThan(ANSWER_BOUND_MS);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, faultEnds - Date.now())));
    pgProxy.unstall();
    const recoveryMs = await timeToRecover(async () => {
      const reply = await trpcHttp(http, reader, 'query', 'profile.me');
      return reply.status === 200;
    }, RECOVERY_BOUND_MS);
    const submitted = await rateOverHttp(http, rater, usPhone(954));
    expect(submitted.status).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    // Nothing of the refused ratings was written; the one after recovery is whole.
    expect(await ratingTableCounts(database.db)).toEqual({
      ratings: Number(before.ratings) + 1,
      scores: Number(before.scores) + 5,
      notifications: Number(before.notifications) + 1,
    });
    report('postgres silent', { answersMs: answers, maxAnswerMs: Math.max(...answers), recoveryMs });
  });
});

describe.runIf(inject('testRedisUrl') !== null)('Redis goes silent', () => {
  it('verification fails closed with 503, ratings are still taken, and both recover within seconds', async () => {
    const proxy = redisProxy as TcpProxy;
    const rater = new HttpBrowser();
    expect(
      (
        await trpcHttp(http, new HttpBrowser(), 'mutation', 'verification.send', {
          phoneNumber: usPhone(961),
        })
      ).status,
    ).toBe(200);

    proxy.stall();
    const faultEnds = Date.now() + FAULT_MS;
    const [[sent, sentMs], [rated, ratedMs], [ready, readyMs]] = await Promise.all([
      timed(() =>
        trpcHttp(http, new HttpBrowser(), 'mutation', 'verification.send', { phoneNumber: usPhone(962) }),
      ),
      timed(() => rateOverHttp(http, rater, usPhone(963))),
      timed(() => app.inject({ method: 'GET', url: '/readyz' })),
    ]);
    // Verification fails closed (no code without the store), the rating caps fail open.
    expectUnavailable(sent, VERIFICATION_UNAVAILABLE);
    expect(rated.status).toBe(200);
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ checks: { database: 'ok', redis: 'down' } });
    const answers = [sentMs, ratedMs, readyMs];
    for (const ms of answers) expect(ms).toBeLessThan(ANSWER_BOUND_MS);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, faultEnds - Date.now())));
    proxy.unstall();
    let next = 964;
    const recoveryMs = await timeToRecover(async () => {
      next += 1;
      const reply = await trpcHttp(http, new HttpBrowser(), 'mutation', 'verification.send', {
        phoneNumber: usPhone(next),
      });
      return reply.status === 200;
    }, RECOVERY_BOUND_MS);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    report('redis silent', { answersMs: answers, maxAnswerMs: Math.max(...answers), recoveryMs });
  });
});
