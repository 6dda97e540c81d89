import { logs, moderationDecisions, notifications, staffAccounts, staffEnrolments } from '@exrated/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { DomainError } from '../src/services/errors/domain-error';
import { ACCOUNT_WINDOW_SECONDS } from '../src/services/staff/password-check';
import { freshTotp } from './support/fresh-totp';
import { ratingInput } from './support/rating-fixtures';
import {
  TEST_ADMIN_LOGIN,
  TEST_ADMIN_PASSWORD,
  type TestApp,
  testAdminLogin,
  useTestApp,
} from './support/test-app';
import { addressSequence, testClock } from './support/test-clock';
import { failure } from './support/trpc-failure';
import { provenCaller } from './support/verification';

/**
 * Named staff accounts (docs/staff.md): the first admin from the environment enrols a second factor at its
 * first login; admins invite, disable, remove and reset; every login needs the second factor; a stranger
 * cannot lock a named account out for more than a short wait; every staff action names its author, who is
 * never named to a reporter or an author.
 */

const DAY = 24 * 60 * 60 * 1000;
const ACCOUNT_CAP = 5;

const clock = testClock();
const freshIp = addressSequence('198.51.100');
const t = useTestApp({
  adminNotEnrolled: true,
  env: { LIMIT_STAFF_LOGINS_PER_ACCOUNT_PER_5_MIN: String(ACCOUNT_CAP) },
  overrides: { now: clock.now },
});
afterEach(() => {
  clock.reset();
});

function tokenOf(link: string) {
  return link.split('/').pop() ?? '';
}

let adminSecret = '';
let accountCounter = 0;

let admin: ReturnType<TestApp['caller']> | null = null;

/** The first admin, logged in once: this file's per-account cap is low, and it is about strangers. */
async function adminCaller() {
  if (admin) return admin;
  admin = t.caller({ ip: freshIp() });
  await admin.trpc.admin.login({
    account: TEST_ADMIN_LOGIN,
    password: TEST_ADMIN_PASSWORD,
    code: await freshTotp(adminSecret),
  });
  return admin;
}

/** An invited, enrolled staff member: its login, password, TOTP secret and logged-in caller. */
async function enrolledStaff(role: 'admin' | 'moderator', displayName = 'Marta Moderator') {
  accountCounter += 1;
  const login = `staff${accountCounter}@example.org`;
  const password = `password-of-staff-${accountCounter}`;
  const staffAdmin = await adminCaller();
  const invited = await staffAdmin.trpc.staff.invite({ login, displayName, role });
  const caller = t.caller({ ip: freshIp() });
  const { secret } = await caller.trpc.staff.beginEnrolment({ token: tokenOf(invited.link) });
  const { recoveryCodes } = await caller.trpc.staff.completeEnrolment({
    token: tokenOf(invited.link),
    password,
    code: await freshTotp(secret),
  });
  return { id: invited.id, login, password, secret, caller, recoveryCodes };
}

