import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startOwnRedis } from '../../../test/support/own-redis';
import { RedisSendPacer } from './send-pacer';

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
      const wait = await (n % 2 === 0 ? first : second).reserve('twilio');
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
    expect(await first.reserve('sns')).toBe(0);
  });
});
