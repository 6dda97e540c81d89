import { errorLogs, logs, notifications, ratings, smsOptOuts } from '@exrated/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NUMBER_CANNOT_BE_RATED } from '../../src/services/rating/rating-submission';
import { ConsoleSmsSender } from '../../src/services/sms/console-sms-sender';
import type { SmsMessage, SmsSendResult } from '../../src/services/sms/sms-sender';
import { INVALID_CODE } from '../../src/services/verification/verification-service';
import { postProcedure, ratingInput } from '../support/rating-fixtures';
import { createTestApp, HttpBrowser, type TestApp, testAdminLogin, useTestApp } from '../support/test-app';
import { frozenClock } from '../support/test-clock';

/**
 * The attacks run against the production build, as an abuser runs them: over HTTP, with a fresh
 * cookie for every request. Each failed on the code before the fix.
 */

const OWNER = '+14155550180';
const OWNER_IP = '198.51.100.80';
const STRANGER_IP = '203.0.113.66';

/** One tRPC mutation over HTTP from `ip` (a stranger's unless given); a new browser unless one is given. */
function call<T = unknown>(
  t: TestApp,
  path: string,
  input: unknown,
  options: { ip?: string; browser?: HttpBrowser } = {},
) {
  return postProcedure<T>(t, path, input, options.browser ?? new HttpBrowser(), {
    ip: options.ip ?? STRANGER_IP,
  });
}

async function query<T = unknown>(t: TestApp, path: string, browser: HttpBrowser, ip = OWNER_IP) {
  const response = await t.http({ method: 'GET', url: `/trpc/${path}`, remoteAddress: ip }, browser);
  const body = response.json();
  return {
    status: response.statusCode,
    data: body.result?.data?.json as T | undefined,
    error: body.error?.json,
  };
}

function codeTexts(t: TestApp, phone: string) {
  return t.sms.outbox().filter((text) => text.to === phone && text.kind === 'verification');
}

function newestCode(t: TestApp, phone: string): string {
  const body = codeTexts(t, phone)[0]?.body ?? '';
  const code = /Your ExRated code is (\d{6})\./.exec(body)?.[1];
  if (!code) throw new Error(`no code text for ${phone}`);
  return code;
}

/** Texts go out after the response: wait until the dispatcher has sent what the requests made due. */
async function textsSettled(t: TestApp) {
  await new Promise((resolve) => setImmediate(resolve));
  await t.app.services.dispatcher.settled();
}

function ratingTexts(t: TestApp, phone: string) {
  return t.sms.outbox().filter((text) => text.to === phone && text.kind === 'rating');
}

/** Proves `phone` in `browser`: a code sent and checked from it. */
async function prove(t: TestApp, phone: string, browser: HttpBrowser, ip = OWNER_IP) {
  const sent = await call(t, 'verification.send', { phoneNumber: phone }, { browser, ip });
  expect(sent.status, sent.error?.message).toBe(200);
  const checked = await call(
    t,
    'verification.check',
    { phoneNumber: phone, code: newestCode(t, phone) },
    { browser, ip },
  );
  expect(checked.status, checked.error?.message).toBe(200);
}

async function actions(t: TestApp, phone: string) {
  const rows = await t.database.db
    .select({ action: logs.action })
    .from(logs)
    .where(eq(logs.phoneNumber, phone));
  return rows.map((row) => row.action);
}

