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
    const waits: number[] = [];
    for (let i = 0; i < 10; i += 1) waits.push(await (i % 2 === 0 ? first : second).reserve('twilio'));
    // 10 per second: slot n is about n * 100 ms away, whichever instance took it.
    waits.forEach((wait, slot) => {
      expect(wait).toBeGreaterThanOrEqual(slot * 100 - 30);
      expect(wait).toBeLessThanOrEqual(slot * 100 + 5);
    });
    // Another provider has its own schedule.
    expect(await first.reserve('sns')).toBe(0);
  });
});
