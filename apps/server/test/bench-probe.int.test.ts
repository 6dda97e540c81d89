import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratingInput } from './support/rating-fixtures';
import { createTestApp, HttpBrowser, type TestApp } from './support/test-app';
import { trpcHttp } from './support/verification';

/** GET /bench/probe, the bench's counts of one instance (docs/performance.md#capacity). */
const TOKEN = 'bench-probe-token-for-the-tests';
let t: TestApp;
let off: TestApp;

beforeAll(async () => {
  [t, off] = await Promise.all([
    createTestApp({ env: { BENCH_PROBE_TOKEN: TOKEN } }),
    createTestApp({ withoutRedis: true }),
  ]);
});

afterAll(async () => {
  await Promise.all([t?.close(), off?.close()]);
});

async function probe() {
  const reply = await t.http({
    method: 'GET',
    url: '/bench/probe',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(reply.statusCode).toBe(200);
  return JSON.parse(reply.body) as {
    redisCommands: number;
    redisRoundTrips: number;
    cpuMs: number;
    memory: { rss: number; heapUsed: number };
  };
}

describe('GET /bench/probe', () => {
  it('does not exist without BENCH_PROBE_TOKEN', async () => {
    const reply = await off.http({
      method: 'GET',
      url: '/bench/probe',
      headers: { authorization: 'Bearer x' },
    });
    expect(reply.statusCode).toBe(404);
  });

  it('refuses a missing or wrong bearer token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN]) {
      const reply = await t.http({
        method: 'GET',
        url: '/bench/probe',
        headers: authorization ? { authorization } : {},
      });
      expect(reply.statusCode, String(authorization)).toBe(401);
    }
  });

  it("counts the Redis commands a request sends, beside the process's CPU time and memory", async () => {
    const before = await probe();
    const reply = await trpcHttp(t, new HttpBrowser(), 'mutation', 'rating.submit', ratingInput());
    expect(reply.status).toBe(200);
    const after = await probe();
    // The submission's caps are one scripted call (the new device session's cap another).
    expect(after.redisCommands - before.redisCommands).toBeGreaterThanOrEqual(1);
    expect(after.redisRoundTrips - before.redisRoundTrips).toBeGreaterThanOrEqual(1);
    expect(after.cpuMs).toBeGreaterThan(before.cpuMs);
    expect(after.memory.rss).toBeGreaterThan(after.memory.heapUsed);
  });
});
