import { staffAccounts } from '@exrated/db/schema';
import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../../src/services/limits/rate-limiter';
import { ACCOUNT_WINDOW_SECONDS } from '../../src/services/staff/password-check';
import { INVALID_LOGIN } from '../../src/services/staff/staff-login';
import { postProcedure } from '../support/rating-fixtures';
import { HttpBrowser, type TestApp, testAdminLogin, useTestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';

/**
 * Staff sign-in under attack, over HTTP as an attacker runs it (docs/staff.md#login-limits): every check of
 * a staff password, at login or on an enrolment link, counts against the same caps and answers a right
 * password like a wrong one; a stranger on other networks cannot keep a member out of a new browser on the
 * member's own network; a burst of password checks from many IPv6 networks does not stall a member's login.
 */

const ACCOUNT_CAP = 5;
const ADMIN_DESK = '198.51.100.5';

interface Reply {
  status: number;
  message: string | undefined;
  code: string | undefined;
  ms: number;
}

async function call(t: TestApp, path: string, input: unknown, ip: string, browser = new HttpBrowser()) {
  const started = performance.now();
  const response = await postProcedure<unknown>(t, path, input, browser, { ip });
  return {
    status: response.status,
    message: response.error?.message,
    code: response.error?.data.code,
    data: response.data,
    ms: performance.now() - started,
  };
}

function answer({ status, message, code }: Reply) {
  return { status, message, code };
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function tokenOf(link: string) {
  return link.split('/').pop() ?? '';
}

/** The staff side of one test app: the first admin at its desk, and members it invites. */
function staffOf(t: TestApp) {
  const adminBrowser = new HttpBrowser();
  let signedIn = false;
  let members = 0;

  async function asAdmin(path: string, input: unknown) {
    if (!signedIn) {
      const login = await call(t, 'admin.login', testAdminLogin(), ADMIN_DESK, adminBrowser);
      expect(login.status, login.message).toBe(200);
      signedIn = true;
    }
    const reply = await call(t, path, input, ADMIN_DESK, adminBrowser);
    expect(reply.status, reply.message).toBe(200);
    return reply.data as { id: string; link: string };
  }

  /** A moderator invited by the admin and enrolled from `home` in its own browser. */
  async function member(home: string) {
    members += 1;
    const login = `member${members}@example.org`;
    const password = `password-of-member-${members}`;
    const invited = await asAdmin('staff.invite', {
      login,
      displayName: `Member ${members}`,
      role: 'moderator',
    });
    const browser = new HttpBrowser();
    const token = tokenOf(invited.link);
    const opened = await call(t, 'staff.beginEnrolment', { token }, home, browser);
    const secret = (opened.data as { secret: string }).secret;
    const done = await call(
      t,
      'staff.completeEnrolment',
      { token, password, code: authenticator.generate(secret) },
      home,
      browser,
    );
    expect(done.status, done.message).toBe(200);
    const recoveryCodes = [...(done.data as { recoveryCodes: string[] }).recoveryCodes];
    return {
      id: invited.id,
      login,
      password,
      home,
      browser,
      /** A login with the next unused recovery code (a TOTP step works once; these do not wait). */
      signIn(ip: string, from = new HttpBrowser()) {
        return call(t, 'admin.login', { account: login, password, code: recoveryCodes.shift() }, ip, from);
      },
    };
  }

  return { asAdmin, member };
}

describe('a reset link', () => {
  const t = useTestApp({ env: { LIMIT_STAFF_LOGINS_PER_ACCOUNT_PER_5_MIN: String(ACCOUNT_CAP) } });
  const staff = staffOf(t);

  it('is no password oracle: its guesses count on the account and the network, and right equals wrong', async () => {
    const member = await staff.member('192.0.2.10');
    const { link } = await staff.asAdmin('staff.resetSecondFactor', { id: member.id });
    const token = tokenOf(link);

    // The link leaked. The guesser opens it from one network after another and scans its key.
    const guesses: Reply[] = [];
    for (let attempt = 1; attempt <= ACCOUNT_CAP + 3; attempt += 1) {
      const ip = `203.0.113.${20 + attempt}`;
      const browser = new HttpBrowser();
      const opened = await call(t, 'staff.beginEnrolment', { token }, ip, browser);
      const secret = (opened.data as { secret: string }).secret;
      const code = authenticator.generate(secret);
      guesses.push(
        await call(
          t,
          'staff.completeEnrolment',
          { token, password: `guess-${attempt}-pass`, code },
          ip,
          browser,
        ),
      );
    }
    expect(guesses.slice(0, ACCOUNT_CAP).map(answer)).toEqual(
      Array(ACCOUNT_CAP).fill({ status: 401, code: 'UNAUTHORIZED', message: INVALID_LOGIN }),
    );
    expect(guesses.slice(ACCOUNT_CAP).map((reply) => reply.status)).toEqual([429, 429, 429]);

    // The right password from yet another network is refused too, and nothing is enrolled.
    const browser = new HttpBrowser();
    const opened = await call(t, 'staff.beginEnrolment', { token }, '203.0.113.40', browser);
    const secret = (opened.data as { secret: string }).secret;
    const right = await call(
      t,
      'staff.completeEnrolment',
      { token, password: member.password, code: authenticator.generate(secret) },
      '203.0.113.40',
      browser,
    );
    expect(right.status).toBe(429);
    const [row] = await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.id, member.id));
    expect(row?.totpSecret).toBeNull();

    // The guesses on the link used up the same cap a login of the account counts on.
    const login = await call(
      t,
      'admin.login',
      { account: member.login, password: member.password, code: '000000' },
      '203.0.113.41',
    );
    expect(login.status).toBe(429);
  }, 60_000);

  it('counts on the network cap that logins count on', async () => {
    const member = await staff.member('192.0.2.11');
    const { link } = await staff.asAdmin('staff.resetSecondFactor', { id: member.id });
    const token = tokenOf(link);
    const network = '203.0.113.99';
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const reply = await call(
        t,
        'admin.login',
        { account: `nobody-${attempt}@example.org`, password: 'wrong-password-guess' },
        network,
      );
      expect(reply.status).toBe(401);
    }
    const browser = new HttpBrowser();
    const opened = await call(t, 'staff.beginEnrolment', { token }, network, browser);
    const secret = (opened.data as { secret: string }).secret;
    const guess = await call(
      t,
      'staff.completeEnrolment',
      { token, password: 'one-more-guess-here', code: authenticator.generate(secret) },
      network,
      browser,
    );
    expect(guess.status).toBe(429);
  }, 60_000);

  it('answers a right password like a wrong one, on the link and at login, in comparable time', async () => {
    const member = await staff.member('192.0.2.12');
    const { link } = await staff.asAdmin('staff.resetSecondFactor', { id: member.id });
    const token = tokenOf(link);
    const browser = new HttpBrowser();
    const opened = await call(t, 'staff.beginEnrolment', { token }, member.home, browser);
    const secret = (opened.data as { secret: string }).secret;

    // On the link: the right password with a wrong code, and a wrong password with the right code.
    const rightPassword = await call(
      t,
      'staff.completeEnrolment',
      { token, password: member.password, code: '000000' },
      member.home,
      browser,
    );
    const wrongPassword = await call(
      t,
      'staff.completeEnrolment',
      { token, password: 'not-the-password', code: authenticator.generate(secret) },
      member.home,
      browser,
    );
    expect(answer(rightPassword)).toEqual({ status: 401, code: 'UNAUTHORIZED', message: INVALID_LOGIN });
    expect(answer(wrongPassword)).toEqual(answer(rightPassword));

    // At login while the reset is pending: the right password and a wrong one, alternately.
    const right: Reply[] = [];
    const wrong: Reply[] = [];
    for (let round = 0; round < 3; round += 1) {
      right.push(
        await call(
          t,
          'admin.login',
          { account: member.login, password: member.password, code: '123456' },
          member.home,
        ),
      );
      wrong.push(
        await call(
          t,
          'admin.login',
          { account: member.login, password: 'not-the-password', code: '123456' },
          member.home,
        ),
      );
    }
    for (const reply of [...right, ...wrong]) {
      expect(answer(reply)).toEqual({ status: 401, code: 'UNAUTHORIZED', message: INVALID_LOGIN });
    }
    const [rightMs, wrongMs] = [median(right.map((r) => r.ms)), median(wrong.map((r) => r.ms))];
    expect(Math.abs(rightMs - wrongMs)).toBeLessThan(Math.max(rightMs, wrongMs) / 2);

    // The member, with the link and the right password and code, enrols as before.
    const done = await call(
      t,
      'staff.completeEnrolment',
      { token, password: member.password, code: authenticator.generate(secret) },
      member.home,
      browser,
    );
    expect(done.status, done.message).toBe(200);
  }, 60_000);
});

