import { randomBytes } from 'node:crypto';
import { findDeviceSessionByTokenHash } from '@exrated/db/queries';
import { claimedProfiles, deviceSessions, errorLogs, logs, ratings } from '@exrated/db/schema';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import type { DomainError } from '../src/services/errors/domain-error';
import { claimOf } from '../src/services/rating/rating-claims';
import { PHONE_FORMAT_NOT_SUPPORTED } from '../src/services/sms/sms-errors';
import { SmsDeliveryError, type SmsMessage, type SmsSender } from '../src/services/sms/sms-sender';
import type { CodeStore } from '../src/services/verification/code-store';
import { MemoryCodeStore } from '../src/services/verification/memory-code-store';
import { RedisCodeStore } from '../src/services/verification/redis-code-store';
import { INVALID_CODE, VERIFICATION_UNAVAILABLE } from '../src/services/verification/verification-service';
import { createTestApp, HttpBrowser, type TestApp, testConfig, useTestApp } from './support/test-app';
import { frozenClock } from './support/test-clock';
import { latestCode, sessionOf, trpcHttp } from './support/verification';

const US = '+14155550100';
const US_2 = '+14155550101';
const UK = '+447400123456';
const FRANCE = '+33612345678';

async function actionsFor(t: TestApp, phone: string) {
  const rows = await t.database.db.select().from(logs).where(eq(logs.phoneNumber, phone));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((row) => row.action);
}

const usingRedis = Boolean(inject('testRedisUrl'));
const stores: [string, boolean][] = usingRedis
  ? [
      ['redis', false],
      ['in-process', true],
    ]
  : [['in-process', true]];

