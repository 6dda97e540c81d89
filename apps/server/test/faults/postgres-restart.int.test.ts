import { createTestDatabase, type TestDatabase } from '@exrated/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app';
import { ConsoleSmsSender } from '../../src/services/sms/console-sms-sender';
import { DEPENDENCY_UNAVAILABLE_MESSAGE } from '../../src/trpc/dependency-errors';
import { captureLogs } from '../support/log-capture';
import { waitFor } from '../support/processes';
import { ratingTableCounts, usPhone } from '../support/rating-fixtures';
import { startPostgresProxy, type TcpProxy, throughProxy } from '../support/tcp-proxy';
import { HttpBrowser, httpOf, testConfig } from '../support/test-app';
import { rateOverHttp, type TrpcHttpReply, trpcHttp } from '../support/verification';

/**
 * Postgres restarted mid-run: the app reaches this file's database through a TCP proxy the test controls.
 * The proxy cuts every pooled connection and refuses new ones for a few seconds (a restart as clients see
 * it), then accepts again. The shared Postgres itself is never touched.
 */
const OUTAGE_MS = 3_000;
/** A request during the outage must be answered within this, not hang until the outage ends. */
const ANSWER_BOUND_MS = 3_000;

let database: TestDatabase;
let proxy: TcpProxy;
let app: FastifyInstance;
const sms = new ConsoleSmsSender(() => {});
const logs = captureLogs();
const http = httpOf(() => app);

beforeAll(async () => {
  database = await createTestDatabase(inject('testDatabaseServerUrl'));
  proxy = await startPostgresProxy(database);
  const config = testConfig({
    DATABASE_URL: throughProxy(proxy, database.url ?? ''),
    DATABASE_POOL_SIZE: '4',
    LOG_LEVEL: 'warn',
  });
  // The app owns its pool (through the proxy), as in production; the test reads through `database` directly.
  app = await buildApp(config, { redis: null, sms, runDispatcher: false, logger: { stream: logs.stream } });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await proxy?.close();
  await database?.dispose();
});

function expectCleanFailure(reply: TrpcHttpReply, elapsedMs: number) {
  expect(elapsedMs).toBeLessThan(ANSWER_BOUND_MS);
  // Unavailable, with what to do, not an internal error (docs/reliability.md).
  expect(reply.status).toBe(503);
  expect(reply.error?.data.code).toBe('SERVICE_UNAVAILABLE');
  const body = reply.response.body;
  expect(body).not.toMatch(
    /ECONNRESET|ECONNREFUSED|CONNECTION_CLOSED|postgres|select |insert |\.ts:\d+|at \w+ \(/i,
  );
  expect(reply.error?.message).toBe(DEPENDENCY_UNAVAILABLE_MESSAGE);
  expect(reply.error?.data.stack).toBeUndefined();
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const startedAt = Date.now();
  const result = await work();
  return [result, Date.now() - startedAt];
}

describe('Postgres restarted mid-run', () => {
  it('fails requests cleanly during the outage and the pool recovers without a restart', async () => {
    const browser = new HttpBrowser();
    const first = await rateOverHttp(http, browser, usPhone(901));
    expect(first.status).toBe(200);
    expect(proxy.connectionCount()).toBeGreaterThan(0);
    const before = await ratingTableCounts(database.db);

    await proxy.refuse();
    proxy.cutAll();
    const outageEnds = Date.now() + OUTAGE_MS;

    // A write and a read at once, both while every connection is gone and new ones are refused.
    const [[rated, ratedMs], [me, meMs]] = await Promise.all([
      timed(() => rateOverHttp(http, browser, usPhone(902))),
      timed(() => trpcHttp(http, browser, 'query', 'profile.me')),
    ]);
    expectCleanFailure(rated, ratedMs);
    expectCleanFailure(me, meMs);
    const [ready, readyMs] = await timed(() => app.inject({ method: 'GET', url: '/readyz' }));
    expect(readyMs).toBeLessThan(ANSWER_BOUND_MS);
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ checks: { database: 'down' } });
    // Nothing of the refused rating was written.
    expect(await ratingTableCounts(database.db)).toEqual(before);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, outageEnds - Date.now())));
    await proxy.restore();

    await waitFor(
      'the pool to reconnect',
      async () => (await app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200,
      15_000,
    );
    const again = await rateOverHttp(http, browser, usPhone(902));
    expect(again.status).toBe(200);
    expect(again.data).toMatchObject({ ratingsGiven: 2 });
    const meAgain = await trpcHttp(http, browser, 'query', 'profile.me');
    expect(meAgain.status).toBe(200);
    expect(await ratingTableCounts(database.db)).toEqual({
      ratings: Number(before.ratings) + 1,
      scores: Number(before.scores) + 5,
      notifications: Number(before.notifications) + 1,
    });
    // The fault is in the server's log (with its details), never in the response.
    expect(logs.text().includes('"msg":"procedure failed"')).toBe(true);
  });
});
