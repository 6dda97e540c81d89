import { findNumberSwitches } from '@exrated/db/queries';
import {
  claimedProfiles,
  deviceSessions,
  logs,
  moderationDecisions,
  notices,
  ratings,
} from '@exrated/db/schema';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HttpBrowser, UNCAPPED_LIMITS_ENV } from './support/test-app';
import { errorCode, useTrustFlows } from './support/trust-flows';
import { rateOverHttp } from './support/verification';

/**
 * The proven owner of a number controls it from /settings: 'Do not rate me', 'Download my
 * data' (never another person's phone or a rater's identity) and 'Delete my account'.
 */

const { t, flows } = useTrustFlows('415552', { env: UNCAPPED_LIMITS_ENV });

const PHONE_PATTERN = /\+\d{7,15}/g;

interface Me {
  doNotRate: boolean | null;
  textsOptIn: boolean | null;
}

describe("profile.setDoNotRate ('Do not rate me')", () => {
  it('is the proven owner’s switch, on and off again, and what rating submission reads', async () => {
    const { newPhone, call, query } = flows;
    const phone = newPhone();
    const owner = await flows.provenBrowser(phone);
    expect(((await query(owner, 'profile.me')).data as Me).doNotRate).toBe(false);

    expect((await call(owner, 'profile.setDoNotRate', { doNotRate: true })).data).toEqual({
      doNotRate: true,
    });
    expect(((await query(owner, 'profile.me')).data as Me).doNotRate).toBe(true);
    expect((await findNumberSwitches(t.database.db, phone)).doNotRate).toBe(true);
    // Twice is the same as once.
    expect((await call(owner, 'profile.setDoNotRate', { doNotRate: true })).data).toEqual({
      doNotRate: true,
    });

    expect((await call(owner, 'profile.setDoNotRate', { doNotRate: false })).data).toEqual({
      doNotRate: false,
    });
    expect((await findNumberSwitches(t.database.db, phone)).doNotRate).toBe(false);
    expect(((await query(owner, 'profile.me')).data as Me).doNotRate).toBe(false);

    // Someone who only typed the number cannot switch it.
    const typed = new HttpBrowser();
    await call(typed, 'profile.savePhone', { phoneNumber: phone });
    expect(errorCode(await call(typed, 'profile.setDoNotRate', { doNotRate: true }))).toBe('UNAUTHORIZED');
    expect((await findNumberSwitches(t.database.db, phone)).doNotRate).toBe(false);
    expect(((await query(typed, 'profile.me')).data as Me).doNotRate).toBeNull();
  });

  it('accepts new ratings of the number as any other, and keeps them from it (docs/anonymity.md)', async () => {
    const { newPhone, call } = flows;
    const phone = newPhone();
    const owner = await flows.provenBrowser(phone);
    await call(owner, 'profile.setDoNotRate', { doNotRate: true });

    const accepted = await rateOverHttp(t, await flows.provenBrowser(), phone);
    expect(accepted.error).toBeNull();
    const [withheld] = await t.database.db.select().from(ratings).where(eq(ratings.phoneNumber, phone));
    expect(withheld).toMatchObject({ withheldReason: 'do_not_rate', releaseAt: null });

    await call(owner, 'profile.setDoNotRate', { doNotRate: false });
    const later = await rateOverHttp(t, await flows.provenBrowser(), phone);
    expect(later.error).toBeNull();
    const saved = await t.database.db.select().from(ratings).where(eq(ratings.phoneNumber, phone));
    expect(saved.map((rating) => rating.withheldReason).sort()).toEqual(['do_not_rate', null]);
  });
});

describe("profile.exportData ('Download my data')", () => {
  it('holds everything about the number and the device, and no other phone or rater', async () => {
    const { newPhone, rate, call, unlockedBrowser } = flows;
    const phone = newPhone();
    const raterPhone = newPhone();
    const rater = await flows.provenBrowser(raterPhone);
    await rate(phone, { testimonial: 'What my ex said about me.' }, rater);
    const owner = await unlockedBrowser(phone);
    const rated = newPhone();
    await rate(rated, { testimonial: 'What I said about my ex.', name: 'Kim' }, owner);
    const filed = await call(owner, 'notice.file', { reason: 'other', text: 'A review elsewhere names me.' });
    expect(filed.error).toBeNull();

    const reply = await call(owner, 'profile.exportData');
    expect(reply.error).toBeNull();
    const data = reply.data as {
      phoneNumber: string;
      profile: { isVerified: boolean } | null;
      settings: { textsOptIn: boolean; doNotRate: boolean };
      ratingsGiven: Array<{ name: string; testimonial: string | null; scores: unknown[] }>;
      ratingsReceived: { unlocked: boolean; ratings: Array<{ testimonial: string | null }> };
      notices: Array<{ reference: string; text: string | null }>;
      sessions: Array<{ id: string }>;
      activity: Array<{ action: string; ipAddress: string | null }>;
    };
    expect(data.phoneNumber).toBe(phone);
    expect(data.profile).toMatchObject({ isVerified: true });
    expect(data.settings).toEqual({ textsOptIn: true, doNotRate: false });
    expect(data.ratingsGiven.map((rating) => rating.testimonial)).toContain('What I said about my ex.');
    expect(data.ratingsGiven.every((rating) => rating.scores.length === 5)).toBe(true);
    expect(data.ratingsReceived).toMatchObject({
      unlocked: true,
      ratings: [{ testimonial: 'What my ex said about me.' }],
    });
    expect(data.notices).toMatchObject([
      { reference: (filed.data as { reference: string }).reference, text: 'A review elsewhere names me.' },
    ]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.activity.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['verification_complete', 'notice_filed']),
    );

    // Never another person's phone (not the number rated, not the rater's), and no rater identity.
    const text = JSON.stringify(data);
    expect(new Set(text.match(PHONE_PATTERN))).toEqual(new Set([phone]));
    const [raterSession] = await t.database.db
      .select({ id: deviceSessions.id })
      .from(deviceSessions)
      .where(eq(deviceSessions.phoneNumber, raterPhone));
    expect(raterSession).toBeDefined();
    expect(text).not.toContain(raterSession?.id ?? 'missing');
  });

  it('leaves out ratings received until the number is unlocked, and needs a proven phone', async () => {
    const { newPhone, rate, call } = flows;
    const phone = newPhone();
    await rate(phone, { testimonial: 'Not yet yours to read.' });
    const locked = await flows.provenBrowser(phone);
    const data = (await call(locked, 'profile.exportData')).data as { ratingsReceived: unknown };
    expect(data.ratingsReceived).toEqual({ unlocked: false, ratings: [] });
    expect(JSON.stringify(data)).not.toContain('Not yet yours to read.');
    expect(errorCode(await call(new HttpBrowser(), 'profile.exportData'))).toBe('UNAUTHORIZED');
  });
});