describe.each(stores)('verification through the tRPC caller (%s store)', (_name, withoutRedis) => {
  const clock = frozenClock();
  const t = useTestApp({ withoutRedis, overrides: { now: clock.now } });

  it('sends a code, proves the phone with it in a new session and attributes earlier ratings', async () => {
    const claims: string[] = [];
    const { trpc, cookies } = t.caller({ ip: '198.51.100.1', userAgent: 'UA/verify', claims });
    // A rating given before the proof, by this device.
    await trpc.profile.me();
    const before = await sessionOf(t, cookies);
    if (!before) throw new Error('no session');
    const [earlier] = await t.database.db
      .insert(ratings)
      .values({ name: 'Alex S.', relationshipType: 'casual', phoneNumber: UK, deviceSessionId: before.id })
      .returning({ id: ratings.id });
    // The tab keeps the claim rating.submit gave it and sends it with its requests (services/rating/rating-claims.ts).
    claims.push(claimOf(t.config.sessionSecret, earlier?.id ?? ''));

    const sent = await trpc.verification.send({ phoneNumber: US });
    expect(sent).toEqual({ phoneNumber: US, resendAfterSeconds: 60, expiresInSeconds: 600 });
    const text = t.sms.outbox()[0];
    expect(text?.to).toBe(US);
    // The domain-bound last line lets browsers fill the code in (WebOTP).
    expect(text?.body).toMatch(
      /^Your ExRated code is (\d{6})\. It expires in 10 minutes\.\n\n@localhost #\1$/,
    );
    // The tab's rating is counted; the number is not shown back before it is proven (the tab keeps it). An
    // unverified profile row exists.
    expect(await trpc.profile.me()).toEqual({
      phoneNumber: null,
      name: null,
      isVerified: false,
      isUnlocked: false,
      ratingsGiven: 1,
      textsOptIn: null,
      doNotRate: null,
    });
    const [unverified] = await t.database.db
      .select()
      .from(claimedProfiles)
      .where(eq(claimedProfiles.phoneNumber, US));
    expect(unverified).toMatchObject({ isVerified: false, verifiedAt: null });

    await expect(trpc.verification.check({ phoneNumber: US, code: '000000' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: INVALID_CODE,
    });
    const tokenBefore = cookies.get('exrated_sid');
    expect(await trpc.verification.check({ phoneNumber: US, code: latestCode(t, US), claims })).toEqual({
      verified: true,
      phoneNumber: US,
    });
    expect(cookies.get('exrated_sid')).not.toBe(tokenBefore);
    // The proof starts a session of its own; the token of before opens nothing any more.
    const after = await sessionOf(t, cookies);
    expect(after).toMatchObject({ phoneNumber: US, phoneProvenAt: clock.now() });
    expect(after?.id).not.toBe(before.id);
    expect(await findDeviceSessionByTokenHash(t.database.db, before.tokenHash, new Date(0))).toBeNull();

    const [profile] = await t.database.db
      .select()
      .from(claimedProfiles)
      .where(eq(claimedProfiles.phoneNumber, US));
    expect(profile).toMatchObject({ isVerified: true, verifiedAt: clock.now() });
    // The rating given just before moves with the proof.
    const [rating] = await t.database.db.select().from(ratings).where(eq(ratings.phoneNumber, UK));
    expect(rating).toMatchObject({ createdByPhone: US, deviceSessionId: after?.id });
    expect(await trpc.profile.me()).toMatchObject({ phoneNumber: US, isVerified: true, ratingsGiven: 1 });

    expect(await actionsFor(t, US)).toEqual([
      'verification_code_requested',
      'verification_code_sent',
      'verification_code_attempt',
      'verification_code_invalid',
      'verification_code_attempt',
      'verification_code_valid',
      'verification_complete',
    ]);
    const entries = await t.database.db.select().from(logs).where(eq(logs.phoneNumber, US));
    // What became of the text and of the wrong guess is the number's, not the person's activity: no session,
    // address or browser (docs/anonymity.md#non-interference).
    const ofTheNumber = new Set(['verification_code_sent', 'verification_code_invalid']);
    for (const entry of entries.filter((entry) => ofTheNumber.has(entry.action))) {
      expect(entry).toMatchObject({ userId: null, ipAddress: null, userAgent: null });
    }
    const own = entries.filter((entry) => !ofTheNumber.has(entry.action));
    expect(own.every((entry) => entry.ipAddress === '198.51.100.1' && entry.userAgent === 'UA/verify')).toBe(
      true,
    );
    // The steps up to the code are the anonymous session's; the proof's own entry is the new session's.
    for (const entry of own) {
      expect(entry.userId).toBe(entry.action === 'verification_complete' ? after?.id : before.id);
    }
  });

  it('allows 5 attempts; the 6th fails even with the right code and clears it', async () => {
    const { trpc } = t.caller({ ip: '198.51.100.2' });
    await trpc.verification.send({ phoneNumber: US_2 });
    const code = latestCode(t, US_2);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) {
      await expect(trpc.verification.check({ phoneNumber: US_2, code: wrong })).rejects.toMatchObject({
        message: INVALID_CODE,
      });
    }
    await expect(trpc.verification.check({ phoneNumber: US_2, code })).rejects.toMatchObject({
      message: INVALID_CODE,
    });
    expect(await t.app.services.codeStore.inspect(US_2)).toBeNull();
    await expect(trpc.verification.check({ phoneNumber: US_2, code })).rejects.toMatchObject({
      message: INVALID_CODE,
    });
    const actions = await actionsFor(t, US_2);
    expect(actions.filter((action) => action === 'verification_code_invalid')).toHaveLength(5);
    expect(actions.filter((action) => action === 'verification_code_max_attempts')).toHaveLength(1);
    expect(actions.at(-1)).toBe('verification_code_expired');
  });

  it('counts 20 parallel wrong checks as at most 5 attempts', async () => {
    const phone = '+14155550102';
    const { trpc } = t.caller({ ip: '198.51.100.3' });
    await trpc.verification.send({ phoneNumber: phone });
    const code = latestCode(t, phone);
    const wrong = code === '111111' ? '222222' : '111111';
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => trpc.verification.check({ phoneNumber: phone, code: wrong })),
    );
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    const actions = await actionsFor(t, phone);
    expect(actions.filter((action) => action === 'verification_code_invalid')).toHaveLength(5);
    expect(actions.filter((action) => action === 'verification_code_max_attempts')).toHaveLength(1);
    expect(actions.filter((action) => action === 'verification_code_expired')).toHaveLength(14);
    // The right code is of no use any more.
    await expect(trpc.verification.check({ phoneNumber: phone, code })).rejects.toMatchObject({
      message: INVALID_CODE,
    });
  });

  it('refuses a resend inside 60 s, then replaces the live code and logs a resend', async () => {
    const phone = '+14155550103';
    const { trpc } = t.caller({ ip: '198.51.100.4' });
    await trpc.verification.send({ phoneNumber: phone });
    const first = latestCode(t, phone);
    clock.advance(20_000);
    const early = await trpc.verification.send({ phoneNumber: phone }).catch((error: unknown) => error);
    expect(early).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Please wait before requesting a new code. You can request one in 40 seconds.',
    });
    expect((early as { cause?: unknown }).cause).toMatchObject({ retryAfterSeconds: 40 });
    expect(t.sms.outbox().filter((message) => message.to === phone)).toHaveLength(1);

    clock.advance(40_000);
    await trpc.verification.send({ phoneNumber: phone });
    const second = latestCode(t, phone);
    expect(t.sms.outbox().filter((message) => message.to === phone)).toHaveLength(2);
    if (first !== second) {
      await expect(trpc.verification.check({ phoneNumber: phone, code: first })).rejects.toMatchObject({
        message: INVALID_CODE,
      });
    }
    await expect(trpc.verification.check({ phoneNumber: phone, code: second })).resolves.toMatchObject({
      verified: true,
    });
    expect(await actionsFor(t, phone)).toEqual(
      expect.arrayContaining(['verification_code_sent', 'verification_code_resent']),
    );
    const actions = await actionsFor(t, phone);
    expect(actions.filter((action) => action === 'verification_code_requested')).toHaveLength(3);
  });

  it('proves the number for whoever holds the code, whichever session asked for it', async () => {
    const phone = '+14155550104';
    const asker = t.caller({ ip: '198.51.100.5' });
    const holder = t.caller({ ip: '198.51.100.6' });
    await asker.trpc.verification.send({ phoneNumber: phone });
    await expect(
      holder.trpc.verification.check({ phoneNumber: phone, code: latestCode(t, phone) }),
    ).resolves.toMatchObject({ verified: true });
    expect(await holder.trpc.profile.me()).toMatchObject({ phoneNumber: phone, isVerified: true });
    // The asker proved nothing: it never had the code.
    expect(await asker.trpc.profile.me()).toMatchObject({ isVerified: false });
  });

  it('texts only the allowed countries', async () => {
    const { trpc } = t.caller({ ip: '198.51.100.7' });
    await expect(trpc.verification.send({ phoneNumber: FRANCE })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message:
        'Failed to send verification code: Texts can only be sent to numbers in United States, United Kingdom, Canada and Australia.',
    });
    await expect(trpc.verification.send({ phoneNumber: '+442079460000' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message:
        'Failed to send verification code: Texts can only be sent to mobile numbers. Please enter a mobile number.',
    });
    expect(t.sms.outbox().some((message) => message.to === FRANCE)).toBe(false);
    expect(await actionsFor(t, FRANCE)).toEqual(['verification_code_requested', 'verification_error']);
    await expect(trpc.verification.send({ phoneNumber: UK })).resolves.toMatchObject({ phoneNumber: UK });
  });

  it('answers the same for a phone with and without a profile', async () => {
    const known = '+14155550105';
    const unknown = '+14155550106';
    await t.database.db.insert(claimedProfiles).values({ phoneNumber: known, name: 'Sam', isVerified: true });
    const a = await t.caller({ ip: '198.51.100.8' }).trpc.verification.send({ phoneNumber: known });
    const b = await t.caller({ ip: '198.51.100.9' }).trpc.verification.send({ phoneNumber: unknown });
    expect({ ...a, phoneNumber: null }).toEqual({ ...b, phoneNumber: null });
    // The existing profile is left as it was.
    const [row] = await t.database.db
      .select()
      .from(claimedProfiles)
      .where(eq(claimedProfiles.phoneNumber, known));
    expect(row).toMatchObject({ name: 'Sam', isVerified: true });
  });
});

