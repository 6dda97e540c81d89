import { SNSClient } from '@aws-sdk/client-sns';
import { logs, notifications, ratingReports, ratings, smsOptOuts } from '@exrated/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SnsSmsSender } from '../src/services/sms/sns-sms-sender';
import { CARRIER_BLOCKS_TEXTS } from '../src/services/trust/sms-opt-out';
import { type LocalSns, snsXml, startLocalSns } from './support/local-sns';
import { ratingInput, type SubmitReply } from './support/rating-fixtures';
import { createTestApp, HttpBrowser, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app';
import { latestCode, type TrpcHttpReply, trpcHttp } from './support/verification';

// Generous caps: this file rates the same numbers many times from one address; the caps have their own tests.
const ENV = {
  LIMIT_RATINGS_PER_IP_PER_HOUR: '1000',
  LIMIT_VERIFICATION_SENDS_PER_IP_PER_HOUR: '1000',
  LIMIT_VERIFICATION_CHECKS_PER_IP_PER_HOUR: '1000',
  LIMIT_RATING_TEXTS_PER_RECIPIENT_PER_DAY: '1000',
  LIMIT_RATINGS_PER_NUMBER_PER_DAY: '1000',
};
const EXPIRED_LINK = 'This link is invalid or has expired';
const REVIEW_NOT_FOUND = 'This review could not be found. It may have been removed.';

let t: TestApp;
// The app's clock runs `clockOffsetMs` ahead, so the dispatcher can be run past every lease and backoff.
let clockOffsetMs = 0;
beforeAll(async () => {
  t = await createTestApp({ env: ENV, overrides: { now: () => new Date(Date.now() + clockOffsetMs) } });
});
afterAll(async () => {
  await t?.close();
});

let nextLine = 0;
function newPhone() {
  nextLine += 1;
  return `+1415556${String(nextLine).padStart(4, '0')}`;
}

type App = Pick<TestApp, 'http' | 'database' | 'sms' | 'textsSent'>;

/** How a test reads the code texted to a number, per app (the console outbox unless registered). */
const codeReaders = new WeakMap<App, (phone: string) => string>();
let nextRater = 0;

const call = (app: App, browser: HttpBrowser, path: string, input?: unknown) =>
  trpcHttp(app as TestApp, browser, 'mutation', path, input);
const query = (app: App, browser: HttpBrowser, path: string, input?: unknown) =>
  trpcHttp(app as TestApp, browser, 'query', path, input);

/**
 * A browser rates `phone` through rating.submit, as the /rate form does: by default a fresh one that proved a
 * number of its own first, so that its rating counts and is texted (DESIGN.md section 4). Resolves once the
 * text, sent after the answer, has been dealt with.
 */
async function rate(app: App, phone: string, overrides: Record<string, unknown> = {}, browser?: HttpBrowser) {
  nextRater += 1;
  const rater =
    browser ??
    (await provenBrowser(
      app,
      `+1646556${String(nextRater).padStart(4, '0')}`,
      codeReaders.get(app) ?? ((p) => latestCode(app, p)),
    ));
  const reply = await call(app, rater, 'rating.submit', ratingInput({ phoneNumber: phone, ...overrides }));
  expect(reply.error).toBeNull();
  await app.textsSent();
  return reply.data as SubmitReply;
}

async function notificationOf(app: App, ratingId: string) {
  const [row] = await app.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.ratingId, ratingId));
  if (!row) throw new Error('no notification');
  return row;
}

async function optOutRows(app: App, phone: string) {
  return app.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phoneNumber, phone));
}

async function logsOf(app: App, action: string) {
  return app.database.db.select().from(logs).where(eq(logs.action, action));
}

/** A browser that proved `phone` with the texted code, as on /verify. */
async function provenBrowser(app: App, phone: string, code: (phone: string) => string) {
  const browser = new HttpBrowser();
  expect((await call(app, browser, 'verification.send', { phoneNumber: phone })).error).toBeNull();
  const checked = await call(app, browser, 'verification.check', { phoneNumber: phone, code: code(phone) });
  expect(checked.error).toBeNull();
  return browser;
}

/** A proven browser of `phone` that rated two other people, so it may read (and report) its ratings. */
async function unlockedBrowser(phone: string) {
  const browser = await provenBrowser(t, phone, (p) => latestCode(t, p));
  await rate(t, newPhone(), {}, browser);
  await rate(t, newPhone(), {}, browser);
  return browser;
}

