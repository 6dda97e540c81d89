import {
  appSettings,
  claimedProfiles,
  deviceSessions,
  errorLogs,
  logs,
  ratingScores,
  ratings,
} from '@exrated/db/schema';
import { count, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_SESSION_ABSOLUTE_MS,
  ADMIN_SESSION_IDLE_MS,
  hashToken,
} from '../src/services/sessions/sessions';
import { MemoryCookieJar } from './support/cookie-jar';
import { ratingInput, submitRating } from './support/rating-fixtures';
import { HttpBrowser, type TestApp, testAdminLogin, useTestApp } from './support/test-app';
import { addressSequence } from './support/test-clock';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const LOGIN_LIMIT = 4;

// The app's clock: real time shifted by `clockOffsetMs`, so session expiry can be tested without waiting.
let clockOffsetMs = 0;
const t = useTestApp({
  env: { LIMIT_ADMIN_LOGINS_PER_IP_PER_15_MIN: String(LOGIN_LIMIT) },
  overrides: { now: () => new Date(Date.now() + clockOffsetMs) },
});
beforeAll(async () => {
  await seed();
});
afterEach(() => {
  clockOffsetMs = 0;
});

/** Each test logs in from its own address so the per-IP login cap of one test never blocks another. */
const freshIp = addressSequence('198.51.100');

async function adminCaller() {
  const browser = t.caller({ ip: freshIp() });
  await browser.trpc.admin.login(testAdminLogin());
  return browser.trpc;
}

// ---------------------------------------------------------------------------------------------------------
// Seed: profiles, ratings with scores, activity and error entries with known numbers.

const NOW = Date.now();
const PROFILES = [
  { phoneNumber: '+15550000001', name: 'Alice A.', isVerified: true, ageDays: 1 },
  { phoneNumber: '+15550000002', name: 'Bob B.', isVerified: false, ageDays: 2 },
  { phoneNumber: '+15550000003', name: null, isVerified: true, ageDays: 3 },
  { phoneNumber: '+447911123456', name: 'Chloé C.', isVerified: false, ageDays: 4 },
  { phoneNumber: '+15550000005', name: 'Dan_D', isVerified: false, ageDays: 5 },
  { phoneNumber: '+15550000006', name: 'Eve E.', isVerified: true, ageDays: 6 },
  { phoneNumber: '+15550000007', name: '100% Frank', isVerified: false, ageDays: 7 },
];
const ALICE = '+15550000001';
const BOB = '+15550000002';

// Alice gave 3 ratings (2 about Bob, 1 about an unclaimed number); Bob gave 1 about Alice. 1 rating is old.
const RATINGS = [
  { by: ALICE, about: BOB, ageDays: 0, name: 'Bob B.' },
  { by: ALICE, about: BOB, ageDays: 3, name: 'Bob B.' },
  { by: ALICE, about: '+15559999999', ageDays: 3, name: 'Zed Z.' },
  { by: BOB, about: ALICE, ageDays: 40, name: 'Alice A.' },
];