describe('verification limits', () => {
  const clock = frozenClock();
  const t = useTestApp({
    env: {
      LIMIT_VERIFICATION_TEXTS_PER_PHONE_PER_DAY: '2',
      LIMIT_VERIFICATION_SENDS_PER_IP_PER_HOUR: '3',
      LIMIT_VERIFICATION_CHECKS_PER_IP_PER_HOUR: '3',
    },
    overrides: { now: clock.now },
  });

  it('caps code texts per phone per day, whoever asks; tells each asker only of their own asking', async () => {
    const phone = '+14155550110';
    const a = t.caller({ ip: '192.0.2.1' });
    const b = t.caller({ ip: '192.0.2.2' });
    await a.trpc.verification.send({ phoneNumber: phone });
    clock.advance(61_000);
    await b.trpc.verification.send({ phoneNumber: phone });
    clock.advance(61_000);
    // The phone got its two codes of the day: a's next request is answered as a's own second, the last of a's
    // day, and nothing more is texted.
    const third = await a.trpc.verification.send({ phoneNumber: phone });
    expect(third).toMatchObject({ phoneNumber: phone, expiresInSeconds: 600 });
    expect(third.resendAfterSeconds).toBeGreaterThan(23 * 3600);
    expect(t.sms.outbox().filter((message) => message.to === phone)).toHaveLength(2);
    const notTexted = await t.database.db.select().from(logs).where(eq(logs.phoneNumber, phone));
    expect(notTexted.map((entry) => entry.details)).toContainEqual({ reason: 'not_texted_number_ledger' });
    // a's own ceiling of the day, told with when to retry.
    const refused = await a.trpc.verification.send({ phoneNumber: phone }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect((refused as Error).message).toMatch(
      /^This number has been sent the most verification codes allowed in one day\. You can request one in \d+ hours\.$/,
    );
    expect((refused as { cause?: DomainError }).cause?.retryAfterSeconds).toBeGreaterThan(23 * 3600);
    expect(t.sms.outbox().filter((message) => message.to === phone)).toHaveLength(2);
  });

  it('caps sends per IP per hour', async () => {
    const { trpc } = t.caller({ ip: '192.0.2.3' });
    for (const phone of ['+14155550111', '+14155550112', '+14155550113']) {
      await trpc.verification.send({ phoneNumber: phone });
    }
    await expect(trpc.verification.send({ phoneNumber: '+14155550114' })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    // Another address is not affected.
    await expect(
      t.caller({ ip: '192.0.2.4' }).trpc.verification.send({ phoneNumber: '+14155550114' }),
    ).resolves.toMatchObject({ phoneNumber: '+14155550114' });
  });

  it('caps checks per IP per hour', async () => {
    const { trpc } = t.caller({ ip: '192.0.2.5' });
    for (let i = 0; i < 3; i++) {
      await expect(
        trpc.verification.check({ phoneNumber: '+14155550115', code: '123456' }),
      ).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
    }
    await expect(
      trpc.verification.check({ phoneNumber: '+14155550115', code: '123456' }),
    ).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many verification attempts\. Please try again in \d+ minutes\.$/),
    });
  });
});