function errorCode(reply: TrpcHttpReply) {
  return reply.error?.data.code;
}

function textsTo(phone: string) {
  return t.sms.outbox().filter((message) => message.to === phone && message.kind === 'rating');
}

describe('notification.optOut', () => {
  it('opts the rated phone out through its link, once, and logs it with the notification id', async () => {
    const phone = newPhone();
    const { ratingId } = await rate(t, phone);
    const { id } = await notificationOf(t, ratingId);
    expect(textsTo(phone)).toHaveLength(1);
    expect(textsTo(phone)[0]?.body).toContain(`/r/${id} Reply STOP to opt out.`);

    const visitor = new HttpBrowser();
    const first = await call(t, visitor, 'notification.optOut', { id });
    expect(first.data).toEqual({ optedOut: true });
    const again = await call(t, new HttpBrowser(), 'notification.optOut', { id });
    expect(again.data).toEqual({ optedOut: true });

    const rows = await optOutRows(t, phone);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.source).toBe('link');
    const entries = (await logsOf(t, 'sms_opt_out')).filter((entry) => entry.phoneNumber === phone);
    expect(entries.map((entry) => entry.details)).toEqual([
      { notificationId: id, source: 'link', alreadyOptedOut: false },
      { notificationId: id, source: 'link', alreadyOptedOut: true },
    ]);
  });

  it('answers a malformed or unknown link with the expired-link message', async () => {
    for (const id of ['not-a-guid', '00000000-0000-4000-8000-000000000000', '']) {
      const reply = await call(t, new HttpBrowser(), 'notification.optOut', { id });
      expect(errorCode(reply)).toBe('NOT_FOUND');
      expect(reply.error?.message).toBe(EXPIRED_LINK);
    }
  });

  it('keeps rating an opted-out number: saved, normal success for the rater, no text and no retry', async () => {
    const phone = newPhone();
    const first = await rate(t, phone);
    await call(t, new HttpBrowser(), 'notification.optOut', {
      id: (await notificationOf(t, first.ratingId)).id,
    });
    const before = textsTo(phone).length;

    const reply = await rate(t, phone, { name: 'Jo K.' });
    expect(Object.keys(reply).sort()).toEqual(['isUnlocked', 'ratingId', 'ratingsGiven']);
    const [saved] = await t.database.db.select().from(ratings).where(eq(ratings.id, reply.ratingId));
    expect(saved?.name).toBe('Jo K.');
    expect(await notificationOf(t, reply.ratingId)).toMatchObject({
      status: 'suppressed',
      statusReason: 'opted_out',
      attempts: 0,
      sentAt: null,
    });
    // Hours later the dispatcher still leaves it alone: suppressed is final.
    clockOffsetMs = 6 * 3600 * 1000;
    try {
      await t.app.services.dispatcher.runOnce();
    } finally {
      clockOffsetMs = 0;
    }
    expect((await notificationOf(t, reply.ratingId)).status).toBe('suppressed');
    expect(textsTo(phone)).toHaveLength(before);
  });

  it('still sends the verification code an opted-out person asks for', async () => {
    const phone = newPhone();
    const { ratingId } = await rate(t, phone);
    await call(t, new HttpBrowser(), 'notification.optOut', { id: (await notificationOf(t, ratingId)).id });
    const browser = await provenBrowser(t, phone, (p) => latestCode(t, p));
    expect((await query(t, browser, 'profile.me')).data).toMatchObject({
      isVerified: true,
      textsOptIn: false,
    });
  });
});