describe('the first admin', () => {
  it('comes from the environment and enrols a TOTP second factor at its first login', async () => {
    const [row] = await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.login, 'admin'));
    expect(row?.role).toBe('admin');
    expect(row?.passwordHash).toMatch(/^scrypt\$65536\$8\$1\$/);
    expect(row?.passwordHash).not.toContain(TEST_ADMIN_PASSWORD);

    const browser = t.caller({ ip: freshIp() });
    const first = await browser.trpc.admin.login({ account: 'Admin', password: TEST_ADMIN_PASSWORD });
    if (first.status !== 'enrol') throw new Error('expected an enrolment');
    expect(await browser.trpc.admin.me()).toMatchObject({ isAdmin: false });

    const opened = await browser.trpc.staff.beginEnrolment({ token: first.token });
    expect(opened.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(opened.uri).toContain('otpauth://totp/ExRated:admin?secret=');
    // A reload shows the same secret.
    expect((await browser.trpc.staff.beginEnrolment({ token: first.token })).secret).toBe(opened.secret);
    adminSecret = opened.secret;

    const wrong = await failure(() =>
      browser.trpc.staff.completeEnrolment({ token: first.token, code: '000000' }),
    );
    expect(wrong.code).toBe('BAD_REQUEST');
    const done = await browser.trpc.staff.completeEnrolment({
      token: first.token,
      code: await freshTotp(adminSecret),
    });
    expect(done.recoveryCodes).toHaveLength(10);
    expect(await browser.trpc.admin.me()).toEqual({ isAdmin: true, name: 'admin', role: 'admin' });
    admin = browser;

    // The link is used up; the secret and the recovery codes are not stored readable.
    expect((await failure(() => browser.trpc.staff.beginEnrolment({ token: first.token }))).code).toBe(
      'NOT_FOUND',
    );
    const [enrolled] = await t.database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.login, 'admin'));
    expect(JSON.stringify(enrolled)).not.toContain(adminSecret);
    for (const code of done.recoveryCodes) expect(JSON.stringify(enrolled)).not.toContain(code);
    expect(enrolled?.enrolsWithPassword).toBeNull();

    // From now on the password alone is not enough.
    const noCode = await failure(() =>
      t.caller({ ip: freshIp() }).trpc.admin.login({ account: 'admin', password: TEST_ADMIN_PASSWORD }),
    );
    expect(noCode).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Invalid password or authentication code',
    });
    const wrongCode = await failure(() =>
      t.caller({ ip: freshIp() }).trpc.admin.login({ ...testAdminLogin(), code: '123456' }),
    );
    expect(wrongCode.code).toBe('UNAUTHORIZED');

    // A recovery code works once.
    const [recovery] = done.recoveryCodes;
    const recovered = t.caller({ ip: freshIp() });
    const login = { account: 'admin', password: TEST_ADMIN_PASSWORD, code: recovery ?? '' };
    expect(await recovered.trpc.admin.login(login)).toMatchObject({ status: 'signed_in', role: 'admin' });
    expect((await failure(() => t.caller({ ip: freshIp() }).trpc.admin.login(login))).code).toBe(
      'UNAUTHORIZED',
    );
  });

  it('is made only on an empty table: another start with other settings changes nothing', async () => {
    const [{ count } = { count: 0 }] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(staffAccounts)
      .where(eq(staffAccounts.role, 'admin'));
    expect(count).toBeGreaterThanOrEqual(1);
    const { ensureFirstAdmin } = await import('../src/services/staff/first-admin');
    await ensureFirstAdmin(t.database.db, { ...t.config, adminLogin: 'someone-else' }, t.app.log);
    const rows = await t.database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.login, 'someone-else'));
    expect(rows).toHaveLength(0);
  });
});

describe('invitations and roles', () => {
  it('invites with a one-time link that expires after 24 hours', async () => {
    const staffAdmin = await adminCaller();
    const invited = await staffAdmin.trpc.staff.invite({
      login: 'late@example.org',
      displayName: 'Late',
      role: 'moderator',
    });
    expect(invited.link).toMatch(/^http:\/\/localhost:3000\/admin\/enrol\/[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is stored.
    const rows = await t.database.db
      .select()
      .from(staffEnrolments)
      .where(eq(staffEnrolments.staffId, invited.id));
    expect(JSON.stringify(rows)).not.toContain(tokenOf(invited.link));
    clock.advance(DAY + 1000);
    const expired = await failure(() =>
      t.caller().trpc.staff.beginEnrolment({ token: tokenOf(invited.link) }),
    );
    expect(expired).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('expired') });
    // An invited account has no password until it enrols: nothing logs in with it.
    clock.reset();
    const login = await failure(() =>
      t
        .caller({ ip: freshIp() })
        .trpc.admin.login({ account: 'late@example.org', password: 'anything-at-all' }),
    );
    expect(login.code).toBe('UNAUTHORIZED');
    // A taken name is refused with a clear message.
    const taken = await failure(() =>
      staffAdmin.trpc.staff.invite({ login: 'LATE@example.org', displayName: 'Again', role: 'admin' }),
    );
    expect(taken).toMatchObject({
      code: 'CONFLICT',
      message: "There is already a staff account 'late@example.org'.",
    });
  });

  it('gives a moderator the queue, profiles and logs, and nothing of settings or staff', async () => {
    const moderator = await enrolledStaff('moderator');
    const trpc = moderator.caller.trpc;
    expect(await trpc.admin.me()).toEqual({ isAdmin: true, name: 'Marta Moderator', role: 'moderator' });
    await trpc.admin.queue();
    await trpc.admin.logs({ category: 'all' });
    await trpc.admin.profiles({});
    for (const call of [
      () => trpc.admin.settings(),
      () => trpc.admin.saveSettings({ maintenanceMode: true, logLevel: 'debug' }),
      () => trpc.admin.dashboard(),
      () => trpc.staff.list(),
      () => trpc.staff.invite({ login: 'x@example.org', displayName: 'X', role: 'admin' }),
    ]) {
      expect(await failure(call)).toMatchObject({
        code: 'FORBIDDEN',
        message: 'This needs an admin account.',
      });
    }
    // It logs in again with its password and a code.
    const again = t.caller({ ip: freshIp() });
    const result = await again.trpc.admin.login({
      account: moderator.login,
      password: moderator.password,
      code: await freshTotp(moderator.secret),
    });
    expect(result).toMatchObject({ status: 'signed_in', role: 'moderator' });
  });
});

