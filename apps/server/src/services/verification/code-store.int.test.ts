import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { CodeStore, CodeStoreOptions } from './code-store';
import { MemoryCodeStore } from './memory-code-store';
import { RedisCodeStore } from './redis-code-store';
import { hashVerificationCode } from './verification-code';

const redisUrl = inject('testRedisUrl');
const redis = redisUrl ? new Redis(redisUrl) : null;
const prefixes: string[] = [];
afterAll(async () => {
  if (!redis) return;
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  await redis.quit();
});

/** ONE contract, run against both implementations: the embedded twin must behave exactly like Redis. */
const implementations: [string, (options?: CodeStoreOptions) => CodeStore][] = [
  ['in-process', (options) => new MemoryCodeStore(options)],
];
if (redis) {
  implementations.push([
    'redis',
    (options) => {
      const prefix = `test:${randomBytes(4).toString('hex')}:`;
      prefixes.push(prefix);
      return new RedisCodeStore(redis, prefix, options);
    },
  ]);
}

const SECRET = 'contract-test-secret';
const PHONE = '+14155550100';
const hash = (code: string, phone = PHONE) => hashVerificationCode(SECRET, phone, code);
const RIGHT = hash('123456');
const WRONG = hash('654321');
/** The session asking, and others (strangers who typed the same number). */
const ME = 'session-me';
const other = (index: number) => `session-${index}`;

