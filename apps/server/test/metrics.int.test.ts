import { notifications } from '@exrated/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratingInput } from './support/rating-fixtures';
import { createTestApp, HttpBrowser, type TestApp } from './support/test-app';
import { latestCode, trpcHttp } from './support/verification';

/** GET /metrics, Prometheus's text format, for a scraper holding METRICS_TOKEN only. */
const TOKEN = 'metrics-token-for-the-tests-0123';
let t: TestApp;
let off: TestApp;

beforeAll(async () => {
  [t, off] = await Promise.all([
    createTestApp({
      env: { METRICS_TOKEN: TOKEN, LIMIT_VERIFICATION_SENDS_PER_IP_PER_HOUR: '3' },
      withoutRedis: true,
    }),
    createTestApp({ withoutRedis: true }),
  ]);
});

afterAll(async () => {
  await Promise.all([t?.close(), off?.close()]);
});

async function scrape(): Promise<string> {
  const reply = await t.http({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return reply.body;
}

/** The value of one sample: `name` with exactly these labels (in any order). */
function sample(exposition: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of exposition.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]),
    );
    if (JSON.stringify(Object.entries(found).sort()) === JSON.stringify(Object.entries(labels).sort())) {
      return Number(match[3]);
    }
  }
  throw new Error(`no sample ${name} ${JSON.stringify(labels)}`);
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const reply = await off.http({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer x' } });
    expect(reply.statusCode).toBe(404);
  });

  it('refuses a missing or wrong bearer token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN, `Basic ${TOKEN}`]) {
      const reply = await t.http({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(reply.statusCode, authorization).toBe(401);
      expect(reply.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(reply.body).not.toContain('exrated_');
    }
  });

  it('counts texts, checks, ratings, refusals and procedure times, and reports the outbox and the process', async () => {
    const browser = new HttpBrowser();
    const phone = '+14155550161';
    const call = (kind: 'query' | 'mutation', path: string, input?: unknown) =>
      trpcHttp(t, browser, kind, path, input);
    expect((await call('mutation', 'verification.send', { phoneNumber: phone })).status).toBe(200);
    expect(
      (await call('mutation', 'verification.check', { phoneNumber: phone, code: '000000' })).status,
    ).toBe(400);
    const code = latestCode(t, phone);
    expect((await call('mutation', 'verification.check', { phoneNumber: phone, code })).status).toBe(200);
    expect(
      (await call('mutation', 'rating.submit', ratingInput({ phoneNumber: '+14155550162' }))).status,
    ).toBe(200);
    // The per-IP send cap (3 an hour): the fourth send is refused.
    for (const n of [3, 4, 5])
      await call('mutation', 'verification.send', { phoneNumber: `+1415555017${n}` });
    // A text still waiting, created a minute ago.
    await t.database.db
      .update(notifications)
      .set({ status: 'pending', createdAt: sql`now() - interval '60 seconds'` })
      .where(eq(notifications.status, 'sent'));

    const metrics = await scrape();
    expect(sample(metrics, 'exrated_sms_texts_total', { kind: 'verification', outcome: 'sent' })).toBe(3);
    expect(sample(metrics, 'exrated_sms_texts_total', { kind: 'rating', outcome: 'sent' })).toBe(1);
    expect(sample(metrics, 'exrated_sms_texts_total', { kind: 'rating', outcome: 'held' })).toBe(0);
    expect(sample(metrics, 'exrated_verification_checks_total', { outcome: 'invalid' })).toBe(1);
    expect(sample(metrics, 'exrated_verification_checks_total', { outcome: 'valid' })).toBe(1);
    expect(sample(metrics, 'exrated_ratings_submitted_total')).toBe(1);
    expect(sample(metrics, 'exrated_ratings_held_total')).toBe(0);
    expect(sample(metrics, 'exrated_rate_limit_refusals_total', { limit: 'verification-send:ip' })).toBe(1);
    expect(
      sample(metrics, 'exrated_trpc_procedure_duration_seconds_count', {
        procedure: 'verification.send',
        outcome: 'ok',
      }),
    ).toBe(3);
    expect(
      sample(metrics, 'exrated_trpc_procedure_duration_seconds_count', {
        procedure: 'verification.send',
        outcome: 'TOO_MANY_REQUESTS',
      }),
    ).toBe(1);
    expect(sample(metrics, 'exrated_outbox_pending')).toBe(1);
    expect(sample(metrics, 'exrated_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(59);
    expect(sample(metrics, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sample(metrics, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    // Labels name the cap, never the number or address it keys on.
    expect(metrics).not.toMatch(/\+1415|203\.0\.113|127\.0\.0\.1/);
  });
});
