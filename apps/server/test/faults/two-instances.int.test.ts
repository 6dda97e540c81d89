import { randomBytes } from 'node:crypto';
import { notifications } from '@exrated/db/schema';
import { createTestDatabase, type TestDatabase } from '@exrated/db/testing';
import { count, eq, ne } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SESSION_CACHE_MS } from '../../src/services/sessions/sessions';
import { INVALID_CODE } from '../../src/services/verification/verification-service';
import { type ControllableSns, startControllableSns } from '../support/controllable-sns';
import { noteRedisServerMissing } from '../support/own-redis';
import {
  FetchBrowser,
  faultServerEnv,
  type ServerProcess,
  startServerProcess,
  waitFor,
} from '../support/processes';
import { usPhone } from '../support/rating-fixtures';

/**
 * Two server processes (the built bundle) on one database and one Redis key prefix, as the deployment runs its
 * replicas: whatever one instance knows about codes, caps and texts, the other one honours.
 */
const serverUrl = inject('testDatabaseServerUrl');
const redisUrl = inject('testRedisUrl');
const prefix = `test:${randomBytes(6).toString('hex')}:`;
let database: TestDatabase;
let sns: ControllableSns;
let a: ServerProcess;
let b: ServerProcess;
const SUITE = 'two instances on one database and Redis';
if (!redisUrl) noteRedisServerMissing(SUITE);

