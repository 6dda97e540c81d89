import { deviceSessions, logs } from '@exrated/db/schema';
import { count } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MAX_CALLS_PER_REQUEST, TOO_MANY_CALLS_MESSAGE } from '../../src/trpc/batch-limit';
import { useTestApp } from '../support/test-app';

/**
 * One request could carry hundreds of procedure calls (50 `profile.me` in one GET
 * created 50 sessions). At most MAX_CALLS_PER_REQUEST calls per request, refused beyond with a clear error
 * before any procedure runs, so not even a device session is created.
 */

const t = useTestApp({ env: { LIMIT_TELEMETRY_PER_IP_PER_MINUTE: '1000' } });

async function tableCounts() {
  const [[sessions], [entries]] = await Promise.all([
    t.database.db.select({ value: count() }).from(deviceSessions),
    t.database.db.select({ value: count() }).from(logs),
  ]);
  return { sessions: sessions?.value, logs: entries?.value };
}

function batchGet(paths: string, calls: number) {
  const inputs = Object.fromEntries(Array.from({ length: calls }, (_, index) => [index, { json: null }]));
  return t.http({
    method: 'GET',
    url: `/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`,
  });
}

function batchPost(paths: string, calls: number) {
  const inputs = Object.fromEntries(
    Array.from({ length: calls }, (_, index) => [index, { json: { action: 'onboarding_step_completed' } }]),
  );
  return t.http({
    method: 'POST',
    url: `/trpc/${paths}?batch=1`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(inputs),
  });
}

function expectRefused(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as { error: { json: { message: string; data: { code: string } } } };
  expect(body.error.json.message).toBe(TOO_MANY_CALLS_MESSAGE);
  expect(body.error.json.data.code).toBe('BAD_REQUEST');
  expect(response.cookies).toEqual([]);
}

const repeat = (path: string, times: number, separator = ',') => Array(times).fill(path).join(separator);

describe('calls per batched request', () => {
  it('says what the limit is', () => {
    expect(MAX_CALLS_PER_REQUEST).toBe(10);
    expect(TOO_MANY_CALLS_MESSAGE).toMatch(/at most 10 calls per request/i);
  });

  it('refuses a GET of 11 or 50 calls before any session is created', async () => {
    const before = await tableCounts();
    expectRefused(await batchGet(repeat('profile.me', 11), 11));
    expectRefused(await batchGet(repeat('profile.me', 50), 50));
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses a POST of 11 calls before any procedure runs', async () => {
    const before = await tableCounts();
    expectRefused(await batchPost(repeat('telemetry.track', 11), 11));
    expect(await tableCounts()).toEqual(before);
  });

  it('counts the calls however the commas are spelled', async () => {
    const before = await tableCounts();
    expectRefused(await batchGet(repeat('profile.me', 11, '%2C'), 11));
    expectRefused(await batchGet(repeat('profile.me', 11, '%252C'), 11));
    expectRefused(await batchPost(repeat('telemetry.track', 11, '%2C'), 11));
    // Without `batch=1` tRPC reads it as one (unknown) path; refused all the same.
    expectRefused(await t.http({ method: 'GET', url: `/trpc/${repeat('profile.me', 11)}` }));
    expect(await tableCounts()).toEqual(before);
  });

  it('answers 10 calls as usual', async () => {
    const queries = await batchGet(repeat('rating.questions', 10), 10);
    expect(queries.statusCode).toBe(200);
    expect(queries.json()).toHaveLength(10);
    const mutations = await batchPost(repeat('telemetry.track', 10), 10);
    expect(mutations.statusCode).toBe(200);
    expect(mutations.json()).toHaveLength(10);
  });
});
