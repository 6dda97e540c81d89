import { logs, staffAccounts, staffPasskeys } from '@exrated/db/schema';
import { and, desc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { PASSKEY_CHALLENGE_TTL_MS } from '../src/services/staff/passkeys';
import { INVALID_LOGIN } from '../src/services/staff/staff-login';
import { freshTotp } from './support/fresh-totp';
import { SoftAuthenticator } from './support/soft-authenticator';
import { type TestApp, testAdminLogin, useTestApp } from './support/test-app';
import { addressSequence, testClock } from './support/test-clock';
import { failure } from './support/trpc-failure';

/**
 * Passkeys as a second factor (docs/staff.md#passkeys), TOTP codes that work once, and an admin who cannot
 * act on their own account. The passkeys are software authenticators (support/soft-authenticator.ts) that
 * answer as a browser's would, so every check of the server runs on real signatures.
 */

const ACCOUNT_CAP = 4;
const ORIGIN = 'http://localhost:3000';

const clock = testClock();
const freshIp = addressSequence('203.0.113');
const t = useTestApp({
  env: { LIMIT_STAFF_LOGINS_PER_ACCOUNT_PER_5_MIN: String(ACCOUNT_CAP) },
  overrides: { now: clock.now },
});
afterEach(() => {
  clock.reset();
});

type Caller = ReturnType<TestApp['caller']>;
let admin: Caller | null = null;
async function adminCaller() {
  if (admin) return admin;
  admin = t.caller({ ip: freshIp() });
  await admin.trpc.admin.login(testAdminLogin());
  return admin;
}

let accounts = 0;
/** An invited moderator, enrolled with its app: the enrolling browser is logged in as it. */
async function enrolledModerator() {
  accounts += 1;
  const login = `passkey${accounts}@example.org`;
  const password = `password-of-passkey-${accounts}`;
  const invited = await (await adminCaller()).trpc.staff.invite({
    login,
    displayName: `Pat ${accounts}`,
    role: 'moderator',
  });
  const token = invited.link.split('/').pop() ?? '';
  const caller = t.caller({ ip: freshIp() });
  const { secret } = await caller.trpc.staff.beginEnrolment({ token });
  await caller.trpc.staff.completeEnrolment({ token, password, code: await freshTotp(secret) });
  return { id: invited.id, login, password, secret, caller };
}

/** Registers a software passkey for the account the caller is logged in as. */
async function registerPasskey(caller: Caller, name = 'Laptop') {
  const authenticator = new SoftAuthenticator(ORIGIN);
  const options = await caller.trpc.staff.passkeyRegistrationOptions();
  const added = await caller.trpc.staff.addPasskey({ name, response: authenticator.register(options) });
  return { authenticator, added };
}

/** A login with name, password and a passkey answer, from a browser of its own. */
async function passkeyLogin(
  account: { login: string; password: string },
  authenticator: SoftAuthenticator,
  tamper: Parameters<SoftAuthenticator['login']>[1] = {},
  browser: Caller = t.caller({ ip: freshIp() }),
) {
  const { attempt, options } = await browser.trpc.staff.passkeyLoginOptions({ account: account.login });
  const response = authenticator.login(options, tamper);
  const input = { account: account.login, password: account.password, passkey: { attempt, response } };
  return { browser, input, options, result: () => browser.trpc.admin.login(input) };
}

async function lastLog(action: string) {
  const [entry] = await t.database.db
    .select()
    .from(logs)
    .where(eq(logs.action, action))
    .orderBy(desc(logs.createdAt))
    .limit(1);
  return entry;
}

describe('passkeys', () => {
  it('registers a named passkey and logs in with it in place of the code', async () => {
    const staff = await enrolledModerator();
    const { authenticator, added } = await registerPasskey(staff.caller, 'Work laptop');
    expect(added).toMatchObject({ name: 'Work laptop' });
    // The staff list counts it, for the admins.
    const rowOf = async () =>
      (await (await adminCaller()).trpc.staff.list()).find((row) => row.id === staff.id);
    expect(await rowOf()).toMatchObject({ passkeys: 1, hasSecondFactor: true });
    const listed = await staff.caller.trpc.staff.passkeys();
    expect(listed).toEqual([
      { id: added.id, name: 'Work laptop', createdAt: expect.any(Date), lastUsedAt: null },
    ]);
    expect((await lastLog('staff_passkey_added'))?.details).toMatchObject({
      staffId: staff.id,
      name: 'Work laptop',
      staff: 'Pat 1',
    });

    const login = await passkeyLogin(staff, authenticator);
    expect(await login.result()).toMatchObject({ status: 'signed_in', role: 'moderator' });
    expect(await login.browser.trpc.admin.me()).toMatchObject({ isAdmin: true, role: 'moderator' });
    expect((await lastLog('admin_login_succeeded'))?.details).toMatchObject({ method: 'passkey' });
    const [stored] = await t.database.db.select().from(staffPasskeys).where(eq(staffPasskeys.id, added.id));
    expect(stored).toMatchObject({ counter: 1, lastUsedAt: expect.any(Date) });

    // The password is still checked; the answer is the one of every wrong login.
    const wrongPassword = await passkeyLogin({ ...staff, password: 'not-the-password' }, authenticator);
    expect(await failure(wrongPassword.result)).toMatchObject({
      code: 'UNAUTHORIZED',
      message: INVALID_LOGIN,
    });
    // The app's code keeps working beside the passkey.
    const byCode = t.caller({ ip: freshIp() });
    const code = await freshTotp(staff.secret);
    expect(
      await byCode.trpc.admin.login({ account: staff.login, password: staff.password, code }),
    ).toMatchObject({ status: 'signed_in' });
  });

  it('answers the login options alike for every name, listing no credential', async () => {
    const staff = await enrolledModerator();
    await registerPasskey(staff.caller);
    const browser = t.caller({ ip: freshIp() });
    const known = await browser.trpc.staff.passkeyLoginOptions({ account: staff.login });
    const unknown = await browser.trpc.staff.passkeyLoginOptions({ account: 'nobody@example.org' });
    expect(Object.keys(known.options).sort()).toEqual(Object.keys(unknown.options).sort());
    expect(known.options.allowCredentials ?? []).toEqual([]);
    expect(known.options.rpId).toBe('localhost');
  });

  it('uses a login challenge once, for the name it was issued to, within its two minutes', async () => {
    const staff = await enrolledModerator();
    const other = await enrolledModerator();
    const { authenticator } = await registerPasskey(staff.caller);
    const login = await passkeyLogin(staff, authenticator);
    await login.result();

    // The same answer again, and a new signature over the same challenge: both refused.
    const replay = t.caller({ ip: freshIp() });
    expect(await failure(() => replay.trpc.admin.login(login.input))).toMatchObject({
      code: 'UNAUTHORIZED',
      message: INVALID_LOGIN,
    });
    const resigned = {
      ...login.input,
      passkey: { ...login.input.passkey, response: authenticator.login(login.options) },
    };
    expect((await failure(() => replay.trpc.admin.login(resigned))).code).toBe('UNAUTHORIZED');

    // An attempt issued for another name does not log in this one.
    const browser = t.caller({ ip: freshIp() });
    const forOther = await browser.trpc.staff.passkeyLoginOptions({ account: other.login });
    const crossed = {
      account: staff.login,
      password: staff.password,
      passkey: { attempt: forOther.attempt, response: authenticator.login(forOther.options) },
    };
    expect((await failure(() => browser.trpc.admin.login(crossed))).code).toBe('UNAUTHORIZED');

    // An attempt past its lifetime is gone.
    const late = await passkeyLogin(staff, authenticator, {}, staff.caller);
    clock.advance(PASSKEY_CHALLENGE_TTL_MS + 1000);
    expect((await failure(late.result)).code).toBe('UNAUTHORIZED');
  });

  it('uses a registration challenge once, for the session that asked for it', async () => {
    const staff = await enrolledModerator();
    const authenticator = new SoftAuthenticator(ORIGIN);
    const options = await staff.caller.trpc.staff.passkeyRegistrationOptions();
    const response = authenticator.register(options);
    // Another session of the same account cannot answer it.
    const elsewhere = t.caller({ ip: freshIp() });
    await elsewhere.trpc.admin.login({
      account: staff.login,
      password: staff.password,
      code: await freshTotp(staff.secret),
    });
    expect(await failure(() => elsewhere.trpc.staff.addPasskey({ name: 'Phone', response }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This passkey request has expired. Please try again.',
    });
    await staff.caller.trpc.staff.addPasskey({ name: 'Phone', response });
    expect((await failure(() => staff.caller.trpc.staff.addPasskey({ name: 'Phone', response }))).code).toBe(
      'BAD_REQUEST',
    );
  });

  it('refuses an answer made for another origin, at registration and at login', async () => {
    const staff = await enrolledModerator();
    const phishing = new SoftAuthenticator('https://exrated.example.net');
    const options = await staff.caller.trpc.staff.passkeyRegistrationOptions();
    expect(
      await failure(() =>
        staff.caller.trpc.staff.addPasskey({ name: 'Phish', response: phishing.register(options) }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'The passkey could not be checked. Please try again.' });

    const { authenticator } = await registerPasskey(staff.caller);
    const proxied = await passkeyLogin(staff, authenticator, { origin: 'https://exrated.example.net' });
    expect(await failure(proxied.result)).toMatchObject({ code: 'UNAUTHORIZED', message: INVALID_LOGIN });
    const otherRp = await passkeyLogin(staff, authenticator, { rpId: 'example.net' });
    expect((await failure(otherRp.result)).code).toBe('UNAUTHORIZED');
    expect((await lastLog('admin_login_failed'))?.details).toMatchObject({ reason: 'invalid_passkey' });
  });

  it('refuses a signature counter that did not go up (a cloned passkey)', async () => {
    const staff = await enrolledModerator();
    const { authenticator, added } = await registerPasskey(staff.caller);
    await (await passkeyLogin(staff, authenticator)).result();
    await (await passkeyLogin(staff, authenticator, {}, staff.caller)).result();
    const [stored] = await t.database.db.select().from(staffPasskeys).where(eq(staffPasskeys.id, added.id));
    expect(stored?.counter).toBe(2);
    const clone = await passkeyLogin(staff, authenticator, { counter: 2 }, staff.caller);
    expect(await failure(clone.result)).toMatchObject({ code: 'UNAUTHORIZED', message: INVALID_LOGIN });
    const older = await passkeyLogin(staff, authenticator, { counter: 1 }, staff.caller);
    expect((await failure(older.result)).code).toBe('UNAUTHORIZED');
  });

  it('counts passkey attempts against the same login limits as codes', async () => {
    const staff = await enrolledModerator();
    const { authenticator } = await registerPasskey(staff.caller);
    const stranger = new SoftAuthenticator(ORIGIN);
    for (let attempt = 0; attempt < ACCOUNT_CAP; attempt += 1) {
      const guess = await passkeyLogin({ ...staff, password: `guess-${attempt}-xxxxxx` }, stranger);
      expect((await failure(guess.result)).code).toBe('UNAUTHORIZED');
    }
    const blocked = await passkeyLogin(staff, authenticator);
    expect((await failure(blocked.result)).code).toBe('TOO_MANY_REQUESTS');
  });

  it('lets a staff member remove their own passkeys and nobody else’s', async () => {
    const staff = await enrolledModerator();
    const other = await enrolledModerator();
    const { authenticator, added } = await registerPasskey(staff.caller);
    expect((await failure(() => other.caller.trpc.staff.removePasskey({ id: added.id }))).code).toBe(
      'NOT_FOUND',
    );
    expect(await other.caller.trpc.staff.passkeys()).toEqual([]);
    await staff.caller.trpc.staff.removePasskey({ id: added.id });
    expect(await staff.caller.trpc.staff.passkeys()).toEqual([]);
    expect((await lastLog('staff_passkey_removed'))?.details).toMatchObject({
      staffId: staff.id,
      passkeyId: added.id,
    });
    const gone = await passkeyLogin(staff, authenticator, {}, staff.caller);
    expect((await failure(gone.result)).code).toBe('UNAUTHORIZED');
  });

  it('goes with the rest of the second factor when an admin resets it, in the log under the admin’s name', async () => {
    const staff = await enrolledModerator();
    const { authenticator } = await registerPasskey(staff.caller, 'Phone');
    await registerPasskey(staff.caller, 'Key');
    const staffAdmin = await adminCaller();
    await staffAdmin.trpc.staff.resetSecondFactor({ id: staff.id });
    expect(
      await t.database.db.select().from(staffPasskeys).where(eq(staffPasskeys.staffId, staff.id)),
    ).toEqual([]);
    expect((await staffAdmin.trpc.staff.list()).find((row) => row.id === staff.id)).toMatchObject({
      passkeys: 0,
    });
    const [adminRow] = await t.database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.login, 'admin'));
    const [entry] = await t.database.db
      .select()
      .from(logs)
      .where(and(eq(logs.action, 'staff_second_factor_reset'), eq(logs.userId, `staff:${adminRow?.id}`)));
    expect(entry?.details).toMatchObject({ staffId: staff.id, passkeysRemoved: 2, staff: 'admin' });
    const after = await passkeyLogin(staff, authenticator);
    // The password is right, but nothing of the old second factor opens the account any more, and the
    // answer is a wrong password's: only the enrolment link leads on.
    expect(await failure(after.result)).toMatchObject({ code: 'UNAUTHORIZED', message: INVALID_LOGIN });
    expect(await after.browser.trpc.admin.me()).toMatchObject({ isAdmin: false });
  });
});

describe('TOTP codes', () => {
  it('are refused when presented again in their window, with the answer of a wrong code', async () => {
    const staff = await enrolledModerator();
    const code = await freshTotp(staff.secret);
    const login = { account: staff.login, password: staff.password, code };
    expect(await t.caller({ ip: freshIp() }).trpc.admin.login(login)).toMatchObject({ status: 'signed_in' });
    const replay = await failure(() => t.caller({ ip: freshIp() }).trpc.admin.login(login));
    expect(replay).toMatchObject({ code: 'UNAUTHORIZED', message: INVALID_LOGIN });
    expect((await lastLog('admin_login_failed'))?.details).toMatchObject({
      reason: 'invalid_code',
      staffId: staff.id,
    });
  });
});

describe('an admin and their own account', () => {
  it('is marked in the list, and every action on it is refused with a clear message', async () => {
    const staffAdmin = await adminCaller();
    const own = (await staffAdmin.trpc.staff.list()).find((row) => row.isSelf);
    expect(own?.login).toBe('admin');
    const id = own?.id ?? '';
    expect(await failure(() => staffAdmin.trpc.staff.setDisabled({ id, disabled: true }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'You cannot disable your own account.',
    });
    expect(await failure(() => staffAdmin.trpc.staff.remove({ id }))).toMatchObject({
      message: 'You cannot remove your own account.',
    });
    expect(await failure(() => staffAdmin.trpc.staff.resetSecondFactor({ id }))).toMatchObject({
      message: 'You cannot reset the second factor of your own account.',
    });
  });
});