describe.each(implementations)('code store (%s)', (_name, make) => {
  it('issues a record with 0 attempts and a 10-minute TTL; a match deletes it', async () => {
    const store = make();
    const now = Date.now();
    expect(await store.issue(PHONE, { codeHash: RIGHT, now, requester: ME })).toEqual({
      status: 'issued',
      delivered: true,
      replacedLive: false,
      nextSend: { status: 'cooldown', retryAfterMs: 60_000 },
    });
    const live = await store.inspect(PHONE);
    expect(live?.record).toEqual({ codeHash: RIGHT, attempts: 0, requestedAt: now });
    expect(live?.ttlMs).toBeGreaterThan(599_000);
    expect(live?.ttlMs).toBeLessThanOrEqual(600_000);

    expect(await store.check(PHONE, { codeHash: RIGHT, now: now + 5 })).toEqual({
      status: 'valid',
      attempts: 1,
    });
    expect(await store.inspect(PHONE)).toBeNull();
    // A used code cannot be used twice.
    expect(await store.check(PHONE, { codeHash: RIGHT, now: now + 6 })).toEqual({
      status: 'missing',
    });
  });

  it('counts wrong codes and keeps the TTL', async () => {
    const store = make();
    const now = Date.now();
    await store.issue(PHONE, { codeHash: RIGHT, now, requester: ME });
    expect(await store.check(PHONE, { codeHash: WRONG, now: now + 1000 })).toEqual({
      status: 'invalid',
      attempts: 1,
      attemptsLeft: 4,
    });
    const live = await store.inspect(PHONE);
    expect(live?.record).toMatchObject({ attempts: 1 });
    expect(live?.ttlMs).toBeGreaterThan(590_000);
  });

  it('allows 5 attempts; the 6th fails even with the right code and deletes the record', async () => {
    const store = make();
    const now = Date.now();
    await store.issue(PHONE, { codeHash: RIGHT, now, requester: ME });
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await store.check(PHONE, { codeHash: WRONG, now })).toMatchObject({
        status: 'invalid',
        attempts: attempt,
        attemptsLeft: 5 - attempt,
      });
    }
    expect(await store.check(PHONE, { codeHash: RIGHT, now })).toEqual({
      status: 'max_attempts',
      attempts: 6,
    });
    expect(await store.inspect(PHONE)).toBeNull();
    expect(await store.check(PHONE, { codeHash: RIGHT, now })).toEqual({
      status: 'missing',
    });
  });

  it('counts 20 parallel wrong checks as at most 5 comparisons', async () => {
    const store = make();
    const now = Date.now();
    await store.issue(PHONE, { codeHash: RIGHT, now, requester: ME });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => store.check(PHONE, { codeHash: WRONG, now })),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 'invalid')).toHaveLength(5);
    expect(statuses.filter((status) => status === 'max_attempts')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'missing')).toHaveLength(14);
    expect(await store.inspect(PHONE)).toBeNull();
  });

  it('never lets a code be used twice, however many checks race', async () => {
    const store = make();
    const now = Date.now();
    // A double click: exactly one of the two wins.
    await store.issue(PHONE, { codeHash: RIGHT, now, requester: ME });
    const pair = await Promise.all([1, 2].map(() => store.check(PHONE, { codeHash: RIGHT, now })));
    expect(pair.map((result) => result.status).sort()).toEqual(['missing', 'valid']);
    // A burst past the attempt limit: at most one wins (the check past the limit may clear the code before a
    // matching one consumes it), and the code is gone afterwards.
    await store.issue(PHONE, { codeHash: RIGHT, now: now + 60_000, requester: ME });
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => store.check(PHONE, { codeHash: RIGHT, now })),
    );
    expect(burst.filter((result) => result.status === 'valid').length).toBeLessThanOrEqual(1);
    expect(burst.filter((result) => result.status === 'invalid')).toHaveLength(0);
    expect(await store.inspect(PHONE)).toBeNull();
  });

  it('refuses a send inside the 60 s wait with the time left, then replaces the live code', async () => {
    const store = make();
    const now = Date.now();
    await store.issue(PHONE, { codeHash: WRONG, now, requester: ME });
    expect(await store.sendRefusal(PHONE, now + 15_000)).toEqual({
      status: 'cooldown',
      retryAfterMs: 45_000,
    });
    expect(await store.issue(PHONE, { codeHash: RIGHT, now: now + 15_000, requester: ME })).toEqual({
      status: 'cooldown',
      retryAfterMs: 45_000,
    });
    expect((await store.inspect(PHONE))?.record.codeHash).toBe(WRONG);

    expect(await store.sendRefusal(PHONE, now + 60_000)).toBeNull();
    expect(await store.issue(PHONE, { codeHash: RIGHT, now: now + 60_000, requester: ME })).toEqual({
      status: 'issued',
      delivered: true,
      replacedLive: true,
      nextSend: { status: 'cooldown', retryAfterMs: 60_000 },
    });
    // The replacement starts over: new code, no attempts, a full TTL; the old code no longer works.
    expect((await store.inspect(PHONE))?.record).toEqual({
      codeHash: RIGHT,
      attempts: 0,
      requestedAt: now + 60_000,
    });
    expect(await store.check(PHONE, { codeHash: WRONG, now })).toMatchObject({ status: 'invalid' });
  });

  it('makes the wait grow with the sends of the day', async () => {
    const store = make({ resendWaitsMs: [1_000, 2_000, 5_000] });
    let now = Date.now();
    const waits: number[] = [];
    for (let send = 0; send < 5; send++) {
      const issued = await store.issue(PHONE, { codeHash: hash(String(100000 + send)), now, requester: ME });
      const refusal = await store.sendRefusal(PHONE, now);
      // The send tells the same wait the ledger gives right after it.
      expect(issued).toMatchObject({ status: 'issued', nextSend: refusal });
      waits.push(refusal?.retryAfterMs ?? 0);
      now += refusal?.retryAfterMs ?? 0;
    }
    expect(waits).toEqual([1_000, 2_000, 5_000, 5_000, 5_000]);
  });

  it('texts at most the daily number of codes to one number', async () => {
    const store = make({ resendWaitsMs: [0], maxSendsPerDay: 3 });
    const now = Date.now();
    for (let send = 0; send < 3; send++) {
      const issued = await store.issue(PHONE, { codeHash: RIGHT, now: now + send, requester: ME });
      expect(issued).toMatchObject({ status: 'issued' });
      // The third send is the day's last: it says so, with the rest of the day as the wait.
      if (send === 2) expect(issued).toMatchObject({ nextSend: { status: 'daily_limit' } });
    }
    const refused = await store.issue(PHONE, { codeHash: RIGHT, now: now + 10, requester: ME });
    expect(refused.status).toBe('daily_limit');
    expect(refused.status === 'daily_limit' && refused.retryAfterMs).toBeGreaterThan(23 * 3600_000);
  });

  // Failing six checks deleted the record and with it the cooldown.
  it('never shortens the wait when checks fail, not even when they use up the code', async () => {
    const store = make();
    const now = Date.now();
    await store.issue(PHONE, { codeHash: RIGHT, now, requester: ME });
    for (let attempt = 0; attempt < 6; attempt++) await store.check(PHONE, { codeHash: WRONG, now: now + 1 });
    expect(await store.inspect(PHONE)).toBeNull();
    expect(await store.sendRefusal(PHONE, now + 1_000)).toEqual({ status: 'cooldown', retryAfterMs: 59_000 });
    expect(await store.issue(PHONE, { codeHash: RIGHT, now: now + 1_000, requester: ME })).toMatchObject({
      status: 'cooldown',
    });
  });

  it("answers each requester from their own ledger; the number's ledger decides, silently, what is texted", async () => {
    const store = make({ resendWaitsMs: [60_000], maxSendsPerDay: 3 });
    const now = Date.now();
    await store.issue(PHONE, { codeHash: RIGHT, now, requester: ME });
    // A stranger asks inside the number's wait: told what a first send is told, nothing texted, the owner's
    // code still the live one.
    expect(await store.issue(PHONE, { codeHash: WRONG, now: now + 1_000, requester: other(1) })).toEqual({
      status: 'issued',
      delivered: false,
      replacedLive: false,
      nextSend: { status: 'cooldown', retryAfterMs: 60_000 },
    });
    expect((await store.inspect(PHONE))?.record.codeHash).toBe(RIGHT);
    expect(await store.sendRefusal(PHONE, now + 1_000)).toEqual({ status: 'cooldown', retryAfterMs: 59_000 });
    // The stranger's own wait is theirs alone.
    expect(await store.issue(PHONE, { codeHash: WRONG, now: now + 2_000, requester: other(1) })).toEqual({
      status: 'cooldown',
      retryAfterMs: 59_000,
    });
    // Past the number's wait a stranger's send is texted and replaces the live code.
    expect(await store.issue(PHONE, { codeHash: WRONG, now: now + 60_000, requester: other(2) })).toEqual({
      status: 'issued',
      delivered: true,
      replacedLive: true,
      nextSend: { status: 'cooldown', retryAfterMs: 60_000 },
    });
    // The number's day ends at three texts, whoever asks; asking goes on being answered the same.
    await store.issue(PHONE, { codeHash: RIGHT, now: now + 120_000, requester: other(3) });
    expect(await store.sendRefusal(PHONE, now + 180_000)).toMatchObject({ status: 'daily_limit' });
    expect(await store.issue(PHONE, { codeHash: WRONG, now: now + 180_000, requester: other(4) })).toEqual({
      status: 'issued',
      delivered: false,
      replacedLive: false,
      nextSend: { status: 'cooldown', retryAfterMs: 60_000 },
    });
    expect((await store.inspect(PHONE))?.record.codeHash).toBe(RIGHT);
    // Taken back (no slot in the schedule), a send that texted nothing leaves the number's ledger and code
    // as they are and the requester's as before it.
    await store.discard(PHONE, WRONG, other(4));
    expect((await store.inspect(PHONE))?.record.codeHash).toBe(RIGHT);
    expect(await store.sendRefusal(PHONE, now + 180_000)).toMatchObject({ status: 'daily_limit' });
    expect(await store.issue(PHONE, { codeHash: WRONG, now: now + 180_001, requester: other(4) })).toEqual({
      status: 'issued',
      delivered: false,
      replacedLive: false,
      nextSend: { status: 'cooldown', retryAfterMs: 60_000 },
    });
  });

  it('lets only one of many parallel sends through', async () => {
    const store = make();
    const now = Date.now();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        store.issue(PHONE, { codeHash: hash(String(200000 + index)), now, requester: ME }),
      ),
    );
    expect(results.filter((result) => result.status === 'issued')).toHaveLength(1);
    expect(results.filter((result) => result.status === 'cooldown')).toHaveLength(9);
    // From ten sessions at once: each is answered, one code is texted.
    const racing = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        store.issue('+14155550109', { codeHash: hash(String(210000 + index)), now, requester: other(index) }),
      ),
    );
    expect(racing.every((result) => result.status === 'issued')).toBe(true);
    expect(racing.filter((result) => result.status === 'issued' && result.delivered)).toHaveLength(1);
  });

  it("runs the caller's limits once, only when the ledger allows the send, and writes nothing when they refuse", async () => {
    const store = make();
    const now = Date.now();
    const refusal = new Error('network over its hourly limit');
    let admitted = 0;
    await expect(
      store.issue(PHONE, {
        codeHash: WRONG,
        now,
        requester: ME,
        admit: async () => {
          admitted += 1;
          throw refusal;
        },
      }),
    ).rejects.toBe(refusal);
    expect(admitted).toBe(1);
    expect(await store.inspect(PHONE)).toBeNull();
    expect(await store.sendRefusal(PHONE, now)).toBeNull();

    const admit = async () => {
      admitted += 1;
    };
    expect(await store.issue(PHONE, { codeHash: RIGHT, now, requester: ME, admit })).toMatchObject({
      status: 'issued',
    });
    expect(admitted).toBe(2);
    // Inside the wait the ledger refuses first: the caller's counted limits are not touched.
    expect(
      await store.issue(PHONE, { codeHash: WRONG, now: now + 1_000, requester: ME, admit }),
    ).toMatchObject({
      status: 'cooldown',
    });
    expect(admitted).toBe(2);
    expect((await store.inspect(PHONE))?.record.codeHash).toBe(RIGHT);
  });

  it('lets only one of many parallel sends through, each counted by the caller at most once', async () => {
    const store = make();
    const now = Date.now();
    let admitted = 0;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        store.issue(PHONE, {
          codeHash: hash(String(300000 + index)),
          now,
          requester: ME,
          admit: async () => {
            admitted += 1;
          },
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'issued')).toHaveLength(1);
    expect(admitted).toBeLessThanOrEqual(10);
    expect(admitted).toBeGreaterThanOrEqual(1);
  });

  it('refuses a code that differs from the live one only in its last character', async () => {
    const store = make();
    const now = Date.now();
    await store.issue(PHONE, { codeHash: RIGHT, now, requester: ME });
    const last = RIGHT.at(-1) === '0' ? '1' : '0';
    expect(await store.check(PHONE, { codeHash: `${RIGHT.slice(0, -1)}${last}`, now })).toEqual({
      status: 'invalid',
      attempts: 1,
      attemptsLeft: 4,
    });
    expect(await store.check(PHONE, { codeHash: RIGHT.slice(0, -1), now })).toMatchObject({
      status: 'invalid',
    });
    expect(await store.check(PHONE, { codeHash: RIGHT, now })).toEqual({ status: 'valid', attempts: 3 });
  });

  it('keeps phones apart', async () => {
    const store = make();
    const now = Date.now();
    const elsewhere = '+447911123456';
    await store.issue(PHONE, { codeHash: RIGHT, now, requester: ME });
    expect(await store.sendRefusal(elsewhere, now)).toBeNull();
    expect(await store.check(elsewhere, { codeHash: hash('123456', elsewhere), now })).toEqual({
      status: 'missing',
    });
    expect(await store.issue(elsewhere, { codeHash: RIGHT, now, requester: ME })).toMatchObject({
      status: 'issued',
      delivered: true,
      replacedLive: false,
    });
  });

  it('discards a record only while it holds the given code, and takes its send back from both ledgers', async () => {
    const store = make();
    const now = Date.now();
    await store.issue(PHONE, { codeHash: WRONG, now, requester: ME });
    await store.issue(PHONE, { codeHash: RIGHT, now: now + 60_000, requester: ME });
    await store.discard(PHONE, WRONG, ME);
    expect(await store.inspect(PHONE)).not.toBeNull();
    await store.discard(PHONE, RIGHT, ME);
    expect(await store.inspect(PHONE)).toBeNull();
    // The wait is the one after the first send again: over by now + 60 s.
    expect(await store.sendRefusal(PHONE, now + 60_000)).toBeNull();
    expect(await store.sendRefusal(PHONE, now + 30_000)).toEqual({
      status: 'cooldown',
      retryAfterMs: 30_000,
    });
    expect(await store.issue(PHONE, { codeHash: RIGHT, now: now + 60_000, requester: ME })).toMatchObject({
      status: 'issued',
      delivered: true,
    });
  });

  it('expires by its TTL', async () => {
    const store = make({ ttlMs: 300 });
    const now = Date.now();
    await store.issue(PHONE, { codeHash: RIGHT, now, requester: ME });
    expect(await store.inspect(PHONE)).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(await store.inspect(PHONE)).toBeNull();
    expect(await store.check(PHONE, { codeHash: RIGHT, now })).toEqual({
      status: 'missing',
    });
    // The wait outlives the code: the next send goes once it is over.
    expect(await store.issue(PHONE, { codeHash: RIGHT, now: now + 60_000, requester: ME })).toEqual({
      status: 'issued',
      delivered: true,
      replacedLive: false,
      nextSend: { status: 'cooldown', retryAfterMs: 60_000 },
    });
  });
});

describe('verification code hashing', () => {
  it('binds the HMAC to the secret and the phone', () => {
    expect(hashVerificationCode(SECRET, PHONE, '123456')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashVerificationCode(SECRET, PHONE, '123456')).not.toBe(
      hashVerificationCode('other', PHONE, '123456'),
    );
    expect(hashVerificationCode(SECRET, PHONE, '123456')).not.toBe(
      hashVerificationCode(SECRET, '+14155550101', '123456'),
    );
  });
});