beforeAll(async () => {
  if (!redisUrl) return;
  sns = await startControllableSns();
  database = await createTestDatabase(serverUrl);
  const databaseUrl = database.url;
  if (!databaseUrl) throw new Error('expected a Postgres test database');
  const env = faultServerEnv({
    databaseUrl,
    redisUrl,
    redisKeyPrefix: prefix,
    snsUrl: sns.url,
    extra: {
      // Each test acts from its own client address, reported by the (trusted) proxy in front.
      TRUST_PROXY: '1',
      LIMIT_VERIFICATION_SENDS_PER_IP_PER_HOUR: '3',
      LIMIT_RATINGS_PER_DEVICE_PER_HOUR: '2',
    },
  });
  [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, 90_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.dispose();
  await sns?.close();
  if (redisUrl) {
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
});

// Processes share state only through a real Postgres and Redis (the in-process stores are per process).
describe.runIf(redisUrl)(SUITE, () => {
  it('a code sent through one instance is checked through the other, and the resend wait holds on both', async () => {
    sns.setMode({ kind: 'ok' });
    const browser = new FetchBrowser({ forwardedFor: '198.51.100.1' });
    const phone = '+447400123601';
    expect((await browser.sendCode(a.baseUrl, phone)).status).toBe(200);
    const resend = await browser.sendCode(b.baseUrl, phone);
    expect(resend.status).toBe(429);
    expect(resend.error?.data.code).toBe('TOO_MANY_REQUESTS');
    const checked = await browser.checkCode(b.baseUrl, phone, sns.codeTextedTo(phone));
    expect(checked.data).toEqual({ verified: true, phoneNumber: phone });
    // The device session is in the database: the other instance sees the proof too.
    const me = await browser.call(a.baseUrl, 'query', 'profile.me');
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.data)).toContain(phone);
  });

  it('a log out through one instance ends the session on the other at once, not when its held read expires', async () => {
    sns.setMode({ kind: 'ok' });
    const browser = new FetchBrowser({ forwardedFor: '198.51.100.5' });
    const phone = '+447400123605';
    expect((await browser.sendCode(a.baseUrl, phone)).status).toBe(200);
    const checked = await browser.checkCode(a.baseUrl, phone, sns.codeTextedTo(phone));
    expect(checked.data).toEqual({ verified: true, phoneNumber: phone });
    // b reads the proven session and holds that read for SESSION_CACHE_MS.
    expect((await browser.call(b.baseUrl, 'query', 'profile.me')).data).toMatchObject({ isVerified: true });
    const copied = browser.copy();

    const loggedOutAt = Date.now();
    expect((await browser.call(a.baseUrl, 'mutation', 'profile.logout')).status).toBe(200);
    await waitFor(
      'b to drop its read of the ended session',
      async () => {
        const me = await copied.call(b.baseUrl, 'query', 'profile.me');
        return (me.data as { isVerified: boolean }).isVerified === false;
      },
      // Well inside the held read's SESSION_CACHE_MS: only the broadcast can have dropped it by then.
      SESSION_CACHE_MS / 4,
    );
    expect(Date.now() - loggedOutAt).toBeLessThan(SESSION_CACHE_MS / 2);
  });

  it('rate limits count requests on both instances together', async () => {
    sns.setMode({ kind: 'ok' });
    const browser = new FetchBrowser({ forwardedFor: '198.51.100.2' });
    const phones = ['+447400123611', '+447400123612', '+447400123613', '+447400123614'];
    const sends = [];
    for (const [index, phone] of phones.entries()) {
      const instance = index % 2 === 0 ? a : b;
      sends.push((await browser.sendCode(instance.baseUrl, phone)).status);
    }
    // LIMIT_VERIFICATION_SENDS_PER_IP_PER_HOUR=3: the fourth send is refused though each instance saw two.
    expect(sends).toEqual([200, 200, 200, 429]);

    const rater = new FetchBrowser({ forwardedFor: '198.51.100.3' });
    const rate = (instance: ServerProcess, index: number) =>
      rater.rate(instance.baseUrl, usPhone(600 + index));
    expect((await rate(a, 0)).status).toBe(200);
    expect((await rate(b, 1)).status).toBe(200);
    // LIMIT_RATINGS_PER_DEVICE_PER_HOUR=2, counted across both instances.
    const third = await rate(a, 2);
    expect(third.status).toBe(429);
    expect(third.error?.message).toMatch(/^You have submitted too many ratings\. Please try again /);
  });

  it('a code allows five attempts in all, whichever instance they reach', async () => {
    sns.setMode({ kind: 'ok' });
    const browser = new FetchBrowser({ forwardedFor: '198.51.100.4' });
    const phone = '+447400123621';
    expect((await browser.sendCode(b.baseUrl, phone)).status).toBe(200);
    const code = sns.codeTextedTo(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const instance = attempt % 2 === 0 ? a : b;
      const reply = await browser.checkCode(instance.baseUrl, phone, wrong);
      expect(reply.status).toBe(400);
      expect(reply.error?.message).toBe(INVALID_CODE);
    }
    // Three attempts reached A and two reached B: only a shared count refuses the right code now.
    const late = await browser.checkCode(b.baseUrl, phone, code);
    expect(late.status).toBe(400);
    expect(late.error?.message).toBe(INVALID_CODE);
  });

  it("both instances' dispatchers retry the pending texts, and each text is sent once", async () => {
    // Raters who proved a phone each, so that their ratings count and their texts are due.
    const total = 10;
    const raters: FetchBrowser[] = [];
    for (let index = 0; index < total; index += 1) {
      const rater = new FetchBrowser({ forwardedFor: `198.51.100.${50 + index}` });
      const raterPhone = `+4474001236${50 + index}`;
      const sent = await rater.sendCode(a.baseUrl, raterPhone);
      expect(sent.status).toBe(200);
      const proof = await rater.checkCode(b.baseUrl, raterPhone, sns.codeTextedTo(raterPhone));
      expect(proof.status).toBe(200);
      raters.push(rater);
    }
    sns.setMode({ kind: 'fail' });
    for (const [index, rater] of raters.entries()) {
      const reply = await rater.rate((index % 2 === 0 ? a : b).baseUrl, usPhone(700 + index));
      expect(reply.status).toBe(200);
    }
    const sentBefore = sns.acceptedByNotification().size;
    // Both instances' timers (every 200 ms) now compete for the same due rows.
    sns.setMode({ kind: 'ok' });
    await waitFor(
      'every text to be sent',
      async () => {
        const [row] = await database.db
          .select({ n: count() })
          .from(notifications)
          .where(eq(notifications.status, 'pending'));
        return row?.n === 0;
      },
      30_000,
    );
    // Let both dispatchers run a few more rounds: a double send would show up now.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const delivered = sns.acceptedByNotification();
    // The texts of the earlier tests' unproven raters stay held: they were never due.
    const ids = (
      await database.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(ne(notifications.status, 'held'))
    ).map((row) => row.id);
    expect(delivered.size).toBe(sentBefore + total);
    expect([...delivered.keys()].sort()).toEqual(ids.sort());
    expect([...delivered.values()].every((times) => times === 1)).toBe(true);
  }, 60_000);
});