describe('attack 1: strangers cannot weaponize verification', () => {
  const clock = frozenClock();
  const t = useTestApp({ overrides: { now: clock.now } });

  it('keeps the resend wait when a stranger fails six checks, so the number keeps its sends', async () => {
    // The stranger asks for a code to the owner's number and fails six checks of it from the same session,
    // which used to delete the code and its wait with it, so the next send went out at once.
    const stranger = new HttpBrowser();
    expect((await call(t, 'verification.send', { phoneNumber: OWNER }, { browser: stranger })).status).toBe(
      200,
    );
    for (let guess = 0; guess < 6; guess++) {
      const wrong = await call(
        t,
        'verification.check',
        { phoneNumber: OWNER, code: String(100000 + guess) },
        { browser: stranger },
      );
      expect(wrong.error?.message).toBe(INVALID_CODE);
    }
    const resend = await call(t, 'verification.send', { phoneNumber: OWNER }, { browser: stranger });
    expect(resend.status).toBe(429);
    expect(resend.error?.message).toMatch(
      /^Please wait before requesting a new code\. You can request one in \d+ seconds\.$/,
    );
    // From a fresh cookie the stranger is answered as anyone asking first, and the number's own wait still
    // keeps the phone from a second text.
    expect((await call(t, 'verification.send', { phoneNumber: OWNER })).status).toBe(200);
    expect(codeTexts(t, OWNER)).toHaveLength(1);
  });

  it('lets the owner prove the number with the newest code on the phone, whichever session asked for it', async () => {
    clock.advance(61_000);
    const owner = new HttpBrowser();
    // A stranger's send replaces whatever code the owner had: the new one goes to the owner's phone.
    expect((await call(t, 'verification.send', { phoneNumber: OWNER })).status).toBe(200);
    // More sends inside the wait (answered, not texted), and wrong guesses from fresh cookies, change
    // nothing for the owner.
    const texted = codeTexts(t, OWNER).length;
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await call(t, 'verification.send', { phoneNumber: OWNER })).status).toBe(200);
    }
    expect(codeTexts(t, OWNER)).toHaveLength(texted);
    for (let guess = 0; guess < 4; guess++) {
      await call(t, 'verification.check', { phoneNumber: OWNER, code: String(200000 + guess) });
    }
    const proof = await call(
      t,
      'verification.check',
      { phoneNumber: OWNER, code: newestCode(t, OWNER) },
      { browser: owner, ip: OWNER_IP },
    );
    expect(proof.status, proof.error?.message).toBe(200);
    const me = await query<{ isVerified: boolean; phoneNumber: string }>(t, 'profile.me', owner);
    expect(me.data).toMatchObject({ isVerified: true, phoneNumber: OWNER });
  });

  it('gives fresh cookies no extra guesses: five wrong checks in all, then the code is gone', async () => {
    const phone = '+14155550181';
    clock.advance(3_600_000);
    await call(t, 'verification.send', { phoneNumber: phone }, { ip: '198.51.100.81' });
    const code = newestCode(t, phone);
    for (let guess = 0; guess < 5; guess++) {
      const wrong = code === '999999' ? '999998' : '999999';
      await call(
        t,
        'verification.check',
        { phoneNumber: phone, code: wrong },
        { ip: `198.51.100.${90 + guess}` },
      );
    }
    const right = await call(t, 'verification.check', { phoneNumber: phone, code }, { ip: '198.51.100.83' });
    expect(right.error?.message).toBe(INVALID_CODE);
  });

  it('bounds checks per network: every address of one IPv6 /64 counts as one', async () => {
    const limit = t.config.limits.verificationChecksPerIpPerHour;
    const statuses: number[] = [];
    for (let index = 0; index <= limit; index++) {
      const reply = await call(
        t,
        'verification.check',
        { phoneNumber: '+14155550182', code: '123456' },
        { ip: `2001:db8:77:1::${(index + 1).toString(16)}` },
      );
      statuses.push(reply.status);
    }
    expect(statuses.slice(0, limit).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('texts one number at most the daily number of codes, with waits that grow, whoever asks', async () => {
    const phone = '+14155550183';
    // A crowd of fresh cookies asks every quarter of an hour for a day: every one is answered, the phone gets
    // the day's codes at the number's own growing waits.
    const sentAt: number[] = [];
    for (let attempt = 0; attempt < 96; attempt++) {
      const before = codeTexts(t, phone).length;
      const reply = await call(
        t,
        'verification.send',
        { phoneNumber: phone },
        { ip: `192.0.2.${(attempt % 250) + 1}` },
      );
      expect(reply.status, reply.error?.message).toBe(200);
      if (codeTexts(t, phone).length > before) sentAt.push(attempt * 15);
      clock.advance(15 * 60_000);
    }
    expect(sentAt).toHaveLength(t.config.limits.verificationTextsPerPhonePerDay);
    const gaps = sentAt.slice(1).map((minute, index) => minute - (sentAt[index] ?? 0));
    expect(gaps.slice(1).every((gap, index) => gap >= (gaps[index] ?? 0))).toBe(true);
    expect(gaps.at(-1) ?? 0).toBeGreaterThanOrEqual(60);
  });

  it("tells one asker the waits of their own asking, and their own day's ceiling", async () => {
    const phone = '+14155550184';
    const asker = new HttpBrowser();
    const waits: number[] = [];
    const announced: number[] = [];
    let sinceLastSend = 0;
    for (let attempt = 0; attempt < 100; attempt++) {
      const reply = await call(
        t,
        'verification.send',
        { phoneNumber: phone },
        { browser: asker, ip: `192.0.2.${(attempt % 250) + 1}` },
      );
      if (reply.status === 200) {
        waits.push(sinceLastSend);
        announced.push((reply.data as { resendAfterSeconds: number }).resendAfterSeconds);
        sinceLastSend = 0;
      } else if (/most verification codes/.test(reply.error?.message ?? '')) {
        break;
      } else {
        expect(reply.error?.message).toMatch(/^Please wait before requesting a new code/);
        const waitMs = (reply.error?.data.retryAfterSeconds ?? 1) * 1000;
        clock.advance(waitMs);
        sinceLastSend += waitMs;
      }
    }
    expect(codeTexts(t, phone)).toHaveLength(t.config.limits.verificationTextsPerPhonePerDay);
    // Each wait at least as long as the one before, and the later ones far longer than the first.
    const between = waits.slice(1);
    expect(between.slice(1).every((wait, index) => wait >= (between[index] ?? 0))).toBe(true);
    expect(between.at(-1) ?? 0).toBeGreaterThan(10 * (between[0] ?? 0));
    // Each send told the waiting time that followed it (the countdown on /verify shows it).
    expect(announced.slice(0, -1)).toEqual(between.map((wait) => wait / 1000));
  });
});

describe('attacks 2 and 3: a rating counts once a person stands behind it', () => {
  const clock = frozenClock();
  const t = useTestApp({ overrides: { now: clock.now } });

  it('neither shows, counts nor texts ratings from fresh sessions (review bombing)', async () => {
    const target = '+14155550190';
    for (let session = 0; session < 5; session++) {
      const reply = await call(t, 'rating.submit', ratingInput({ phoneNumber: target }), {
        ip: `203.0.113.${10 + session}`,
      });
      expect(reply.status, reply.error?.message).toBe(200);
    }
    await textsSettled(t);
    expect(ratingTexts(t, target)).toHaveLength(0);

    // The rated person proves the number and unlocks with two ratings of their own.
    const subject = new HttpBrowser();
    for (const other of ['+14155550191', '+14155550192']) {
      await call(t, 'rating.submit', ratingInput({ phoneNumber: other }), { browser: subject, ip: OWNER_IP });
    }
    await prove(t, target, subject);
    const received = await query<{ ratings: unknown[]; summary: { count: number } }>(
      t,
      'profile.ratingsReceived',
      subject,
    );
    expect(received.status, received.error?.message).toBe(200);
    expect(received.data?.ratings).toEqual([]);
    expect(received.data?.summary.count).toBe(0);
  });

  it('releases a rating when its author proves a phone, and once per proven phone in 30 days', async () => {
    const target = '+14155550193';
    const rater = '+14155550194';
    const first = new HttpBrowser();
    await call(t, 'rating.submit', ratingInput({ phoneNumber: target }), {
      browser: first,
      ip: '203.0.113.20',
    });
    await prove(t, rater, first, '203.0.113.20');
    await textsSettled(t);
    expect(ratingTexts(t, target)).toHaveLength(1);

    // The same person from a fresh session: the rating is saved, then dropped when the same phone is proven.
    const second = new HttpBrowser();
    const again = await call(t, 'rating.submit', ratingInput({ phoneNumber: target }), {
      browser: second,
      ip: '203.0.113.21',
    });
    expect(again.status).toBe(200);
    clock.advance(61_000);
    await prove(t, rater, second, '203.0.113.21');
    const stored = await t.database.db.select().from(ratings).where(eq(ratings.phoneNumber, target));
    expect(stored.map((row) => row.createdByPhone)).toEqual([rater]);
    expect(await actions(t, rater)).toContain('rating_dropped_repeat');
    await textsSettled(t);
    expect(ratingTexts(t, target)).toHaveLength(1);
  });

  it('drops a held rating of the prover own number at proof, and logs it (self-rating, hollow unlock)', async () => {
    const self = '+14155550195';
    const browser = new HttpBrowser();
    const own = await call(
      t,
      'rating.submit',
      ratingInput({
        phoneNumber: self,
        scores: [1, 2, 3, 4, 5].map((questionId) => ({ questionId, score: 10 })),
      }),
      { browser, ip: '203.0.113.30' },
    );
    const other = await call<{ ratingsGiven: number; isUnlocked: boolean }>(
      t,
      'rating.submit',
      ratingInput({ phoneNumber: '+14155550196' }),
      { browser, ip: '203.0.113.30' },
    );
    expect(own.status).toBe(200);
    expect(other.data).toMatchObject({ ratingsGiven: 2, isUnlocked: true });

    await prove(t, self, browser, '203.0.113.30');
    const me = await query<{ ratingsGiven: number; isUnlocked: boolean }>(
      t,
      'profile.me',
      browser,
      '203.0.113.30',
    );
    expect(me.data).toMatchObject({ ratingsGiven: 1, isUnlocked: false });
    expect(await t.database.db.select().from(ratings).where(eq(ratings.phoneNumber, self))).toEqual([]);
    // Dropped without a word in the prover's activity: on a shared browser it may be someone else's rating.
    expect(await actions(t, self)).not.toContain('rating_dropped_own_number');
    const received = await query(t, 'profile.ratingsReceived', browser, '203.0.113.30');
    expect(received.status).toBe(403);
  });

  it('refuses numbers that can never be texted, so they unlock nothing', async () => {
    for (const phoneNumber of ['+33612345678', '+442079460000', '+19005551234']) {
      const reply = await call(t, 'rating.submit', ratingInput({ phoneNumber }), { ip: '203.0.113.40' });
      expect(reply.status, phoneNumber).toBe(400);
      expect(reply.error?.message).toBe(NUMBER_CANNOT_BE_RATED);
    }
  });

  it('holds for moderation the ratings of a number beyond its daily ceiling', async () => {
    const target = '+14155550197';
    const ceiling = t.config.limits.ratingsPerNumberPerDay;
    for (let rater = 0; rater <= ceiling; rater++) {
      const browser = new HttpBrowser();
      const ip = `203.0.113.${50 + rater}`;
      await prove(t, `+1415555020${rater}`, browser, ip);
      const reply = await call(t, 'rating.submit', ratingInput({ phoneNumber: target }), { browser, ip });
      expect(reply.status, reply.error?.message).toBe(200);
    }
    await textsSettled(t);
    const rows = await t.database.db
      .select({ heldReason: ratings.heldReason, status: notifications.status })
      .from(ratings)
      .innerJoin(notifications, eq(notifications.ratingId, ratings.id))
      .where(eq(ratings.phoneNumber, target));
    expect(rows.filter((row) => row.heldReason === 'daily_ceiling')).toEqual([
      { heldReason: 'daily_ceiling', status: 'held' },
    ]);
    expect(ratingTexts(t, target)).toHaveLength(ceiling);
  });
});

describe('attack 4: SMS pumping', () => {
  const t = useTestApp({
    env: { LIMIT_VERIFICATION_TEXTS_PER_COUNTRY_PER_HOUR: '3', LIMIT_VERIFICATION_TEXTS_PER_DAY: '6' },
  });

  it.each([
    ['US premium rate', '+19005551234'],
    ['UK premium rate', '+449091234567'],
    ['UK 0871', '+448712345678'],
    ['UK personal number', '+447012345678'],
    ['AU premium rate', '+611900123456'],
  ])('texts no code to a %s number (%s)', async (_kind, phoneNumber) => {
    const reply = await call(t, 'verification.send', { phoneNumber });
    expect(reply.status).toBe(400);
    expect(reply.error?.message).toBe(
      'Failed to send verification code: Texts can only be sent to mobile numbers. Please enter a mobile number.',
    );
    expect(codeTexts(t, phoneNumber)).toHaveLength(0);
  });

  it('counts the addresses of one IPv6 /64 as one network', async () => {
    const fresh = await createTestApp();
    try {
      const limit = fresh.config.limits.verificationSendsPerIpPerHour;
      const statuses: number[] = [];
      for (let index = 0; index < limit + 5; index++) {
        const reply = await call(
          fresh,
          'verification.send',
          { phoneNumber: `+1202555${String(3000 + index)}` },
          { ip: `2001:db8:5:9::${(index + 1).toString(16)}` },
        );
        statuses.push(reply.status);
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(limit);
      expect(statuses.slice(limit).every((status) => status === 429)).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it('pauses code texts to a country past its hourly ceiling, raises one critical alarm, and keeps a global daily ceiling', async () => {
    const send = (phoneNumber: string, index: number) =>
      call(t, 'verification.send', { phoneNumber }, { ip: `198.18.0.${index + 1}` });
    const uk = await Promise.all([0, 1, 2, 3, 4].map((index) => send(`+4474001234${10 + index}`, index)));
    expect(uk.map((reply) => reply.status).sort()).toEqual([200, 200, 200, 429, 429]);
    expect(uk.find((reply) => reply.status === 429)?.error?.message).toMatch(
      /^Verification texts to this country are paused for now\. Please try again in \d+ minutes\.$/,
    );
    const alarms = await t.database.db.select().from(errorLogs).where(eq(errorLogs.severity, 'critical'));
    expect(alarms).toHaveLength(1);
    expect(alarms[0]?.errorMessage).toMatch(/hourly ceiling of code texts to GB reached/);

    // Other countries still get codes, up to the global daily ceiling (6: three to GB, three to the US).
    const us = [];
    for (let index = 0; index < 3; index++) us.push(await send(`+1202555${4000 + index}`, 10 + index));
    expect(us.map((reply) => reply.status)).toEqual([200, 200, 200]);
    const overGlobal = await send('+61412345678', 20);
    expect(overGlobal.status).toBe(429);
    expect(overGlobal.error?.message).toMatch(/^Verification texts are paused for now\./);

    // The dashboard shows today's texts by kind and country.
    const admin = t.caller();
    await admin.trpc.admin.login(testAdminLogin());
    const { textsToday } = await admin.trpc.admin.dashboard();
    expect(textsToday).toEqual([
      { kind: 'verification', country: 'GB', count: 3 },
      { kind: 'verification', country: 'US', count: 3 },
    ]);
  });
});

/** The console sender, except that rating texts wait until the test lets them go. */
class RatingTextsHeldSender extends ConsoleSmsSender {
  private release: () => void = () => undefined;
  private readonly gate = new Promise<void>((resolve) => {
    this.release = resolve;
  });
  ratingTextsStarted = 0;

  override async send(message: SmsMessage): Promise<SmsSendResult> {
    if (message.kind === 'rating') {
      this.ratingTextsStarted += 1;
      await this.gate;
    }
    return super.send(message);
  }

  open() {
    this.release();
  }
}

describe('attack 7: the answers tell nothing of what became of the text', () => {
  it('answers rating.submit before its text is sent, and the same for a number that opted out', async () => {
    const sms = new RatingTextsHeldSender(() => undefined);
    const t = await createTestApp({ overrides: { sms } });
    try {
      const rater = new HttpBrowser();
      const ip = '203.0.113.90';
      await prove(t, '+14155550212', rater, ip);
      const optedOut = '+14155550211';
      await t.database.db.insert(smsOptOuts).values({ phoneNumber: optedOut, source: 'link' });
      const replies = [];
      for (const phoneNumber of ['+14155550210', optedOut]) {
        replies.push(
          await call<Record<string, unknown>>(t, 'rating.submit', ratingInput({ phoneNumber }), {
            browser: rater,
            ip,
          }),
        );
      }
      // Both answered although the first text cannot leave: nothing waited for a send.
      expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
      expect(replies.map((reply) => Object.keys(reply.data ?? {}).sort())).toEqual([
        ['isUnlocked', 'ratingId', 'ratingsGiven'],
        ['isUnlocked', 'ratingId', 'ratingsGiven'],
      ]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(sms.ratingTextsStarted).toBe(1);
      sms.open();
      await textsSettled(t);
      expect(ratingTexts(t, '+14155550210')).toHaveLength(1);
      expect(ratingTexts(t, optedOut)).toHaveLength(0);
    } finally {
      sms.open();
      await t.close();
    }
  });

  it('limits profile.savePhone per network and answers the same whether or not a profile exists', async () => {
    const t = await createTestApp({ env: { LIMIT_PHONE_SAVES_PER_IP_PER_HOUR: '3' } });
    try {
      const existing = await call(
        t,
        'profile.savePhone',
        { phoneNumber: '+14155550220' },
        { ip: '198.51.100.120' },
      );
      const again = await call(
        t,
        'profile.savePhone',
        { phoneNumber: '+14155550220' },
        { ip: '198.51.100.120' },
      );
      const other = await call(
        t,
        'profile.savePhone',
        { phoneNumber: '+14155550221' },
        { ip: '198.51.100.120' },
      );
      expect([existing, again, other].map((reply) => reply.status)).toEqual([200, 200, 200]);
      expect(again.data).toEqual({ phoneNumber: '+14155550220' });
      const actionsOf = await t.database.db
        .select({ action: logs.action, phone: logs.phoneNumber })
        .from(logs);
      expect(actionsOf.filter((row) => row.action === 'profile_phone_saved')).toHaveLength(3);
      const limited = await call(
        t,
        'profile.savePhone',
        { phoneNumber: '+14155550222' },
        { ip: '198.51.100.120' },
      );
      expect(limited.status).toBe(429);
      expect(limited.error?.message).toMatch(/^Too many phone numbers saved from your network\./);
    } finally {
      await t.close();
    }
  });
});