async function seed() {
  const { db } = t.database;
  await db.insert(claimedProfiles).values(
    PROFILES.map((profile) => ({
      phoneNumber: profile.phoneNumber,
      name: profile.name,
      isVerified: profile.isVerified,
      verifiedAt: profile.isVerified ? new Date(NOW - profile.ageDays * DAY) : null,
      createdAt: new Date(NOW - profile.ageDays * DAY),
    })),
  );
  for (const rating of RATINGS) {
    const [row] = await db
      .insert(ratings)
      .values({
        name: rating.name,
        relationshipType: 'serious',
        phoneNumber: rating.about,
        createdByPhone: rating.by,
        testimonial: `About ${rating.name}`,
        createdAt: new Date(NOW - rating.ageDays * DAY),
      })
      .returning();
    if (!row) throw new Error('rating insert returned nothing');
    await db
      .insert(ratingScores)
      .values([1, 2, 3, 4, 5].map((questionId) => ({ ratingId: row.id, questionId, score: questionId + 1 })));
  }
  await db.insert(logs).values([
    {
      action: 'verification_code_requested',
      phoneNumber: ALICE,
      ipAddress: '10.0.0.1',
      userId: 'dev-a',
      createdAt: new Date(NOW - 2 * MINUTE),
    },
    {
      action: 'verification_code_invalid',
      phoneNumber: ALICE,
      ipAddress: '10.0.0.1',
      userId: 'dev-a',
      createdAt: new Date(NOW - MINUTE),
    },
    {
      action: 'verification_complete',
      phoneNumber: ALICE,
      ipAddress: '10.0.0.2',
      userId: 'dev-a',
      createdAt: new Date(NOW - 5 * DAY),
    },
    { action: 'verification_complete', phoneNumber: BOB, ipAddress: '10.0.0.3', userId: 'dev-b' },
    {
      action: 'rating_created',
      phoneNumber: ALICE,
      ipAddress: '10.0.0.1',
      userId: 'dev-a',
      details: { n: 1 },
    },
    { action: 'rating_created', phoneNumber: null, ipAddress: '192.0.2.77', userId: 'session-xyz' },
  ]);
  // 25 error entries, one a second apart (newest = index 24): severities cycle, components alternate.
  const severities = ['low', 'medium', 'high', 'critical'] as const;
  await db.insert(errorLogs).values(
    Array.from({ length: 25 }, (_, index) => ({
      errorMessage: index === 3 ? 'failed at a_b' : index === 4 ? 'failed at axb' : `Error number ${index}`,
      componentName: index % 2 === 0 ? 'RatePage' : 'VerifyPage',
      severity: severities[index % 4],
      phoneNumber: index < 5 ? ALICE : null,
      createdAt: new Date(NOW - (25 - index) * 1000),
    })),
  );
}

// ---------------------------------------------------------------------------------------------------------