describe('a stranger hammering a named account', () => {
  const clock = testClock();
  const t = useTestApp({
    withoutRedis: true,
    env: { LIMIT_STAFF_LOGINS_PER_ACCOUNT_PER_5_MIN: String(ACCOUNT_CAP) },
    // The in-process limiter on the test clock: its windows pass without waiting.
    overrides: { now: clock.now, rateLimiter: new MemoryRateLimiter(() => clock.now().getTime()) },
  });
  const staff = staffOf(t);

  it('cannot keep the member out of a new browser on the network the member used, however long it goes on', async () => {
    const member = await staff.member('192.0.2.20');
    let strangerAddress = 0;
    const hammer = async () => {
      const replies: number[] = [];
      for (let attempt = 0; attempt < ACCOUNT_CAP + 2; attempt += 1) {
        strangerAddress += 1;
        const ip = `203.0.${113 + Math.floor(strangerAddress / 200)}.${strangerAddress % 200}`;
        const guess = { account: member.login, password: `guess-${strangerAddress}-pass`, code: '000000' };
        replies.push((await call(t, 'admin.login', guess, ip)).status);
      }
      return replies;
    };

    // Twenty minutes of guessing that keeps the account's shared cap full, window after window.
    for (let window = 0; window < 4; window += 1) {
      const replies = await hammer();
      expect(replies.at(-1)).toBe(429);
      // A browser the member never used, on the member's own network: in at once.
      const signedIn = await member.signIn(member.home);
      expect(signedIn.status, signedIn.message).toBe(200);
      clock.advance(ACCOUNT_WINDOW_SECONDS * 1000);
    }
  }, 120_000);
});