describe('profile.setTextsOptIn', () => {
  it('lets the proven phone turn rating texts back on, and off again', async () => {
    const phone = newPhone();
    const { ratingId } = await rate(t, phone);
    await call(t, new HttpBrowser(), 'notification.optOut', { id: (await notificationOf(t, ratingId)).id });
    const browser = await provenBrowser(t, phone, (p) => latestCode(t, p));

    const on = await call(t, browser, 'profile.setTextsOptIn', { optIn: true });
    expect(on.data).toEqual({ textsOptIn: true });
    expect(await optOutRows(t, phone)).toHaveLength(0);
    expect((await query(t, browser, 'profile.me')).data).toMatchObject({ textsOptIn: true });
    const optIn = (await logsOf(t, 'sms_opt_in')).find((entry) => entry.phoneNumber === phone);
    expect(optIn?.details).toEqual({ source: 'settings', wasOptedOut: true });

    const texted = await rate(t, phone, { name: 'Sam' });
    expect((await notificationOf(t, texted.ratingId)).status).toBe('sent');
    expect(textsTo(phone)).toHaveLength(2);

    const off = await call(t, browser, 'profile.setTextsOptIn', { optIn: false });
    expect(off.data).toEqual({ textsOptIn: false });
    expect((await optOutRows(t, phone))[0]?.source).toBe('settings');
    expect((await query(t, browser, 'profile.me')).data).toMatchObject({ textsOptIn: false });
  });

  it('acts only on a proven phone from the session', async () => {
    const phone = newPhone();
    const { ratingId } = await rate(t, phone);
    await call(t, new HttpBrowser(), 'notification.optOut', { id: (await notificationOf(t, ratingId)).id });

    const typedOnly = new HttpBrowser();
    await call(t, typedOnly, 'profile.savePhone', { phoneNumber: phone });
    const refused = await call(t, typedOnly, 'profile.setTextsOptIn', { optIn: true, phoneNumber: phone });
    expect(errorCode(refused)).toBe('UNAUTHORIZED');
    const anonymous = await call(t, new HttpBrowser(), 'profile.setTextsOptIn', { optIn: true });
    expect(errorCode(anonymous)).toBe('UNAUTHORIZED');
    expect((await query(t, typedOnly, 'profile.me')).data).toMatchObject({ textsOptIn: null });
    expect(await optOutRows(t, phone)).toHaveLength(1);

    // Another proven phone turning texts on changes only its own number.
    const other = await provenBrowser(t, newPhone(), (p) => latestCode(t, p));
    await call(t, other, 'profile.setTextsOptIn', { optIn: true });
    expect(await optOutRows(t, phone)).toHaveLength(1);
  });
});

describe('with the SNS sender', () => {
  let sns: LocalSns;
  let snsApp: TestApp;
  const providerOptedOut = new Set<string>();
  let optInRefused = false;

  const publishedTo = (phone: string) =>
    sns.received.filter((r) => r.params.get('Action') === 'Publish' && r.params.get('PhoneNumber') === phone);
  const snsCode = (phone: string) => {
    const body = publishedTo(phone).at(-1)?.params.get('Message') ?? '';
    const code = /Your ExRated code is (\d{6})\./.exec(body)?.[1];
    if (!code) throw new Error(`no code texted to ${phone}`);
    return code;
  };

  beforeAll(async () => {
    sns = await startLocalSns();
    sns.setReply((params) => {
      const phone = params.get('phoneNumber') ?? params.get('PhoneNumber') ?? '';
      switch (params.get('Action')) {
        case 'CheckIfPhoneNumberIsOptedOut':
          return snsXml.optedOut(providerOptedOut.has(phone));
        case 'OptInPhoneNumber':
          if (optInRefused) return snsXml.error('Throttled', 'You can opt in a number once every 30 days');
          providerOptedOut.delete(phone);
          return snsXml.optInOk();
        case 'Publish':
          return snsXml.publishOk(`msg-${sns.received.length}`);
        default:
          return snsXml.error('InvalidAction', 'unknown action');
      }
    });
    const client = new SNSClient({
      endpoint: sns.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'example-secret' },
      maxAttempts: 1,
    });
    const sender = new SnsSmsSender({ client });
    snsApp = await createTestApp({ env: ENV, overrides: { sms: sender } });
    codeReaders.set(snsApp, snsCode);
  });
  afterAll(async () => {
    await snsApp?.close();
    await sns?.close();
  });

  it('treats a number SNS reports as opted out like our own list: recorded, suppressed, never published', async () => {
    const phone = newPhone();
    providerOptedOut.add(phone);
    const reply = await rate(snsApp, phone);
    expect(await notificationOf(snsApp, reply.ratingId)).toMatchObject({
      status: 'suppressed',
      statusReason: 'opted_out',
    });
    expect(await optOutRows(snsApp, phone)).toMatchObject([{ source: 'provider' }]);
    expect(publishedTo(phone)).toHaveLength(0);
    const suppressed = await logsOf(snsApp, 'sms_notification_suppressed');
    expect(suppressed.map((entry) => entry.details)).toContainEqual(
      expect.objectContaining({ ratingId: reply.ratingId, reason: 'opted_out' }),
    );
    expect(sns.received.some((r) => r.params.get('Action') === 'CheckIfPhoneNumberIsOptedOut')).toBe(true);

    // The next rating is suppressed by our own list, without asking SNS again.
    const rater = await provenBrowser(snsApp, '+16465569999', snsCode);
    const checksBefore = sns.received.length;
    const next = await rate(snsApp, phone, { name: 'Jo K.' }, rater);
    expect((await notificationOf(snsApp, next.ratingId)).statusReason).toBe('opted_out');
    expect(sns.received.length).toBe(checksBefore);
    expect(publishedTo(phone)).toHaveLength(0);

    const other = newPhone();
    await rate(snsApp, other);
    expect(publishedTo(other)).toHaveLength(1);
  });

  it('opting back in clears the SNS opt-out too, and says so when SNS refuses', async () => {
    const phone = newPhone();
    providerOptedOut.add(phone);
    await rate(snsApp, phone);
    const browser = await provenBrowser(snsApp, phone, snsCode);

    optInRefused = true;
    const refused = await call(snsApp, browser, 'profile.setTextsOptIn', { optIn: true });
    expect(errorCode(refused)).toBe('PRECONDITION_FAILED');
    expect(refused.error?.message).toBe(CARRIER_BLOCKS_TEXTS);
    expect(await optOutRows(snsApp, phone)).toHaveLength(1);

    optInRefused = false;
    const on = await call(snsApp, browser, 'profile.setTextsOptIn', { optIn: true });
    expect(on.data).toEqual({ textsOptIn: true });
    expect(sns.received.filter((r) => r.params.get('Action') === 'OptInPhoneNumber')).toHaveLength(2);
    expect(await optOutRows(snsApp, phone)).toHaveLength(0);

    const texted = await rate(snsApp, phone, { name: 'Sam' });
    expect((await notificationOf(snsApp, texted.ratingId)).status).toBe('sent');
    expect(
      publishedTo(phone).filter((r) => r.params.get('Message')?.includes('rated your relationship')),
    ).toHaveLength(1);
  });
});

