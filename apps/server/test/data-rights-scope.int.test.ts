import { deviceSessions, errorLogs, logs, ratings } from '@exrated/db/schema';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { actorsOf } from './support/actors';
import { NO_RESEND_WAITS, UNCAPPED_LIMITS_ENV, useTestApp } from './support/test-app';
import { latestCode, sessionOfBrowser } from './support/verification';

/**
 * 'Download my data' and 'Delete my account' reach only what the person proved: the sessions that proved
 * the number, never a session that only typed it. Each actor is a browser of its own (fresh cookie) behind
 * an address of its own, as the proxy reports it (x-forwarded-for with TRUST_PROXY), with its own browser
 * name, so any address or browser that leaks into someone else's export or survives a deletion is seen.
 */

const t = useTestApp({
  env: { ...UNCAPPED_LIMITS_ENV, TRUST_PROXY: 'true' },
  codeStoreOptions: NO_RESEND_WAITS,
});

let line = 0;
function newPhone() {
  line += 1;
  return `+1415553${String(line).padStart(4, '0')}`;
}

const { actor, prove, rate } = actorsOf(t, (phone) => latestCode(t, phone));

async function sessionIdsOfIp(ip: string) {
  const rows = await t.database.db
    .selectDistinct({ userId: logs.userId })
    .from(logs)
    .where(eq(logs.ipAddress, ip));
  return rows.map((row) => row.userId).filter((id): id is string => id !== null);
}

/** Everything about one number a stranger can set up without ever holding its phone. */
async function strangersAround(phone: string, tag: string) {
  // Asks a code for the number (the code goes to its owner) and types it into the unlock form.
  const typist = actor(`198.51.100.${10 + line}`, `typist-agent-${tag}`);
  await typist.call('verification.send', { phoneNumber: phone });
  await typist.call('profile.savePhone', { phoneNumber: phone });
  const typistNotice = await typist.call('notice.file', {
    reason: 'other',
    text: 'A stranger writes about something.',
    contact: `typist-${tag}@example.com`,
  });
  expect(typistNotice.error).toBeNull();
  // Two ratings given while the number sits typed, unproven, on this device.
  await rate(typist, newPhone());
  await rate(typist, newPhone());

  // A rater who proves their own phone, rates the number, then types the number on the same device.
  const rater = actor(`203.0.113.${10 + line}`, `rater-agent-${tag}`);
  await prove(rater, newPhone());
  const ratingId = await rate(rater, phone, 'A review the owner reads.');
  await rater.call('profile.savePhone', { phoneNumber: phone });
  return { typist, rater, ratingId, typistContact: `typist-${tag}@example.com` };
}

describe("'Download my data' covers what the person proved", () => {
  it('holds no session, address, browser, notice contact or rating of anyone who only typed the number', async () => {
    const phone = newPhone();
    const owner = actor('192.0.2.61', 'owner-agent-export');
    await prove(owner, phone);
    const { typist, rater, ratingId, typistContact } = await strangersAround(phone, 'export');

    const reply = await owner.call('profile.exportData');
    expect(reply.error).toBeNull();
    const data = reply.data as { sessions: Array<{ id: string }>; activity: Array<{ ipAddress: string }> };
    const text = JSON.stringify(data);

    for (const stranger of [typist, rater]) {
      expect(text).not.toContain(stranger.ip);
      expect(text).not.toContain(stranger.userAgent);
      for (const id of await sessionIdsOfIp(stranger.ip)) expect(text).not.toContain(id);
    }
    expect(text).not.toContain(typistContact);
    expect(text).not.toContain('A stranger writes about something.');
    // Nothing ties the review the owner will read to its rater: not even its id before it is shown.
    expect(text).not.toContain(ratingId);
    expect(text).not.toContain('rating_submission_completed');
    // What is there is the owner's own: the session of the proof, its own address.
    const ownSession = await sessionOfBrowser(t, owner.browser);
    expect(data.sessions.map((session) => session.id)).toEqual([ownSession?.id]);
    expect(new Set(data.activity.map((entry) => entry.ipAddress))).toEqual(new Set([owner.ip]));
  });

  it('covers every session that proved the number, from any device, those a later proof ended too', async () => {
    const phone = newPhone();
    const phoneAtHome = actor('192.0.2.62', 'owner-agent-home');
    const laptop = actor('192.0.2.63', 'owner-agent-laptop');
    await prove(laptop, phone);
    await laptop.call('profile.setTextsOptIn', { optIn: false });
    await prove(phoneAtHome, phone);

    const data = (await phoneAtHome.call('profile.exportData')).data as {
      sessions: Array<{ id: string }>;
      activity: Array<{ action: string; ipAddress: string }>;
    };
    expect(data.sessions).toHaveLength(2);
    expect(new Set(data.activity.map((entry) => entry.ipAddress))).toEqual(
      new Set([phoneAtHome.ip, laptop.ip]),
    );
    expect(data.activity.map((entry) => entry.action)).toContain('sms_opt_out');
  });
});

