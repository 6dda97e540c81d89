import { SNSClient } from '@aws-sdk/client-sns';
import { logs, notifications, ratings, smsOptOuts } from '@exrated/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SnsSmsSender } from '../src/services/sms/sns-sms-sender';
import { CARRIER_BLOCKS_TEXTS } from '../src/services/trust/sms-opt-out';
import { type LocalSns, snsXml, startLocalSns } from './support/local-sns';
import { ratingInput, type SubmitReply } from './support/rating-fixtures';
import { createTestApp, HttpBrowser, type TestApp, useTestApp } from './support/test-app';
import { testClock } from './support/test-clock';
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

// The app's clock runs ahead when a test moves it, so the dispatcher can be run past every lease and backoff.
const clock = testClock();
const t = useTestApp({ env: ENV, overrides: { now: clock.now } });

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
 * number of its own first, so that its rating counts and is texted (docs/architecture.md#ratings). Resolves
 * once the text, sent after the answer, has been dealt with.
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
      { notificationId: id, source: 'link' },
      { notificationId: id, source: 'link' },
    ]);
    // Whether the number was opted out already is the number's entry, not the visitor's.
    const recorded = (await logsOf(t, 'sms_opt_out_recorded')).filter((entry) => entry.phoneNumber === phone);
    expect(recorded.map((entry) => [entry.userId, entry.details])).toEqual([
      [null, { notificationId: id, source: 'link', alreadyOptedOut: false }],
      [null, { notificationId: id, source: 'link', alreadyOptedOut: true }],
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
    clock.advance(6 * 3600 * 1000);
    try {
      await t.app.services.dispatcher.runOnce();
    } finally {
      clock.reset();
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