describe('access', () => {
  const calls: Record<string, (trpc: ReturnType<TestApp['caller']>['trpc']) => Promise<unknown>> = {
    logout: (trpc) => trpc.admin.logout(),
    dashboard: (trpc) => trpc.admin.dashboard(),
    profiles: (trpc) => trpc.admin.profiles({ filter: 'all', page: 1, pageSize: 10 }),
    profile: (trpc) => trpc.admin.profile({ phoneNumber: ALICE }),
    logs: (trpc) => trpc.admin.logs({ category: 'all' }),
    errorLogs: (trpc) => trpc.admin.errorLogs({ page: 1 }),
    sqlQuery: (trpc) => trpc.admin.sqlQuery({ query: 'select 1' }),
    settings: (trpc) => trpc.admin.settings(),
    saveSettings: (trpc) => trpc.admin.saveSettings({ maintenanceMode: true, logLevel: 'debug' }),
  };

  async function deviceBrowser() {
    const browser = t.caller({ ip: freshIp() });
    await browser.trpc.telemetry.track({ action: 'onboarding_step_completed' });
    expect(browser.cookies.get('exrated_sid')).toBeTruthy();
    return browser;
  }

  async function provenBrowser() {
    const browser = await deviceBrowser();
    const token = browser.cookies.get('exrated_sid') ?? '';
    // The proof flow belongs to the verification feature; here the session row is marked proven directly.
    const updated = await t.database.db
      .update(deviceSessions)
      .set({ phoneNumber: ALICE, phoneProvenAt: new Date() })
      .where(eq(deviceSessions.tokenHash, hashToken(token)))
      .returning({ id: deviceSessions.id });
    expect(updated).toHaveLength(1);
    await t.sessionRowsWritten(updated.map(({ id }) => id));
    return browser;
  }

  it.each(Object.keys(calls))(
    'admin.%s refuses anonymous, device and proven-phone sessions',
    async (name) => {
      const call = calls[name];
      if (!call) throw new Error(`no call for ${name}`);
      const sessions = [t.caller({ ip: freshIp() }), await deviceBrowser(), await provenBrowser()];
      for (const session of sessions) {
        await expect(call(session.trpc)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      }
      // Nothing the refused calls asked for happened.
      const [settings] = await t.database.db.select().from(appSettings);
      expect(settings?.maintenanceMode ?? false).toBe(false);
    },
  );

  it('admin.me answers false without a session and true after login, never throwing', async () => {
    const browser = t.caller({ ip: freshIp() });
    expect(await browser.trpc.admin.me()).toEqual({ isAdmin: false, name: null, role: null });
    const forged = new MemoryCookieJar();
    forged.set('exrated_admin', 'not-a-real-token');
    expect(await t.caller({ cookies: forged }).trpc.admin.me()).toMatchObject({ isAdmin: false });
    await browser.trpc.admin.login(testAdminLogin());
    expect(browser.cookies.get('exrated_admin')).toBeTruthy();
    expect(await browser.trpc.admin.me()).toMatchObject({ isAdmin: true });
  });

  it('keeps the admin session in its own HttpOnly cookie over HTTP', async () => {
    const browser = new HttpBrowser();
    const login = await t.http(
      {
        method: 'POST',
        url: '/trpc/admin.login',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
        payload: JSON.stringify({ json: testAdminLogin() }),
      },
      browser,
    );
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((entry) => entry.name === 'exrated_admin');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 8 * 60 * 60 });
    expect(login.cookies.find((entry) => entry.name === 'exrated_sid')).toBeUndefined();
    const me = await t.http({ method: 'GET', url: '/trpc/admin.me' }, browser);
    expect(me.json().result.data.json).toEqual({ isAdmin: true, name: 'admin', role: 'admin' });
    const anonymous = await t.http({ method: 'GET', url: '/trpc/admin.dashboard' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('stack');
  });

  it('logs in with the right password only, logging both outcomes', async () => {
    const ip = freshIp();
    const browser = t.caller({ ip });
    await expect(browser.trpc.admin.login({ ...testAdminLogin(), password: 'wrong' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Invalid password or authentication code',
    });
    expect(browser.cookies.get('exrated_admin')).toBeUndefined();
    await browser.trpc.admin.login(testAdminLogin());
    const entries = await t.database.db.select().from(logs).where(eq(logs.ipAddress, ip));
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'admin_login_failed',
      'admin_login_succeeded',
    ]);
    expect(JSON.stringify(entries)).not.toContain('wrong');
  });

  it('logout ends the admin session but not the device session, and the reverse', async () => {
    const browser = t.caller({ ip: freshIp() });
    await browser.trpc.telemetry.track({ action: 'onboarding_step_completed' });
    const deviceToken = browser.cookies.get('exrated_sid');
    await browser.trpc.admin.login(testAdminLogin());
    await browser.trpc.admin.logout();
    expect(await browser.trpc.admin.me()).toEqual({ isAdmin: false, name: null, role: null });
    await expect(browser.trpc.admin.dashboard()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(browser.cookies.get('exrated_sid')).toBe(deviceToken);
  });

  it('rate limits login attempts per IP before comparing the password', async () => {
    const ip = freshIp();
    const browser = t.caller({ ip });
    for (let attempt = 0; attempt < LOGIN_LIMIT; attempt += 1) {
      await expect(
        browser.trpc.admin.login({ ...testAdminLogin(), password: `guess-${attempt}` }),
      ).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
    }
    // Even the right password is refused once the cap is reached.
    await expect(browser.trpc.admin.login(testAdminLogin())).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    expect(browser.cookies.get('exrated_admin')).toBeUndefined();
    // Another address is not affected.
    await t.caller({ ip: freshIp() }).trpc.admin.login(testAdminLogin());
    const [failed] = await t.database.db.select({ value: count() }).from(logs).where(eq(logs.ipAddress, ip));
    expect(failed?.value).toBe(LOGIN_LIMIT);
  });

  it('ends an admin session after 30 minutes idle', async () => {
    const trpc = await adminCaller();
    clockOffsetMs = ADMIN_SESSION_IDLE_MS - MINUTE;
    await trpc.admin.settings();
    // Idle is measured from the last request, so 29 more minutes are still fine...
    clockOffsetMs += ADMIN_SESSION_IDLE_MS - MINUTE;
    await trpc.admin.settings();
    // ...and 31 are not.
    clockOffsetMs += ADMIN_SESSION_IDLE_MS + MINUTE;
    await expect(trpc.admin.settings()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await trpc.admin.me()).toMatchObject({ isAdmin: false });
  });

  it('ends an admin session 8 hours after login however active it is', async () => {
    const trpc = await adminCaller();
    const step = 20 * MINUTE;
    while (clockOffsetMs + step < ADMIN_SESSION_ABSOLUTE_MS) {
      clockOffsetMs += step;
      await trpc.admin.me();
    }
    expect(await trpc.admin.me()).toMatchObject({ isAdmin: true });
    clockOffsetMs = ADMIN_SESSION_ABSOLUTE_MS + MINUTE;
    expect(await trpc.admin.me()).toMatchObject({ isAdmin: false });
    await expect(trpc.admin.dashboard()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('dashboard', () => {
  it('counts profiles, ratings, verified profiles and activity entries', async () => {
    const trpc = await adminCaller();
    const { totals } = await trpc.admin.dashboard();
    const [logCount] = await t.database.db.select({ value: count() }).from(logs);
    expect(totals).toEqual({
      profiles: PROFILES.length,
      verifiedProfiles: PROFILES.filter((profile) => profile.isVerified).length,
      ratings: RATINGS.length,
      logEntries: logCount?.value,
    });
    expect(totals.logEntries).toBeGreaterThanOrEqual(6);
  });

  it('gives ratings and verifications for each of the last 30 days, zero-filled', async () => {
    const trpc = await adminCaller();
    const { daily } = await trpc.admin.dashboard();
    expect(daily).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    const threeDaysAgo = new Date(NOW - 3 * DAY).toISOString().slice(0, 10);
    const fiveDaysAgo = new Date(NOW - 5 * DAY).toISOString().slice(0, 10);
    expect(daily.at(-1)?.day).toBe(today);
    const byDay = new Map(daily.map((entry) => [entry.day, entry]));
    expect(byDay.get(today)).toEqual({ day: today, ratings: 1, verifications: 1 });
    expect(byDay.get(threeDaysAgo)).toMatchObject({ ratings: 2, verifications: 0 });
    expect(byDay.get(fiveDaysAgo)).toMatchObject({ ratings: 0, verifications: 1 });
    // The 40-day-old rating is outside the window.
    expect(daily.reduce((sum, entry) => sum + entry.ratings, 0)).toBe(3);
  });
});

describe('profiles', () => {
  it('lists newest first with ratings given and received', async () => {
    const trpc = await adminCaller();
    const result = await trpc.admin.profiles({ filter: 'all', page: 1, pageSize: 50 });
    expect(result.total).toBe(PROFILES.length);
    expect(result.profiles.map((profile) => profile.phoneNumber)).toEqual(
      PROFILES.map((profile) => profile.phoneNumber),
    );
    const alice = result.profiles.find((profile) => profile.phoneNumber === ALICE);
    const bob = result.profiles.find((profile) => profile.phoneNumber === BOB);
    expect(alice).toMatchObject({ name: 'Alice A.', ratingsGiven: 3, ratingsReceived: 1, isVerified: true });
    expect(bob).toMatchObject({ ratingsGiven: 1, ratingsReceived: 2, isVerified: false });
  });

  it('searches by name or phone, typed formatted or not, with % and _ taken literally', async () => {
    const trpc = await adminCaller();
    const search = async (term: string) =>
      (await trpc.admin.profiles({ search: term, filter: 'all', page: 1, pageSize: 50 })).profiles.map(
        (profile) => profile.phoneNumber,
      );
    expect(await search('alice')).toEqual([ALICE]);
    expect(await search('chloé')).toEqual(['+447911123456']);
    expect(await search('+1555000000')).toHaveLength(6);
    expect(await search('(555) 000-0003')).toEqual(['+15550000003']);
    expect(await search('%')).toEqual(['+15550000007']);
    expect(await search('_')).toEqual(['+15550000005']);
    expect(await search('nobody-like-this')).toEqual([]);
  });

  it('filters verified and unverified and pages through the results', async () => {
    const trpc = await adminCaller();
    const verified = await trpc.admin.profiles({ filter: 'verified', page: 1, pageSize: 50 });
    expect(verified.total).toBe(3);
    expect(verified.profiles.every((profile) => profile.isVerified)).toBe(true);
    const unverified = await trpc.admin.profiles({ filter: 'unverified', page: 1, pageSize: 50 });
    expect(unverified.total).toBe(4);
    expect(unverified.profiles.every((profile) => !profile.isVerified)).toBe(true);

    const pages = await Promise.all(
      [1, 2, 3].map((page) => trpc.admin.profiles({ filter: 'all', page, pageSize: 3 })),
    );
    expect(pages.map((page) => page.profiles.length)).toEqual([3, 3, 1]);
    expect(pages.every((page) => page.total === 7)).toBe(true);
    expect(pages.flatMap((page) => page.profiles.map((profile) => profile.phoneNumber))).toEqual(
      PROFILES.map((profile) => profile.phoneNumber),
    );
    // Past the last page: no rows, the same totals.
    const beyond = await Promise.all(
      (['all', 'verified', 'unverified'] as const).map((filter) =>
        trpc.admin.profiles({ filter, page: 9, pageSize: 3 }),
      ),
    );
    expect(beyond.map((page) => [page.profiles.length, page.total])).toEqual([
      [0, 7],
      [0, 3],
      [0, 4],
    ]);
    await expect(trpc.admin.profiles({ filter: 'all', page: 1, pageSize: 101 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('shows one profile with its ratings, activity, verification history and errors', async () => {
    const trpc = await adminCaller();
    const detail = await trpc.admin.profile({ phoneNumber: ALICE });
    expect(detail.profile).toMatchObject({
      name: 'Alice A.',
      isVerified: true,
      ratingsGiven: 3,
      ratingsReceived: 1,
    });
    expect(detail.ratingsGiven).toHaveLength(3);
    expect(detail.ratingsGiven[0]?.createdAt.getTime()).toBeGreaterThanOrEqual(
      detail.ratingsGiven[1]?.createdAt.getTime() ?? 0,
    );
    expect(detail.ratingsGiven[0]?.scores).toEqual(
      [1, 2, 3, 4, 5].map((q) => ({ questionId: q, score: q + 1 })),
    );
    expect(detail.ratingsReceived.map((rating) => rating.createdByPhone)).toEqual([BOB]);
    expect(detail.activity.map((entry) => entry.action)).toContain('rating_created');
    expect(detail.verificationHistory.map((entry) => [entry.action, entry.outcome])).toEqual([
      ['verification_code_invalid', 'failure'],
      ['verification_code_requested', 'pending'],
      ['verification_complete', 'success'],
    ]);
    expect(detail.verificationHistory[2]?.ipAddress).toBe('10.0.0.2');
    expect(detail.errors).toHaveLength(5);
    await expect(trpc.admin.profile({ phoneNumber: '+15551112222' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('activity logs', () => {
  it('searches by phone, action, IP or user id and filters by action and category', async () => {
    const trpc = await adminCaller();
    const actionsOf = async (input: Parameters<typeof trpc.admin.logs>[0]) =>
      (await trpc.admin.logs(input)).entries.map((entry) => entry.action);
    expect(await actionsOf({ search: '192.0.2.77', category: 'all' })).toEqual(['rating_created']);
    expect(await actionsOf({ search: 'session-x', category: 'all' })).toEqual(['rating_created']);
    expect(await actionsOf({ search: '5550000002', category: 'all' })).toEqual(['verification_complete']);
    expect(await actionsOf({ search: 'code_inval', category: 'all' })).toEqual(['verification_code_invalid']);
    expect((await actionsOf({ action: 'rating_created', category: 'all' })).length).toBe(2);
    const verification = await actionsOf({ category: 'verification' });
    expect(verification).toHaveLength(4);
    expect(verification.every((action) => action.startsWith('verification_'))).toBe(true);
    const all = await trpc.admin.logs({ category: 'all' });
    expect(all.actions).toEqual(expect.arrayContaining(['rating_created', 'verification_complete']));
    const times = all.entries.map((entry) => entry.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('error logs', () => {
  it('pages by 10, newest first, with the total', async () => {
    const trpc = await adminCaller();
    const first = await trpc.admin.errorLogs({ page: 1 });
    expect(first.total).toBe(25);
    expect(first.entries).toHaveLength(10);
    expect(first.entries[0]?.errorMessage).toBe('Error number 24');
    const third = await trpc.admin.errorLogs({ page: 3 });
    expect(third.entries).toHaveLength(5);
    expect(third.entries.at(-1)?.errorMessage).toBe('Error number 0');
  });

  it('filters by message or component, phone and severity', async () => {
    const trpc = await adminCaller();
    const critical = await trpc.admin.errorLogs({ severity: 'critical', page: 1 });
    expect(critical.total).toBe(6);
    expect(critical.entries.every((entry) => entry.severity === 'critical')).toBe(true);
    expect((await trpc.admin.errorLogs({ search: 'verifypage', page: 1 })).total).toBe(12);
    expect((await trpc.admin.errorLogs({ search: 'number 1', page: 1 })).total).toBe(11);
    const underscore = await trpc.admin.errorLogs({ search: 'a_b', page: 1 });
    expect(underscore.entries.map((entry) => entry.errorMessage)).toEqual(['failed at a_b']);
    expect((await trpc.admin.errorLogs({ phone: '5550000001', page: 1 })).total).toBe(5);
    const combined = await trpc.admin.errorLogs({ phone: '5550000001', severity: 'high', page: 1 });
    expect(combined.entries.map((entry) => entry.errorMessage)).toEqual(['Error number 2']);
  });

  it('pages a search with the same total on every page, past the last one too', async () => {
    const trpc = await adminCaller();
    const first = await trpc.admin.errorLogs({ search: 'verifypage', page: 1 });
    const second = await trpc.admin.errorLogs({ search: 'verifypage', page: 2 });
    const beyond = await trpc.admin.errorLogs({ search: 'verifypage', page: 5 });
    expect([first.total, second.total, beyond.total]).toEqual([12, 12, 12]);
    expect([first.entries.length, second.entries.length, beyond.entries.length]).toEqual([10, 2, 0]);
    expect(second.entries.at(-1)?.errorMessage).toBe('Error number 1');
    // Entries are the log rows themselves, nothing the query added to count them.
    expect(Object.keys(first.entries[0] ?? {}).sort()).toEqual(
      Object.keys((await trpc.admin.errorLogs({ page: 1 })).entries[0] ?? {}).sort(),
    );
    expect(await trpc.admin.errorLogs({ search: 'no such error', page: 1 })).toMatchObject({
      total: 0,
      entries: [],
    });
  });
});

describe('testing tools', () => {
  it('sqlQuery returns the first 10 claimed_profiles rows and never runs the text', async () => {
    const trpc = await adminCaller();
    const counts = async () => {
      const [profiles] = await t.database.db.select({ value: count() }).from(claimedProfiles);
      const [rated] = await t.database.db.select({ value: count() }).from(ratings);
      return { profiles: profiles?.value, ratings: rated?.value };
    };
    const before = await counts();
    const query = 'drop table claimed_profiles; delete from ratings';
    const result = await trpc.admin.sqlQuery({ query });
    expect(result.rows).toHaveLength(PROFILES.length);
    expect(result.rows[0]).toMatchObject({
      phoneNumber: expect.any(String),
      isVerified: expect.any(Boolean),
    });
    expect(await counts()).toEqual(before);
    const [logged] = await t.database.db.select().from(logs).where(eq(logs.action, 'admin_sql_query'));
    expect(logged?.details).toEqual({ query, staff: 'admin' });
    expect(logged?.userId).toMatch(/^staff:/);
  });

  it('saves the settings, which take effect and are logged', async () => {
    const trpc = await adminCaller();
    expect(await trpc.admin.settings()).toEqual({
      maintenanceMode: false,
      logLevel: 'info',
      repeatOffenderThreshold: 2,
    });
    await trpc.admin.saveSettings({ maintenanceMode: true, logLevel: 'warn' });
    const saved = { maintenanceMode: true, logLevel: 'warn', repeatOffenderThreshold: 2 };
    expect(await trpc.admin.settings()).toEqual(saved);
    expect(await t.app.services.settings.get()).toEqual(saved);
    const [stored] = await t.database.db.select().from(appSettings);
    expect(stored).toMatchObject({ maintenanceMode: true, logLevel: 'warn' });
    const [logged] = await t.database.db.select().from(logs).where(eq(logs.action, 'admin_settings_saved'));
    expect(logged?.details).toEqual({ ...saved, staff: 'admin' });
    // Maintenance mode refuses new ratings and the log level reaches the server's logger.
    const refused = await submitRating(t, ratingInput(), undefined, { ip: freshIp() });
    expect(refused.status).toBe(503);
    expect(t.app.log.level).toBe('warn');
    await trpc.admin.saveSettings({ maintenanceMode: false, logLevel: 'info' });
    expect(t.app.log.level).toBe('info');
    await expect(
      trpc.admin.saveSettings({ maintenanceMode: false, logLevel: 'verbose' as 'info' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