describe('disabling, removing and resetting', () => {
  it('ends the sessions of a disabled account at once, and lets it back in once enabled', async () => {
    const staff = await enrolledStaff('moderator');
    const staffAdmin = await adminCaller();
    await staffAdmin.trpc.staff.setDisabled({ id: staff.id, disabled: true });
    expect((await failure(() => staff.caller.trpc.admin.queue())).code).toBe('UNAUTHORIZED');
    const login = { account: staff.login, password: staff.password, code: await freshTotp(staff.secret) };
    expect((await failure(() => t.caller({ ip: freshIp() }).trpc.admin.login(login))).code).toBe(
      'UNAUTHORIZED',
    );
    await staffAdmin.trpc.staff.setDisabled({ id: staff.id, disabled: false });
    expect(await t.caller({ ip: freshIp() }).trpc.admin.login(login)).toMatchObject({ status: 'signed_in' });
  });

  it('removes an account: sessions end, credentials go, its name stays on the list', async () => {
    const staff = await enrolledStaff('admin', 'Ravi Removed');
    const staffAdmin = await adminCaller();
    await staffAdmin.trpc.staff.remove({ id: staff.id });
    expect((await failure(() => staff.caller.trpc.admin.queue())).code).toBe('UNAUTHORIZED');
    const [row] = await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.id, staff.id));
    expect(row).toMatchObject({ passwordHash: null, totpSecret: null, recoveryCodeHashes: [] });
    expect((await staffAdmin.trpc.staff.list()).find((entry) => entry.id === staff.id)).toMatchObject({
      displayName: 'Ravi Removed',
      removedAt: expect.any(Date),
    });
    const entries = await t.database.db.select().from(logs).where(eq(logs.action, 'staff_removed'));
    expect(entries.at(-1)?.details).toMatchObject({ staffId: staff.id, staff: 'admin' });
  });

  it('refuses to disable or remove oneself', async () => {
    const staffAdmin = await adminCaller();
    const [me] = await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.login, 'admin'));
    const own = await failure(() => staffAdmin.trpc.staff.remove({ id: me?.id ?? '' }));
    expect(own).toMatchObject({ code: 'BAD_REQUEST', message: 'You cannot remove your own account.' });
  });

  it('resets a second factor: the old codes stop working, a new link enrols a new one with the password', async () => {
    const staff = await enrolledStaff('moderator');
    const staffAdmin = await adminCaller();
    const { link } = await staffAdmin.trpc.staff.resetSecondFactor({ id: staff.id });
    expect((await failure(() => staff.caller.trpc.admin.queue())).code).toBe('UNAUTHORIZED');
    const oldLogin = { account: staff.login, password: staff.password, code: await freshTotp(staff.secret) };
    // The right password with the old code answers like a wrong password: the link is the way in.
    const refused = await failure(() => t.caller({ ip: freshIp() }).trpc.admin.login(oldLogin));
    expect(refused).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Invalid password or authentication code',
    });

    const browser = t.caller({ ip: freshIp() });
    const { secret, purpose } = await browser.trpc.staff.beginEnrolment({ token: tokenOf(link) });
    expect(purpose).toBe('reset');
    const firstCode = await freshTotp(secret);
    const badPassword = await failure(() =>
      browser.trpc.staff.completeEnrolment({
        token: tokenOf(link),
        password: 'not-the-password',
        code: firstCode,
      }),
    );
    expect(badPassword.code).toBe('UNAUTHORIZED');
    await browser.trpc.staff.completeEnrolment({
      token: tokenOf(link),
      password: staff.password,
      code: await freshTotp(secret),
    });
    expect(await browser.trpc.admin.me()).toMatchObject({ role: 'moderator' });
  });
});