describe('profile.reportRating', () => {
  it('files one open report per review; the reporter sees it as open in ratingsReceived', async () => {
    const phone = newPhone();
    const reported = await rate(t, phone, { testimonial: 'Call me on my other number.' });
    const other = await rate(t, phone, { name: 'Sam' });
    const browser = await unlockedBrowser(phone);

    const first = await call(t, browser, 'profile.reportRating', {
      ratingId: reported.ratingId,
      reason: 'contact_info',
    });
    expect(first.data).toMatchObject({ status: 'open', reason: 'contact_info', alreadyReported: false });
    const second = await call(t, browser, 'profile.reportRating', {
      ratingId: reported.ratingId,
      reason: 'threats',
    });
    expect(second.data).toEqual({
      reportId: (first.data as { reportId: string }).reportId,
      status: 'open',
      reason: 'contact_info',
      alreadyReported: true,
    });
    const rows = await t.database.db
      .select()
      .from(ratingReports)
      .where(eq(ratingReports.ratingId, reported.ratingId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reporterPhone: phone, reason: 'contact_info', status: 'open' });

    const received = (await query(t, browser, 'profile.ratingsReceived')).data as {
      ratings: Array<{ id: string; reportStatus: string | null }>;
    };
    const statuses = Object.fromEntries(received.ratings.map((r) => [r.id, r.reportStatus]));
    expect(statuses).toEqual({ [reported.ratingId]: 'open', [other.ratingId]: null });
    const logged = (await logsOf(t, 'rating_reported')).filter((entry) => entry.phoneNumber === phone);
    expect(logged).toHaveLength(2);
  });

  it('never accepts a report of a review the session cannot see, and never tells that it exists', async () => {
    const owner = newPhone();
    const someoneElse = newPhone();
    const ownerRating = await rate(t, owner);
    const othersRating = await rate(t, someoneElse);
    const hidden = await rate(t, owner, { name: 'Sam' });
    await t.database.db.update(ratings).set({ hiddenAt: new Date() }).where(eq(ratings.id, hidden.ratingId));
    const browser = await unlockedBrowser(owner);
    const unknownId = '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c';

    for (const ratingId of [othersRating.ratingId, hidden.ratingId, unknownId]) {
      const reply = await call(t, browser, 'profile.reportRating', { ratingId, reason: 'threats' });
      expect(errorCode(reply)).toBe('NOT_FOUND');
      expect(reply.error?.message).toBe(REVIEW_NOT_FOUND);
    }

    // Locked (proven, fewer than 2 ratings given) and unproven sessions are refused before any lookup: the
    // answer is the same for a real review and a made-up id.
    const locked = await provenBrowser(t, someoneElse, (p) => latestCode(t, p));
    const unproven = new HttpBrowser();
    await call(t, unproven, 'profile.savePhone', { phoneNumber: owner });
    for (const [session, code] of [
      [locked, 'FORBIDDEN'],
      [unproven, 'UNAUTHORIZED'],
    ] as const) {
      const real = await call(t, session, 'profile.reportRating', {
        ratingId: session === locked ? othersRating.ratingId : ownerRating.ratingId,
        reason: 'threats',
      });
      const madeUp = await call(t, session, 'profile.reportRating', {
        ratingId: unknownId,
        reason: 'threats',
      });
      expect(errorCode(real)).toBe(code);
      expect(real.error?.message).toBe(madeUp.error?.message);
    }
    const invalid = await call(t, browser, 'profile.reportRating', { ratingId: 'x', reason: 'threats' });
    expect(errorCode(invalid)).toBe('BAD_REQUEST');
    const noReason = await call(t, browser, 'profile.reportRating', {
      ratingId: ownerRating.ratingId,
      reason: 'boring',
    });
    expect(errorCode(noReason)).toBe('BAD_REQUEST');
    expect(noReason.error?.message).toBe('Please choose why you are reporting this review.');

    const [{ count }] = (await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(ratingReports)
      .where(eq(ratingReports.reporterPhone, owner))) as [{ count: number }];
    expect(count).toBe(0);
  });
});