describe("profile.deleteAccount ('Delete my account')", () => {
  it('removes the profile, the proven sessions, the ratings given and the phone from activity entries', async () => {
    const { newPhone, rate, call, query } = flows;
    const phone = newPhone();
    const received = await rate(phone, { testimonial: 'Stays: it is not theirs.' });
    const owner = await flows.provenBrowser(phone);
    // Another browser that only typed the number: someone else's session, which the deletion leaves alone.
    const otherDevice = new HttpBrowser();
    expect((await call(otherDevice, 'profile.savePhone', { phoneNumber: phone })).error).toBeNull();
    const given = await rate(newPhone(), {}, owner);
    const filed = await call(owner, 'notice.file', {
      reason: 'other',
      text: 'Filed before deleting.',
      contact: 'me@example.com',
    });
    await call(owner, 'profile.setDoNotRate', { doNotRate: true });
    // A moderator hid one of their ratings: the decision names them as its author (the repeat-offender count).
    const hiddenOne = await rate(newPhone(), {}, owner);
    const report = await call(new HttpBrowser(), 'notice.file', {
      notificationId: hiddenOne.notificationId,
      reason: 'harassment',
    });
    const [filedNotice] = await t.database.db
      .select({ id: notices.id })
      .from(notices)
      .where(eq(notices.reference, (report.data as { reference: string }).reference));
    const admin = await flows.adminBrowser();
    const decided = await call(admin, 'admin.decide', {
      kind: 'notice',
      id: filedNotice?.id,
      outcome: 'hide',
      reason: 'harassment',
      note: 'Harassment.',
    });
    expect(decided.error).toBeNull();
    const namingThem = () =>
      t.database.db.select().from(moderationDecisions).where(eq(moderationDecisions.authorPhone, phone));
    expect(await namingThem()).toHaveLength(1);
    expect(
      (await t.database.db.select().from(logs).where(eq(logs.phoneNumber, phone))).length,
    ).toBeGreaterThan(0);

    expect(owner.cookies.has('exrated_sid')).toBe(true);
    const reply = await call(owner, 'profile.deleteAccount');
    expect(reply.data).toEqual({ deleted: true });
    // The reply clears this browser's session cookie: its session went with the others.
    expect(owner.cookies.has('exrated_sid')).toBe(false);

    const db = t.database.db;
    expect(
      await db.select().from(claimedProfiles).where(eq(claimedProfiles.phoneNumber, phone)),
    ).toHaveLength(0);
    const left = await db
      .select({ provenAt: deviceSessions.phoneProvenAt })
      .from(deviceSessions)
      .where(inArray(deviceSessions.phoneNumber, [phone]));
    expect(left).toEqual([{ provenAt: null }]);
    expect(await db.select().from(ratings).where(eq(ratings.id, given.ratingId))).toHaveLength(0);
    expect(await db.select().from(logs).where(eq(logs.phoneNumber, phone))).toHaveLength(0);
    // The decision stays for the transparency report, without its author.
    expect(await namingThem()).toHaveLength(0);
    // Ratings others wrote about the number are theirs and stay; the notice stays without its filer.
    expect(await db.select().from(ratings).where(eq(ratings.id, received.ratingId))).toHaveLength(1);
    const [notice] = await db
      .select()
      .from(notices)
      .where(eq(notices.reference, (filed.data as { reference: string }).reference));
    expect(notice).toMatchObject({ reporterPhone: null, reporterSessionId: null, contact: null });
    // 'Do not rate me' stays: deleting the account must not reopen the number to ratings.
    expect((await findNumberSwitches(db, phone)).doNotRate).toBe(true);
    const [deletion] = await db
      .select()
      .from(logs)
      .where(and(eq(logs.action, 'account_deleted'), isNull(logs.phoneNumber)));
    expect(deletion?.details).toMatchObject({ ratings: 2, sessions: 1 });

    // The owner's browser lost its session; the other browser's session still holds the number it typed (the
    // row left above), which is never shown back unproven.
    const phoneOf = async (browser: HttpBrowser) =>
      ((await query(browser, 'profile.me')).data as { phoneNumber: string | null }).phoneNumber;
    expect(await phoneOf(owner)).toBeNull();
    expect(await phoneOf(otherDevice)).toBeNull();
  });
});