describe('login limits', () => {
  it('lets a stranger cost a named account at most a short wait, and nothing at a browser it used before', async () => {
    const staff = await enrolledStaff('moderator');
    // The owner's browser, marked at its login.
    const owner = t.caller({ ip: freshIp() });
    const good = async () => ({
      account: staff.login,
      password: staff.password,
      code: await freshTotp(staff.secret),
    });
    const first = await good();
    await owner.trpc.admin.login(first);
    await owner.trpc.admin.logout();

    // A stranger guesses from many addresses until the account's shared cap is used up.
    // The owner's first login counted on the account's cap too: it was a browser the account never used.
    for (let attempt = 1; attempt < ACCOUNT_CAP; attempt += 1) {
      const guess = { account: staff.login.toUpperCase(), password: `guess-${attempt}-xxxx`, code: '000000' };
      expect((await failure(() => t.caller({ ip: freshIp() }).trpc.admin.login(guess))).code).toBe(
        'UNAUTHORIZED',
      );
    }
    // The owner's own password at a new browser: the cap answers before the code is looked at.
    const blocked = await failure(() => t.caller({ ip: freshIp() }).trpc.admin.login(first));
    expect(blocked.code).toBe('TOO_MANY_REQUESTS');
    expect(blocked.cause).toBeInstanceOf(DomainError);
    expect((blocked.cause as DomainError).retryAfterSeconds).toBeLessThanOrEqual(ACCOUNT_WINDOW_SECONDS);

    // The owner's known browser is not held up by the stranger.
    expect(await owner.trpc.admin.login(await good())).toMatchObject({ status: 'signed_in' });
  }, 60_000);
});

describe('authorship', () => {
  it('names the deciding staff member in the records, never to the reporter or the author', async () => {
    const moderator = await enrolledStaff('moderator', 'Nadia Decides');
    const author = await provenCaller(t, { ip: freshIp() });
    const subject = '+14155550142';
    const { ratingId } = await author.trpc.rating.submit({
      ...ratingInput({ phoneNumber: subject }),
      relationshipType: 'serious' as const,
    });
    const [notification] = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.ratingId, ratingId));
    const reporter = t.caller({ ip: freshIp() });
    const { reference } = await reporter.trpc.notice.file({
      notificationId: notification?.id ?? '',
      reason: 'not_about_me',
      text: 'We never dated.',
    });
    const queue = await moderator.caller.trpc.admin.queue();
    const item = queue.items.find((entry) => entry.notice?.reference === reference);
    if (!item) throw new Error('the notice is not in the queue');
    await moderator.caller.trpc.admin.decide({
      kind: 'notice',
      id: item.id,
      outcome: 'hide',
      reason: 'not_about_this_person',
      note: 'Hidden after review.',
    });

    const [decision] = await t.database.db
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.ratingId, ratingId));
    expect(decision?.staffId).toBe(moderator.id);
    const [entry] = await t.database.db
      .select()
      .from(logs)
      .where(and(eq(logs.action, 'moderation_decided'), eq(logs.userId, `staff:${moderator.id}`)));
    expect(entry?.details).toMatchObject({ staff: 'Nadia Decides' });

    const status = await reporter.trpc.notice.status({ reference });
    const given = await author.trpc.profile.ratingsGiven();
    for (const answer of [status, given]) {
      const text = JSON.stringify(answer);
      expect(text).toContain('Hidden after review.');
      expect(text).not.toContain('Nadia');
      expect(text).not.toContain(moderator.login);
      expect(text).not.toContain(moderator.id);
    }
  });
});