describe('a burst of password checks', () => {
  const t = useTestApp({ env: { LIMIT_STAFF_LOGINS_PER_ACCOUNT_PER_5_MIN: String(ACCOUNT_CAP) } });
  const staff = staffOf(t);

  it('does not stall a member at a browser it used: its login stays under a second', async () => {
    const member = await staff.member('192.0.2.30');
    const idle = await member.signIn(member.home, member.browser);
    expect(idle.status, idle.message).toBe(200);

    // Sixty wrong logins at once from sixty /64 networks in two /48s, each for a name of its own.
    const burst = Array.from({ length: 60 }, (_, index) => {
      const site = index % 2 === 0 ? '2001:db8:a' : '2001:db8:b';
      const ip = `${site}:${index.toString(16)}::7`;
      return call(
        t,
        'admin.login',
        { account: `burst-${index}@example.org`, password: 'wrong-guess-here' },
        ip,
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const busy = await member.signIn(member.home, member.browser);
    const replies = await Promise.all(burst);

    expect(busy.status, busy.message).toBe(200);
    // Under a second, or four idle logins when the shared machine makes one idle login slow.
    expect(busy.ms, `idle ${idle.ms.toFixed(0)} ms, during the burst ${busy.ms.toFixed(0)} ms`).toBeLessThan(
      Math.max(1000, 4 * idle.ms),
    );
    // The queue hashed a few of the guesses and turned the rest away at once, before any hashing.
    const hashed = replies.filter((reply) => reply.status === 401);
    const refused = replies.filter((reply) => reply.status === 429);
    expect(hashed.length + refused.length).toBe(replies.length);
    expect(hashed.length).toBeGreaterThan(0);
    expect(hashed.length).toBeLessThanOrEqual(10);
    for (const reply of refused)
      expect(reply.message).toMatch(/^Too many login attempts right now, try again/);
  }, 60_000);

  it('caps an IPv6 /48 as well as each /64 in it', async () => {
    // Thirty guesses at one account from thirty /64s of one /48: past the account's cap they are refused
    // before any hashing, and each still counts on its /48.
    const member = await staff.member('192.0.2.31');
    const guesses: number[] = [];
    for (let index = 1; index <= 30; index += 1) {
      const guess = { account: member.login, password: 'wrong-guess-here' };
      guesses.push((await call(t, 'admin.login', guess, `2001:db8:c:${index.toString(16)}::1`)).status);
    }
    expect(guesses).toEqual([...Array(ACCOUNT_CAP).fill(401), ...Array(30 - ACCOUNT_CAP).fill(429)]);
    const sameSite = await call(
      t,
      'admin.login',
      { account: 'site-31@example.org', password: 'wrong-guess-here' },
      '2001:db8:c:ff::1',
    );
    expect(answer(sameSite)).toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Too many login attempts, /),
    });
    const otherSite = await call(
      t,
      'admin.login',
      { account: 'site-32@example.org', password: 'wrong-guess-here' },
      '2001:db8:d:1::1',
    );
    expect(otherSite.status).toBe(401);
  }, 60_000);
});