describe("'Delete my account' removes what the person proved, and nothing of anyone else", () => {
  it('leaves a session that only typed the number, its ratings and its notice alone', async () => {
    const phone = newPhone();
    const owner = actor('192.0.2.64', 'owner-agent-delete');
    await prove(owner, phone);
    const { typist, rater, ratingId } = await strangersAround(phone, 'delete');
    const typistSessions = await sessionIdsOfIp(typist.ip);
    const raterSessions = await sessionIdsOfIp(rater.ip);

    expect((await owner.call('profile.deleteAccount')).data).toEqual({ deleted: true });

    const db = t.database.db;
    const left = await db
      .select({ id: deviceSessions.id })
      .from(deviceSessions)
      .where(inArray(deviceSessions.id, [...typistSessions, ...raterSessions]));
    expect(left).toHaveLength(typistSessions.length + raterSessions.length);
    // The typist keeps its two ratings (still counted, still unlocking), and the rater's review stands.
    const typistMe = (await typist.query('profile.me')).data as { ratingsGiven: number; isUnlocked: boolean };
    expect(typistMe).toMatchObject({ ratingsGiven: 2, isUnlocked: true });
    expect(await db.select().from(ratings).where(eq(ratings.id, ratingId))).toHaveLength(1);
    // The strangers' own activity keeps their own addresses: nobody else's right removed it.
    expect(await db.select().from(logs).where(eq(logs.ipAddress, typist.ip))).not.toHaveLength(0);
    expect(await db.select().from(logs).where(eq(logs.ipAddress, rater.ip))).not.toHaveLength(0);
  });

  it('leaves no address, browser or phone of the deleted sessions in activity or error rows, and no Redis key naming the number', async () => {
    const phone = newPhone();
    const owner = actor('192.0.2.65', 'owner-agent-traces');
    expect((await owner.query('profile.me')).error).toBeNull();
    const anonymousSession = await sessionOfBrowser(t, owner.browser);
    await prove(owner, phone);
    // Someone rates the owner, so a text cap counts the number in Redis.
    const rater = actor('203.0.113.65', 'rater-agent-traces');
    await prove(rater, newPhone());
    await rate(rater, phone);
    await t.textsSent();
    await owner.call('telemetry.reportError', { message: 'The settings page failed to render' });
    await owner.call('profile.setDoNotRate', { doNotRate: true });
    expect(await db().select().from(errorLogs).where(eq(errorLogs.ipAddress, owner.ip))).not.toHaveLength(0);
    // The text cap counts the number under a keyed hash: no key names it, before or after the deletion.
    expect(await redisKeysNaming(phone)).toHaveLength(0);

    expect((await owner.call('profile.deleteAccount')).error).toBeNull();

    // What the browser did before the proof (asking for the code) is that anonymous session's and stays
    // with it (docs/data-rights.md), without the number; nothing else holds the owner's address or browser.
    for (const table of [logs, errorLogs]) {
      const traces = await db()
        .select({ userId: table.userId, phoneNumber: table.phoneNumber, details: table.details })
        .from(table)
        .where(
          sql`${table.ipAddress} = ${owner.ip} or ${table.userAgent} = ${owner.userAgent}
            or ${table.phoneNumber} = ${phone} or ${table.details}::text like ${`%${phone}%`}`,
        );
      if (table === logs) expect(traces).not.toHaveLength(0);
      for (const trace of traces) {
        expect(trace.userId).toBe(anonymousSession?.id);
        expect(trace.phoneNumber).toBeNull();
        expect(JSON.stringify(trace.details)).not.toContain(phone);
      }
    }
    const [deletion] = await db().select().from(logs).where(eq(logs.action, 'account_deleted'));
    expect(deletion).toMatchObject({ userId: null, phoneNumber: null, ipAddress: null, userAgent: null });
    expect(await redisKeysNaming(phone)).toEqual([]);
    // The rater's own entries keep the rater's address.
    expect(await db().select().from(logs).where(eq(logs.ipAddress, rater.ip))).not.toHaveLength(0);
  });

  it('covers a session its owner logged out of: its activity is exported and anonymized with the rest', async () => {
    const phone = newPhone();
    const before = actor('192.0.2.91', 'owner-agent-logged-out');
    await prove(before, phone);
    await rate(before, newPhone());
    const proven = await sessionOfBrowser(t, before.browser);
    if (!proven) throw new Error('no proven session');
    expect((await before.call('profile.logout')).error).toBeNull();

    const after = actor('192.0.2.92', 'owner-agent-after-logout');
    await prove(after, phone);
    const exported = await after.call('profile.exportData');
    expect(exported.error).toBeNull();
    expect(exported.response.body).toContain(before.ip);

    expect((await after.call('profile.deleteAccount')).error).toBeNull();
    // What the logged-out session did is kept for operations without who did it (the anonymous session
    // before its proof keeps its own address, as for any proof).
    const traces = await t.database.db
      .select({ userId: logs.userId, ipAddress: logs.ipAddress, userAgent: logs.userAgent })
      .from(logs)
      .where(eq(logs.userAgent, 'owner-agent-logged-out'));
    expect(traces.filter((trace) => trace.userId === proven.id)).toEqual([]);
    expect(await t.database.db.select().from(deviceSessions).where(eq(deviceSessions.id, proven.id))).toEqual(
      [],
    );
  });
});

function db() {
  return t.database.db;
}

async function redisKeysNaming(phone: string) {
  if (!t.redis) return [];
  return t.redis.keys(`${t.config.redisKeyPrefix}*${phone}*`);
}