describe('code expiry by TTL', () => {
  let t: TestApp;
  let redis: Redis | null = null;
  const prefix = `test:${randomBytes(4).toString('hex')}:`;
  beforeAll(async () => {
    const url = inject('testRedisUrl');
    redis = url ? new Redis(url) : null;
    const codeStore: CodeStore = redis
      ? new RedisCodeStore(redis, prefix, { ttlMs: 400 })
      : new MemoryCodeStore({ ttlMs: 400 });
    t = await createTestApp({ overrides: { codeStore } });
  });
  afterAll(async () => {
    await t?.close();
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });

  it('refuses a correct code once its record has expired, and logs it as expired', async () => {
    const phone = '+14155550120';
    const { trpc } = t.caller();
    await trpc.verification.send({ phoneNumber: phone });
    const code = latestCode(t, phone);
    await new Promise((resolve) => setTimeout(resolve, 600));
    await expect(trpc.verification.check({ phoneNumber: phone, code })).rejects.toMatchObject({
      message: INVALID_CODE,
    });
    expect((await actionsFor(t, phone)).at(-1)).toBe('verification_code_expired');
    // The wait before the next code outlives the code: expiry is no way around it.
    await expect(trpc.verification.send({ phoneNumber: phone })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
  });
});

class FailingSmsSender implements SmsSender {
  readonly name = 'failing';
  constructor(private readonly error: Error) {}
  async send(_message: SmsMessage): Promise<never> {
    throw this.error;
  }
  async isOptedOut() {
    return false;
  }
}

describe('send failures', () => {
  it('shows the provider reason, logs a high-severity error and leaves no code behind', async () => {
    const t = await createTestApp({
      overrides: {
        sms: new FailingSmsSender(
          new SmsDeliveryError(PHONE_FORMAT_NOT_SUPPORTED, {
            invalidNumberFormat: true,
            cause: new Error('Invalid parameter: PhoneNumber Reason: short code'),
          }),
        ),
      },
    });
    try {
      const phone = '+14155550130';
      const browser = new HttpBrowser();
      const reply = await trpcHttp(t, browser, 'mutation', 'verification.send', { phoneNumber: phone });
      expect(reply.status).toBe(400);
      expect(reply.error?.message).toBe(`Failed to send verification code: ${PHONE_FORMAT_NOT_SUPPORTED}`);
      expect(await t.app.services.codeStore.inspect(phone)).toBeNull();
      const errors = await t.database.db.select().from(errorLogs).where(eq(errorLogs.phoneNumber, phone));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ severity: 'high', componentName: 'verification.send' });
      expect(errors[0]?.errorMessage).toContain('short code');
      expect(await actionsFor(t, phone)).toEqual(['verification_code_requested', 'verification_error']);
      // Nothing was sent, so the device keeps no number.
      const me = await trpcHttp(t, browser, 'query', 'profile.me');
      expect(me.data).toMatchObject({ phoneNumber: null });

      const other = await createTestApp({
        overrides: { sms: new FailingSmsSender(new Error('socket hang up')) },
      });
      try {
        const failed = await trpcHttp(other, new HttpBrowser(), 'mutation', 'verification.send', {
          phoneNumber: phone,
        });
        expect(failed.status).toBe(502);
        expect(failed.error?.message).toBe(
          'Failed to send verification code: Our text message service is not reachable right now. Please try again in a few minutes.',
        );
      } finally {
        await other.close();
      }
    } finally {
      await t.close();
    }
  });
});

