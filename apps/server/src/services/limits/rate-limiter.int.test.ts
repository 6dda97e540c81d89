import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from './rate-limiter';

const redisUrl = inject('testRedisUrl');
const redis = redisUrl ? new Redis(redisUrl) : null;
afterAll(async () => {
  await redis?.quit();
});

/** One contract, run against both implementations: the embedded twin must behave like Redis. */
const implementations: [string, () => RateLimiter][] = [['in-process', () => new MemoryRateLimiter()]];
if (redis)
  implementations.push([
    'redis',
    () => new RedisRateLimiter(redis, `test:${randomBytes(4).toString('hex')}:`),
  ]);

describe.each(implementations)('rate limiter (%s)', (_name, make) => {
  it('allows up to the limit in a window, then refuses with the seconds to wait', async () => {
    const limiter = make();
    const rule = { limit: 3, windowSeconds: 3600 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit('k', rule));
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.retryAfterSeconds).toBeGreaterThan(3500);
    expect(results[3]?.retryAfterSeconds).toBeLessThanOrEqual(3600);
  });

  it('keeps keys apart and peeks without counting', async () => {
    const limiter = make();
    const rule = { limit: 1, windowSeconds: 60 };
    expect((await limiter.peek('a', rule)).allowed).toBe(true);
    await limiter.hit('a', rule);
    expect((await limiter.peek('a', rule)).allowed).toBe(false);
    expect((await limiter.hit('b', rule)).allowed).toBe(true);
  });

  it('counts parallel hits exactly', async () => {
    const limiter = make();
    const rule = { limit: 5, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('parallel', rule)));
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
  });

  it('counts several caps in order and stops at the first refusal', async () => {
    const limiter = make();
    const tight = { limit: 1, windowSeconds: 60 };
    const loose = { limit: 10, windowSeconds: 600 };
    const first = await limiter.hitInOrder([
      { key: 'order:a', rule: tight },
      { key: 'order:b', rule: loose },
    ]);
    expect(first.map((result) => [result.allowed, result.count])).toEqual([
      [true, 1],
      [true, 1],
    ]);
    expect(first[1]?.retryAfterSeconds).toBeGreaterThan(590);
    const second = await limiter.hitInOrder([
      { key: 'order:a', rule: tight },
      { key: 'order:b', rule: loose },
    ]);
    expect(second.map((result) => result.allowed)).toEqual([false]);
    // The cap after the refused one was not counted.
    expect((await limiter.peek('order:b', loose)).count).toBe(1);
  });

  it('opens a new window when the old one expires', async () => {
    const limiter = make();
    const rule = { limit: 1, windowSeconds: 1 };
    await limiter.hit('short', rule);
    expect((await limiter.hit('short', rule)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await limiter.hit('short', rule)).allowed).toBe(true);
  });
});
