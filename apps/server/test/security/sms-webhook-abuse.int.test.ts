import { randomBytes } from 'node:crypto';
import { summarizeSmsDelivery } from '@exrated/db/queries';
import { logs, smsMessages, smsOptOuts, smsWebhookEvents } from '@exrated/db/schema';
import { createTestDatabase, type TestDatabase } from '@exrated/db/testing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { FAKE_CERT_URL, type FakeAwsSms, IMPOSTOR_CERT_URL, startFakeAwsSms } from '../support/fake-aws-sms';
import { type FakeTwilio, startFakeTwilio } from '../support/fake-twilio';
import { smsApp } from '../support/sms-harness';
import { testClock } from '../support/test-clock';

/**
 * The SMS webhooks used on purpose, over HTTP against both providers' fakes (their wire formats and
 * signatures, as a provider or someone holding a provider's signature would post them): HELP replies as a
 * way to make us text premium, foreign or landline numbers (SMS pumping by reply), numbers a provider hands
 * over that are not numbers, and SNS certificates from hosts, subjects and URLs that are not SNS's.
 */
let database: TestDatabase;
let redis: Redis | null;
let twilio: FakeTwilio;
let aws: FakeAwsSms;
const clock = testClock();
const apps: FastifyInstance[] = [];
const inboundUrl = 'http://localhost:3000/webhooks/sms/twilio/inbound';
let line = 0;
/** A US number no other test of this file uses (FIXED_LINE_OR_MOBILE: texts go to it). */
const nextPhone = () => `+1202555${String(5000 + line++)}`;