/** profile.me of a browser that has proven nothing and rated no one (its phoneNumber aside). */
const UNPROVEN_NEWCOMER = {
  name: null,
  isVerified: false,
  isUnlocked: false,
  ratingsGiven: 0,
  textsOptIn: null,
  doNotRate: null,
};

describe('over HTTP with cookies', () => {
  const t = useTestApp();

  it("validates input with the product's messages", async () => {
    const browser = new HttpBrowser();
    const badPhone = await trpcHttp(t, browser, 'mutation', 'verification.send', { phoneNumber: '555' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.error?.message).toBe('Please enter a valid phone number with country code');
    const shortCode = await trpcHttp(t, browser, 'mutation', 'verification.check', {
      phoneNumber: US,
      code: '12345',
    });
    expect(shortCode.error?.message).toBe('Please enter the complete 6-digit code');
    const letters = await trpcHttp(t, browser, 'mutation', 'verification.check', {
      phoneNumber: US,
      code: '12a456',
    });
    expect(letters.error?.message).toBe('Please enter the complete 6-digit code');
    const save = await trpcHttp(t, browser, 'mutation', 'profile.savePhone', { phoneNumber: 'abc' });
    expect(save.error?.message).toBe('Please enter a valid phone number');
  });

  it('answers the cooldown with 429 and the seconds to wait', async () => {
    const browser = new HttpBrowser();
    await trpcHttp(t, browser, 'mutation', 'verification.send', { phoneNumber: '+14155550140' });
    const again = await trpcHttp(t, browser, 'mutation', 'verification.send', {
      phoneNumber: '+14155550140',
    });
    expect(again.status).toBe(429);
    expect(again.error?.data.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(again.error?.data.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('proves the phone, rotating the HttpOnly SameSite cookie; the old cookie carries nothing', async () => {
    const phone = '+14155550141';
    const browser = new HttpBrowser();
    const me = await trpcHttp(t, browser, 'query', 'profile.me');
    expect(me.data).toEqual({ ...UNPROVEN_NEWCOMER, phoneNumber: null });
    const oldCookie = browser.cookies.get('exrated_sid');
    expect(oldCookie).toBeDefined();

    await trpcHttp(t, browser, 'mutation', 'verification.send', { phoneNumber: phone });
    const outbox = await t.http({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(phone)}` });
    const code = /(\d{6})/.exec(outbox.json().messages[0].body)?.[1];
    const checked = await trpcHttp(t, browser, 'mutation', 'verification.check', {
      phoneNumber: phone,
      code,
    });
    expect(checked.data).toEqual({ verified: true, phoneNumber: phone });
    const rotated = checked.response.cookies.find((cookie) => cookie.name === 'exrated_sid');
    expect(rotated).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(rotated?.value).not.toBe(oldCookie);

    expect((await trpcHttp(t, browser, 'query', 'profile.me')).data).toMatchObject({
      phoneNumber: phone,
      isVerified: true,
    });
    const stale = new HttpBrowser();
    stale.cookies.set('exrated_sid', oldCookie ?? '');
    expect((await trpcHttp(t, stale, 'query', 'profile.me')).data).toMatchObject({
      phoneNumber: null,
      isVerified: false,
    });
  });

  it('rejects a cross-site mutation before anything is sent', async () => {
    const phone = '+14155550142';
    const reply = await t.http({
      method: 'POST',
      url: '/trpc/verification.send',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      payload: JSON.stringify({ json: { phoneNumber: phone } }),
    });
    expect(reply.statusCode).toBe(403);
    const form = await t.http({
      method: 'POST',
      url: '/trpc/verification.check',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `phoneNumber=${encodeURIComponent(phone)}&code=123456`,
    });
    expect(form.statusCode).toBe(415);
    expect(t.sms.outbox().some((message) => message.to === phone)).toBe(false);
  });

  it('never takes the viewer from input: a typed or saved phone reveals and grants nothing', async () => {
    const victim = '+14155550143';
    await t.database.db
      .insert(claimedProfiles)
      .values({ phoneNumber: victim, name: 'Victim', isVerified: true });
    await t.database.db.insert(ratings).values([
      { name: 'Jo B.', relationshipType: 'fling', phoneNumber: US, createdByPhone: victim },
      { name: 'Al C.', relationshipType: 'fling', phoneNumber: UK, createdByPhone: victim },
    ]);
    const browser = new HttpBrowser();
    const forged = await trpcHttp(t, browser, 'query', 'profile.me', { phoneNumber: victim });
    expect(forged.data).toMatchObject({ phoneNumber: null, isVerified: false, ratingsGiven: 0 });

    const saved = await trpcHttp(t, browser, 'mutation', 'profile.savePhone', { phoneNumber: victim });
    expect(saved.data).toEqual({ phoneNumber: victim });
    // A number typed but not proven is never shown back: the tab that typed it keeps it (docs/security.md#sessions).
    const me = await trpcHttp(t, browser, 'query', 'profile.me');
    expect(me.data).toEqual({ ...UNPROVEN_NEWCOMER, phoneNumber: null });
    // Log out of an unproven phone ends the session but cannot delete the victim's profile.
    const out = await trpcHttp(t, browser, 'mutation', 'profile.logout');
    expect(out.data).toEqual({ ok: true });
    const [row] = await t.database.db
      .select()
      .from(claimedProfiles)
      .where(eq(claimedProfiles.phoneNumber, victim));
    expect(row).toMatchObject({ name: 'Victim', isVerified: true });
  });

  it('saves an unproven phone and creates an unverified profile only when none exists', async () => {
    const phone = '+14155550144';
    const browser = new HttpBrowser();
    await trpcHttp(t, browser, 'mutation', 'profile.savePhone', { phoneNumber: '(415) 555-0144' });
    await trpcHttp(t, browser, 'mutation', 'profile.savePhone', { phoneNumber: '+1 415 555 0144' });
    const rows = await t.database.db
      .select()
      .from(claimedProfiles)
      .where(eq(claimedProfiles.phoneNumber, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ isVerified: false });
  });

  it('logs out a proven phone: session ended, cookie cleared, profile deleted', async () => {
    const phone = '+14155550145';
    const browser = new HttpBrowser();
    await trpcHttp(t, browser, 'mutation', 'verification.send', { phoneNumber: phone });
    await trpcHttp(t, browser, 'mutation', 'verification.check', {
      phoneNumber: phone,
      code: latestCode(t, phone),
    });
    const sessionCookie = browser.cookies.get('exrated_sid');
    const out = await trpcHttp(t, browser, 'mutation', 'profile.logout');
    expect(out.data).toEqual({ ok: true });
    expect(out.response.cookies.find((cookie) => cookie.name === 'exrated_sid')?.value).toBe('');
    expect(
      await t.database.db.select().from(claimedProfiles).where(eq(claimedProfiles.phoneNumber, phone)),
    ).toEqual([]);
    const revoked = new HttpBrowser();
    revoked.cookies.set('exrated_sid', sessionCookie ?? '');
    expect((await trpcHttp(t, revoked, 'query', 'profile.me')).data).toMatchObject({ phoneNumber: null });
    // The row stays, ended, so the number's export and deletion still reach what it did: no cookie opens it.
    const sessions = await t.database.db
      .select({ tokenHash: deviceSessions.tokenHash })
      .from(deviceSessions)
      .where(eq(deviceSessions.phoneNumber, phone));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.tokenHash).toMatch(/^ended:/);
  });

  it('answers the default country from the request headers, falling back to us', async () => {
    // ALLOWED_SMS_COUNTRIES as the test app sets it, in the phone input's lowercase codes.
    const TEXTABLE = ['us', 'gb', 'ca', 'au'];
    const browser = new HttpBrowser();
    const fallback = await trpcHttp(t, browser, 'query', 'verification.defaultCountry');
    expect(fallback.data).toEqual({ country: 'us', textableCountries: TEXTABLE });
    const proxy = await trpcHttp(t, browser, 'query', 'verification.defaultCountry', undefined, {
      'cf-ipcountry': 'GB',
    });
    expect(proxy.data).toEqual({ country: 'gb', textableCountries: TEXTABLE });
    const language = await trpcHttp(t, browser, 'query', 'verification.defaultCountry', undefined, {
      'accept-language': 'en-AU,en;q=0.8',
    });
    expect(language.data).toEqual({ country: 'au', textableCountries: TEXTABLE });
  });
});

describe('secure cookies', () => {
  it('rotates to a __Host- Secure cookie outside local development', async () => {
    const t = await createTestApp({ env: { COOKIE_SECURE: 'true' } });
    try {
      const phone = '+14155550150';
      const browser = new HttpBrowser();
      await trpcHttp(t, browser, 'mutation', 'verification.send', { phoneNumber: phone });
      const checked = await trpcHttp(t, browser, 'mutation', 'verification.check', {
        phoneNumber: phone,
        code: latestCode(t, phone),
      });
      const cookie = checked.response.cookies.find((entry) => entry.name === '__Host-exrated_sid');
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    } finally {
      await t.close();
    }
  });
});

describe('Redis down', () => {
  it('answers verification as temporarily unavailable, logs it, and keeps serving', async () => {
    const t = await createTestApp();
    // A second app on the same database whose Redis is a closed port.
    const config = testConfig({ REDIS_URL: 'redis://127.0.0.1:1' });
    const app = await buildApp(config, { database: t.database, logger: false });
    try {
      const phone = '+14155550160';
      const send = await app.inject({
        method: 'POST',
        url: '/trpc/verification.send',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ json: { phoneNumber: phone } }),
      });
      expect(send.statusCode).toBe(503);
      expect(send.json().error.json.message).toBe(VERIFICATION_UNAVAILABLE);
      const check = await app.inject({
        method: 'POST',
        url: '/trpc/verification.check',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ json: { phoneNumber: phone, code: '123456' } }),
      });
      expect(check.statusCode).toBe(503);
      expect(check.json().error.json.message).toBe(VERIFICATION_UNAVAILABLE);

      // An answer given while a dependency is away does not wait for its audit write: the entries land after it.
      const errorsFor = () => t.database.db.select().from(errorLogs).where(eq(errorLogs.phoneNumber, phone));
      await expect
        .poll(async () => (await errorsFor()).map((entry) => entry.componentName).sort())
        .toEqual(['verification.check', 'verification.send']);
      expect((await errorsFor()).every((entry) => entry.severity === 'high')).toBe(true);
      await expect.poll(() => actionsFor(t, phone)).toContain('verification_error');

      // Still up: other procedures answer.
      const me = await app.inject({ method: 'GET', url: '/trpc/profile.me' });
      expect(me.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await t.close();
    }
  });
});
