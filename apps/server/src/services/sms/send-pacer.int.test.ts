import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startOwnRedis } from '../../../test/support/own-redis';
import { PROMPT_MAX_WAIT_MS, RedisSendPacer } from './send-pacer';

let redis: Redis;
let other: Redis;
let stopOwnRedis: (() => Promise<void>) | undefined;

beforeAll(async () => {
  let url = inject('testRedisUrl');
  if (!url) {
    // The suite runs on in-process stores here: this test needs a Redis all the same.
    const own = await startOwnRedis();
    url = own.url;
    stopOwnRedis = own.stop;
  }
  redis = new Redis(url, { maxRetriesPerRequest: 1 });
  other = new Redis(url, { maxRetriesPerRequest: 1 });
});

afterAll(async () => {
  await redis?.quit();
  await other?.quit();
  await stopOwnRedis?.();
});

describe('RedisSendPacer', () => {
  it('gives two instances one schedule: their texts together keep the provider rate', async () => {
    const prefix = `test:pace:${randomBytes(4).toString('hex')}:`;
    const fail = (error: unknown) => {
      throw error;
    };
    const first = new RedisSendPacer(redis, prefix, () => 10, fail);
    const second = new RedisSendPacer(other, prefix, () => 10, fail);
    // A wait counts from the moment Redis ran the script, somewhere between the call and its answer: the
    // slot itself lies between the two plus the wait. On a loaded machine the ten round trips take tens of
    // milliseconds, which a bound on the waits alone read as a schedule off by as much.
    const take = async (n: number) => {
      const called = Date.now();
      const verdict = await (n % 2 === 0 ? first : second).reserve('twilio', 'prompt');
      if (!verdict.granted) throw new Error(`slot ${n} refused`);
      const wait = verdict.waitMs;
      return { wait, earliest: called + wait, latest: Date.now() + wait };
    };
    const zero = await take(0);
    expect(zero.wait).toBe(0);
    // 10 per second: slot n starts n * 100 ms after slot 0, whichever instance took it (1 ms of rounding on
    // each clock reading).
    for (let n = 1; n < 10; n += 1) {
      const { earliest, latest } = await take(n);
      expect(n * 100).toBeGreaterThanOrEqual(earliest - zero.latest - 2);
      expect(n * 100).toBeLessThanOrEqual(latest - zero.earliest + 2);
    }
    // Another provider has its own schedule.
    expect(await first.reserve('sns', 'prompt')).toEqual({ granted: true, waitMs: 0 });
  });

  it('refuses prompt texts past the bound and keeps rating texts behind them, across instances', async () => {
    const prefix = `test:pace:${randomBytes(4).toString('hex')}:`;
    const fail = (error: unknown) => {
      throw error;
    };
    const first = new RedisSendPacer(redis, prefix, () => 20, fail);
    const second = new RedisSendPacer(other, prefix, () => 20, fail);
    const verdicts = await Promise.all(
      Array.from({ length: 40 }, (_, n) => (n % 2 === 0 ? first : second).reserve('sns', 'prompt')),
    );
    const granted = verdicts.filter((verdict) => verdict.granted);
    // 20 a second and a bound of 1 s: 21 slots (0 to 1000 ms), plus at most one that the clock moved into.
    expect(granted.length).toBeGreaterThanOrEqual(21);
    expect(granted.length).toBeLessThanOrEqual(23);
    for (const verdict of granted) expect(verdict.waitMs).toBeLessThanOrEqual(PROMPT_MAX_WAIT_MS);
    const bulk = await second.reserve('sns', 'bulk');
    expect(bulk.granted).toBe(false);
    expect(!bulk.granted && bulk.retryInMs).toBeGreaterThan(800);
  });
});