beforeAll(async () => {
  database = await createTestDatabase(inject('testDatabaseServerUrl'));
  const redisUrl = inject('testRedisUrl');
  redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : null;
  twilio = await startFakeTwilio();
  aws = await startFakeAwsSms();
  // The AWS SDK reads its endpoint and credentials from the environment, as in production.
  vi.stubEnv('AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2', aws.url);
  vi.stubEnv('AWS_REGION', 'us-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'example-secret');
  vi.stubEnv('AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED', 'true');
});

afterEach(async () => {
  while (apps.length > 0) await apps.pop()?.close();
});

afterAll(async () => {
  await twilio?.close();
  await aws?.close();
  await redis?.quit();
  await database?.dispose();
  vi.unstubAllEnvs();
});

async function instance(primary: 'twilio' | 'sns') {
  const app = await smsApp({ database, redis, twilio, aws, primary, now: clock.now });
  apps.push(app);
  return app;
}

const db = () => database.db;

function snsPost(envelope: Record<string, string | undefined>) {
  return {
    method: 'POST' as const,
    url: '/webhooks/sms/sns',
    headers: { 'content-type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': envelope.Type ?? '' },
    payload: JSON.stringify(envelope),
  };
}

/** Each provider's side: a reply from `from` as it posts it, and the texts it was asked to send to a number. */
const providers = {
  twilio: {
    reply: (app: FastifyInstance, from: string, body: string) =>
      app.inject(twilio.inbound(inboundUrl, from, body)),
    textsTo: (to: string) => twilio.messages().filter((message) => message.to === to).length,
  },
  sns: {
    reply: (app: FastifyInstance, from: string, body: string) => app.inject(snsPost(aws.inbound(from, body))),
    textsTo: (to: string) => aws.texts().filter((text) => text.to === to).length,
  },
} as const;

/** Handled as a provider needs to hear it: 2xx, and for Twilio TwiML that asks it to send nothing. */
function expectHandledQuietly(response: LightMyRequestResponse) {
  expect(response.statusCode).toBeLessThan(300);
  expect(response.body).not.toContain('<Message>');
}

async function replyFigures(app: FastifyInstance) {
  const body = (await app.services.metrics.exposition()).body;
  const count = (outcome: string) =>
    Number(
      new RegExp(`exrated_sms_texts_total\\{kind="reply",outcome="${outcome}"\\} (\\d+)`).exec(body)?.[1],
    );
  return { sent: count('sent'), suppressed: count('suppressed') };
}

describe.each(['twilio', 'sns'] as const)('automatic replies through %s', (provider) => {
  const side = providers[provider];

  it('never answer numbers that get no text, and answer a textable number once a day', async () => {
    const app = await instance(provider);
    // Premium rate (US 900, UK 909), toll-free, a landline, and a mobile in a country not served.
    const untextable = ['+19002341234', '+449098790000', '+18002345678', '+442079460000', '+33612345678'];
    for (const from of untextable) expectHandledQuietly(await side.reply(app, from, 'HELP'));
    // 25 HELPs from one premium number: SMS pumping by reply.
    for (let n = 0; n < 25; n += 1) expectHandledQuietly(await side.reply(app, '+19005550100', 'help'));
    for (const to of [...untextable, '+19005550100']) expect(side.textsTo(to)).toBe(0);

    // A person who asks for help gets the answer, from the number they wrote to, once a day.
    const person = nextPhone();
    for (const body of ['HELP', 'info', 'Help!']) expectHandledQuietly(await side.reply(app, person, body));
    expect(side.textsTo(person)).toBe(1);
    const answer =
      provider === 'twilio'
        ? twilio.messages().find((message) => message.to === person)?.body
        : aws.texts().find((text) => text.to === person)?.body;
    expect(answer).toMatch(/^ExRated.*support@exrated\.app/);

    // Counted where every other text is: the delivery table and the metrics, by kind.
    const figures = await summarizeSmsDelivery(db(), new Date(Date.now() - 60_000));
    expect(figures.filter((row) => row.kind === 'reply' && row.provider === provider)).toEqual([
      expect.objectContaining({ country: 'US', sent: 1 }),
    ]);
    expect(await replyFigures(app)).toEqual({ sent: 1, suppressed: untextable.length + 25 + 2 });
    const outcomes = await db().select().from(logs).where(eq(logs.action, 'sms_auto_reply'));
    expect(outcomes.filter((entry) => entry.phoneNumber === person).map((entry) => entry.details)).toEqual([
      expect.objectContaining({ outcome: 'sent', provider }),
      expect.objectContaining({ outcome: 'suppressed', reason: 'number_daily_cap' }),
      expect.objectContaining({ outcome: 'suppressed', reason: 'number_daily_cap' }),
    ]);
  });
});

describe('numbers a provider hands over', () => {
  const notNumbers = ['+1202555\u00000123', 'not a number', '12025550123', '+01202555012', '+1 202 555 0123'];

  it('stores and answers none that is not E.164, and never fails the call (Twilio)', async () => {
    const app = await instance('twilio');
    for (const from of notNumbers) {
      for (const body of ['STOP', 'HELP']) {
        const call = twilio.inbound(inboundUrl, from, body);
        const response = await app.inject(call);
        expect(response.statusCode).toBe(200);
        expectHandledQuietly(response);
        const sid = new URLSearchParams(call.payload).get('MessageSid') ?? '';
        expect(
          await db()
            .select()
            .from(smsWebhookEvents)
            .where(eq(smsWebhookEvents.key, `twilio:in:${sid}`)),
        ).toEqual([]);
      }
      expect(twilio.messages().filter((message) => message.to === from)).toEqual([]);
    }
    // A status callback naming a destination that is not a number changes nothing either.
    const sent = await app.services.sms.send({ to: nextPhone(), body: 'Your code', kind: 'verification' });
    const message = twilio.messages().find((candidate) => candidate.sid === sent.messageId);
    if (!message) throw new Error('Twilio did not get the text');
    const forged = twilio.statusCallback({ ...message, to: '+1202\u0000' }, 'undelivered', '30007');
    expect((await app.inject(forged)).statusCode).toBe(204);
    expect(await attemptStatus(app, message.sid)).toBe('sent');
    expect((await app.inject(twilio.statusCallback(message, 'delivered'))).statusCode).toBe(204);
    expect(await attemptStatus(app, message.sid)).toBe('delivered');
    expect(await optOutsOf(notNumbers)).toEqual([]);
  });

  it('stores and answers none that is not E.164, and never fails the call (AWS)', async () => {
    const app = await instance('sns');
    for (const from of notNumbers) {
      expect((await app.inject(snsPost(aws.inbound(from, 'STOP')))).statusCode).toBe(204);
      expect((await app.inject(snsPost(aws.inbound(from, 'HELP')))).statusCode).toBe(204);
      const optedOut = {
        messageId: randomBytes(8).toString('hex'),
        to: from,
        body: 'x',
        context: {},
      };
      expect((await app.inject(snsPost(aws.event(optedOut, 'OPTED_OUT')))).statusCode).toBe(204);
    }
    expect(aws.texts().filter((text) => notNumbers.includes(text.to))).toEqual([]);
    expect(await optOutsOf(notNumbers)).toEqual([]);
    // The same calls with a real number do what they say.
    const real = nextPhone();
    expect((await app.inject(snsPost(aws.inbound(real, 'STOP')))).statusCode).toBe(204);
    expect(await optOutsOf([real])).toHaveLength(1);
  });
});

describe('SNS signing certificates', () => {
  it('come only from sns.<region>.amazonaws.com, issued to SNS, named without query or fragment', async () => {
    const app = await instance('sns');
    const phone = nextPhone();
    const message = aws.inbound(phone, 'STOP').Message ?? '';
    aws.resetCertificateFetches();
    const path = new URL(FAKE_CERT_URL).pathname;
    const elsewhere = [
      `https://sns.s3.amazonaws.com${path}`,
      `https://sns.amazonaws.com${path}`,
      `https://sns.us-east-1.amazonaws.com.attacker.example${path}`,
      `https://sns.us-east-1.amazonaws.com:8443${path}`,
      `https://bucket.sns.us-east-1.amazonaws.com${path}`,
      `https://sns.internal.amazonaws.com${path}`,
      `https://sns.us-east-1.amazonaws.com/attacker/key.pem`,
      `${FAKE_CERT_URL}?x=1`,
      `${FAKE_CERT_URL}#x`,
    ];
    for (const signingCertUrl of elsewhere) {
      const envelope = aws.envelope('Notification', message, { signingCertUrl });
      expect((await app.inject(snsPost(envelope))).statusCode).toBe(403);
    }
    expect(aws.certificateFetches()).toEqual([]);
    // A certificate a stranger made, served from an SNS host, with a signature its key made.
    const impostor = aws.envelope('Notification', message, {
      signingCertUrl: IMPOSTOR_CERT_URL,
      signer: 'impostor',
    });
    expect((await app.inject(snsPost(impostor))).statusCode).toBe(403);
    expect(await optOutsOf([phone])).toEqual([]);
    // SNS's own, as AWS issues it, is taken.
    expect((await app.inject(snsPost(aws.envelope('Notification', message)))).statusCode).toBe(204);
    expect(await optOutsOf([phone])).toHaveLength(1);
  });

  it('are fetched once per URL and at most 32 are kept, however many names are tried', async () => {
    const app = await instance('sns');
    aws.resetCertificateFetches();
    const urls = Array.from(
      { length: 40 },
      (_, n) =>
        `https://sns.us-east-1.amazonaws.com/SimpleNotificationService-${n.toString(16).padStart(32, '0')}.pem`,
    );
    const post = (signingCertUrl: string) =>
      app.inject(snsPost(aws.envelope('Notification', 'not json', { signingCertUrl })));
    for (const url of urls) expect((await post(url)).statusCode).toBe(204);
    expect(aws.certificateFetches()).toHaveLength(40);
    // The newest 32 are kept: asked again, they are not fetched again.
    for (const url of urls.slice(8)) expect((await post(url)).statusCode).toBe(204);
    expect(aws.certificateFetches()).toHaveLength(40);
    // The oldest were let go: fetched again when asked for.
    expect((await post(urls[0] ?? '')).statusCode).toBe(204);
    expect(aws.certificateFetches()).toHaveLength(41);
  });
});

async function attemptStatus(app: FastifyInstance, providerMessageId: string) {
  const [row] = await app.services.db
    .select({ status: smsMessages.status })
    .from(smsMessages)
    .where(eq(smsMessages.providerMessageId, providerMessageId));
  return row?.status;
}

async function optOutsOf(numbers: readonly string[]) {
  const rows = await db().select().from(smsOptOuts);
  return rows.filter((row) => numbers.includes(row.phoneNumber));
}