async function adminBrowser(app: App = t) {
  const browser = new HttpBrowser();
  const login = await call(app, browser, 'admin.login', { password: TEST_ADMIN_PASSWORD });
  expect(login.error).toBeNull();
  return browser;
}

interface ReportsReply {
  reports: Array<{
    id: string;
    reason: string;
    reportedAt: string;
    rating: {
      id: string;
      name: string;
      testimonial: string | null;
      average: number | null;
      scores: unknown[];
    };
  }>;
  total: number;
}

interface Received {
  ratings: Array<{ id: string }>;
  summary: { score: number | null; count: number };
}

describe('moderation', () => {
  it('is for administrators only', async () => {
    const phone = newPhone();
    const browser = await unlockedBrowser(phone);
    for (const session of [new HttpBrowser(), browser]) {
      expect(errorCode(await query(t, session, 'admin.reports'))).toBe('UNAUTHORIZED');
      const decided = await call(t, session, 'admin.moderateRating', {
        reportId: '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c',
        decision: 'hide',
      });
      expect(errorCode(decided)).toBe('UNAUTHORIZED');
    }
  });

  it('hides a reported review: gone from the list and from the score, logged, and final', async () => {
    const phone = newPhone();
    const fair = await rate(t, phone, {
      scores: [8, 8, 8, 8, 8].map((score, i) => ({ questionId: i + 1, score })),
    });
    const unfair = await rate(t, phone, {
      name: 'Jo K.',
      testimonial: 'Worst person alive.',
      scores: [1, 1, 1, 1, 1].map((score, i) => ({ questionId: i + 1, score })),
    });
    const browser = await unlockedBrowser(phone);
    const before = (await query(t, browser, 'profile.ratingsReceived')).data as Received;
    expect(before.summary).toMatchObject({ score: 4.5, count: 2 });
    const { reportId } = (
      await call(t, browser, 'profile.reportRating', {
        ratingId: unfair.ratingId,
        reason: 'false_or_harassing',
      })
    ).data as { reportId: string };

    const admin = await adminBrowser();
    const listed = (await query(t, admin, 'admin.reports')).data as ReportsReply;
    const entry = listed.reports.find((report) => report.id === reportId);
    expect(entry).toMatchObject({
      reason: 'false_or_harassing',
      rating: { id: unfair.ratingId, name: 'Jo K.', testimonial: 'Worst person alive.', average: 1 },
    });
    expect(entry?.rating.scores).toHaveLength(5);
    expect(listed.total).toBeGreaterThanOrEqual(1);

    const hidden = await call(t, admin, 'admin.moderateRating', { reportId, decision: 'hide' });
    expect(hidden.data).toMatchObject({ reportId, status: 'hidden', alreadyResolved: false });

    const after = (await query(t, browser, 'profile.ratingsReceived')).data as Received;
    expect(after.ratings.map((r) => r.id)).toEqual([fair.ratingId]);
    expect(after.summary).toMatchObject({ score: 8, count: 1 });
    const [rating] = await t.database.db.select().from(ratings).where(eq(ratings.id, unfair.ratingId));
    expect(rating?.hiddenAt).toBeInstanceOf(Date);
    const [report] = await t.database.db.select().from(ratingReports).where(eq(ratingReports.id, reportId));
    expect(report).toMatchObject({ status: 'hidden' });
    expect(report?.resolvedAt).toBeInstanceOf(Date);
    const relisted = (await query(t, admin, 'admin.reports')).data as ReportsReply;
    expect(relisted.reports.some((r) => r.id === reportId)).toBe(false);
    const logged = await t.database.db
      .select()
      .from(logs)
      .where(and(eq(logs.action, 'rating_hidden'), sql`${logs.details}->>'reportId' = ${reportId}`));
    expect(logged).toHaveLength(1);
    expect(logged[0]?.details).toMatchObject({ ratingId: unfair.ratingId, reason: 'false_or_harassing' });
    expect(logged[0]?.userId).toMatch(/^admin:/);

    for (const decision of ['hide', 'dismiss'] as const) {
      const repeated = await call(t, admin, 'admin.moderateRating', { reportId, decision });
      expect(repeated.data).toEqual({
        reportId,
        status: 'hidden',
        alreadyResolved: true,
        message: 'This report was already resolved: the review is hidden.',
      });
    }
    // A hidden review cannot be reported again.
    const again = await call(t, browser, 'profile.reportRating', {
      ratingId: unfair.ratingId,
      reason: 'threats',
    });
    expect(errorCode(again)).toBe('NOT_FOUND');
  });

  it('dismisses a report: the review stays and counts, and can be reported again later', async () => {
    const phone = newPhone();
    const kept = await rate(t, phone, { testimonial: 'Honest, if blunt.' });
    const browser = await unlockedBrowser(phone);
    const before = (await query(t, browser, 'profile.ratingsReceived')).data as Received;
    const { reportId } = (
      await call(t, browser, 'profile.reportRating', { ratingId: kept.ratingId, reason: 'hate_speech' })
    ).data as { reportId: string };

    const admin = await adminBrowser();
    const dismissed = await call(t, admin, 'admin.moderateRating', { reportId, decision: 'dismiss' });
    expect(dismissed.data).toMatchObject({ status: 'dismissed', alreadyResolved: false });

    const after = (await query(t, browser, 'profile.ratingsReceived')).data as Received & {
      ratings: Array<{ id: string; reportStatus: string | null }>;
    };
    expect(after.summary).toEqual(before.summary);
    expect(after.ratings).toMatchObject([{ id: kept.ratingId, reportStatus: null }]);
    expect(
      (await logsOf(t, 'report_dismissed')).some(
        (e) => (e.details as { reportId?: string }).reportId === reportId,
      ),
    ).toBe(true);

    const newReport = await call(t, browser, 'profile.reportRating', {
      ratingId: kept.ratingId,
      reason: 'threats',
    });
    expect(newReport.data).toMatchObject({ alreadyReported: false, reason: 'threats' });
    expect((newReport.data as { reportId: string }).reportId).not.toBe(reportId);
  });

  it('lets only one of two simultaneous decisions act', async () => {
    const phone = newPhone();
    const target = await rate(t, phone);
    const browser = await unlockedBrowser(phone);
    const { reportId } = (
      await call(t, browser, 'profile.reportRating', { ratingId: target.ratingId, reason: 'sexual_content' })
    ).data as { reportId: string };
    const [one, two] = await Promise.all([adminBrowser(), adminBrowser()]);
    const replies = await Promise.all([
      call(t, one, 'admin.moderateRating', { reportId, decision: 'hide' }),
      call(t, two, 'admin.moderateRating', { reportId, decision: 'dismiss' }),
    ]);
    const results = replies.map((reply) => reply.data as { status: string; alreadyResolved: boolean });
    expect(results.filter((result) => !result.alreadyResolved)).toHaveLength(1);
    expect(new Set(results.map((result) => result.status)).size).toBe(1);
    const decided = results[0]?.status;
    const [rating] = await t.database.db.select().from(ratings).where(eq(ratings.id, target.ratingId));
    expect(rating?.hiddenAt !== null).toBe(decided === 'hidden');
  });

  it('answers an unknown report with NOT_FOUND', async () => {
    const admin = await adminBrowser();
    const reply = await call(t, admin, 'admin.moderateRating', {
      reportId: '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c',
      decision: 'dismiss',
    });
    expect(errorCode(reply)).toBe('NOT_FOUND');
    expect(reply.error?.message).toBe('This report could not be found.');
  });
});
