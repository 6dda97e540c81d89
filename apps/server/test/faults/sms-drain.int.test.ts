import { notifications, ratingScores, ratings } from '@exrated/db/schema';
import { count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { type ControllableSns, startControllableSns } from '../support/controllable-sns';
import { stubLocalSnsEnvironment } from '../support/local-sns';
import {
  createTestApp,
  type HttpBrowser,
  httpOf,
  type TestApp,
  testConfig,
  UNCAPPED_LIMITS_ENV,
} from '../support/test-app';
import { provenBrowser, rateOverHttp } from '../support/verification';

/**
 * The provider failing under load, then a backlog draining (the 60 s SNS outage of the earlier fault run,
 * scaled to run in bounded time on 2 cores: a shorter outage, a lower load, a shorter retry base, the same
 * assertions). Four proven writers submit ratings through HTTP while SNS refuses every text; then SNS comes
 * back and the writers stop. Every acknowledged rating must be stored whole (scores and notification), every
 * text sent exactly once, and the backlog gone within the retry schedule plus what the backlog needs at the
 * configured throughput. The figures are printed for docs/reliability.md.
 */
const OUTAGE_MS = 8_000;
const WRITERS = 4;
/** Each writer's pause between ratings: about 20 ratings per second in all, as far as the machine allows. */
const WRITER_PAUSE_MS = 150;
const RETRY_BASE_SECONDS = 2;
const PER_SECOND = 40;
/** Scheduling and test polling on a shared 2-core machine. */
const SLACK_MS = 4_000;

let sns: ControllableSns;
let t: TestApp;
let app: FastifyInstance;
const http = httpOf(() => app);

beforeAll(async () => {
  sns = await startControllableSns();
  stubLocalSnsEnvironment(sns.url);
  // The console app only proves the writers' phones: its dispatcher stays off, so SNS sends every text.
  t = await createTestApp({ env: UNCAPPED_LIMITS_ENV, overrides: { runDispatcher: false } });
  app = await buildApp(
    testConfig({
      ...UNCAPPED_LIMITS_ENV,
      REDIS_KEY_PREFIX: t.config.redisKeyPrefix,
      SMS_PROVIDER: 'sns',
      SMS_SNS_PER_SECOND: String(PER_SECOND),
      NOTIFICATION_RETRY_BASE_SECONDS: String(RETRY_BASE_SECONDS),
      NOTIFICATION_MAX_ATTEMPTS: '8',
    }),
    { database: t.database, redis: t.redis, logger: false },
  );
});

afterAll(async () => {
  await app?.close();
  await t?.close();
  await sns?.close();
  vi.unstubAllEnvs();
});

/** The longest single back-off a text can be waiting out when the outage ends. */
function longestBackoffMs(outageMs: number) {
  let waited = 0;
  let backoff = RETRY_BASE_SECONDS * 1000;
  while (waited + backoff <= outageMs) {
    waited += backoff;
    backoff *= 2;
  }
  return backoff;
}

describe('a provider outage under load, then the backlog', () => {
  it('stores every acknowledged rating whole and drains every text once, at the configured throughput', async () => {
    const writers: HttpBrowser[] = [];
    for (let i = 0; i < WRITERS; i += 1) writers.push(await provenBrowser(t));
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    let slowestAnswerMs = 0;
    let writing = true;
    let rated = 0;
    const write = async (browser: HttpBrowser) => {
      while (writing) {
        rated += 1;
        const phone = `+1202556${String(1000 + rated).padStart(4, '0')}`;
        const started = performance.now();
        const reply = await rateOverHttp(http, browser, phone);
        slowestAnswerMs = Math.max(slowestAnswerMs, performance.now() - started);
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        const ratingId = (reply.data as { ratingId?: string } | undefined)?.ratingId;
        if (reply.status === 200 && ratingId) acknowledged.push(ratingId);
        await new Promise((resolve) => setTimeout(resolve, WRITER_PAUSE_MS));
      }
    };

    sns.setMode({ kind: 'fail' });
    const load = Promise.all(writers.map(write));
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    sns.setMode({ kind: 'ok' });
    const backAt = performance.now();
    writing = false;
    await load;

    const stored = await t.database.db
      .select({ id: ratings.id })
      .from(ratings)
      .where(inArray(ratings.id, acknowledged));
    const scoreCounts = await t.database.db
      .select({ ratingId: ratingScores.ratingId, scores: count() })
      .from(ratingScores)
      .where(inArray(ratingScores.ratingId, acknowledged))
      .groupBy(ratingScores.ratingId);
    const texts = await t.database.db
      .select({ id: notifications.id, ratingId: notifications.ratingId, status: notifications.status })
      .from(notifications)
      .where(inArray(notifications.ratingId, acknowledged));
    const halfWritten =
      acknowledged.length -
      scoreCounts.filter((row) => row.scores === 5).length +
      (acknowledged.length - texts.length);

    // The backlog: everything still pending drains once SNS is back.
    const backlog = (
      await t.database.db
        .select({ n: count() })
        .from(notifications)
        .where(eq(notifications.status, 'pending'))
    )[0]?.n;
    const drainBoundMs = longestBackoffMs(OUTAGE_MS) + (1000 * texts.length) / PER_SECOND + SLACK_MS;
    let pending = Number(backlog ?? 0);
    while (pending > 0 && performance.now() - backAt < drainBoundMs + 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const [row] = await t.database.db
        .select({ n: count() })
        .from(notifications)
        .where(eq(notifications.status, 'pending'));
      pending = Number(row?.n ?? 0);
    }
    const drainMs = performance.now() - backAt;
    await app.services.dispatcher.settled();

    const delivered = sns.acceptedByNotification();
    const missing = texts.filter((text) => !delivered.has(text.id)).length;
    const finalStatuses: Record<string, number> = {};
    for (const text of await t.database.db
      .select({ status: notifications.status, reason: notifications.statusReason })
      .from(notifications)
      .where(inArray(notifications.ratingId, acknowledged))) {
      const key = `${text.status}:${text.reason ?? ''}`;
      finalStatuses[key] = (finalStatuses[key] ?? 0) + 1;
    }
    const duplicated = [...delivered.values()].filter((times) => times > 1).length;
    const figures = {
      acknowledged: acknowledged.length,
      stored: stored.length,
      halfWritten,
      textsMissing: missing,
      textsDuplicated: duplicated,
      statuses: Object.fromEntries(statuses),
      slowestAnswerMs: Math.round(slowestAnswerMs),
      backlogWhenBack: Number(backlog ?? 0),
      drainMs: Math.round(drainMs),
      drainBoundMs: Math.round(drainBoundMs),
      refusedDuringOutage: sns.refusedCount(),
      finalStatuses,
    };
    console.info(`sms drain figures: ${JSON.stringify(figures)}`);

    // Enough ratings to make a backlog, even on a machine busy with other work.
    expect(acknowledged.length).toBeGreaterThan(30);
    expect(stored.length).toBe(acknowledged.length);
    expect(halfWritten).toBe(0);
    expect([...statuses.keys()]).toEqual([200]);
    expect(missing).toBe(0);
    expect(duplicated).toBe(0);
    expect(pending).toBe(0);
    expect(drainMs).toBeLessThan(drainBoundMs);
  });
});
