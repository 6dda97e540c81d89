import { summarizeSmsDelivery } from '@exrated/db/queries';
import { errorLogs, smsOptOuts } from '@exrated/db/schema';
import { createTestDatabase, type TestDatabase } from '@exrated/db/testing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { settleUnconfirmedTexts } from '../src/services/sms/receipt-job';
import { checkSmsSetup } from '../src/services/sms/sms-check';
import { FAKE_TOPIC_ARN, type FakeAwsSms, startFakeAwsSms } from './support/fake-aws-sms';
import { type FakeTwilio, startFakeTwilio } from './support/fake-twilio';
import { attemptsOf, dueText, notificationRow, smsApp } from './support/sms-harness';
import { testClock } from './support/test-clock';

/**
 * Real SMS through fakes of both providers on loopback (their wire formats, their signatures): failover,
 * lost acceptances found out instead of resent, receipts in any order, throttling, and two instances
 * receiving each other's receipts. The dispatcher is driven by the test; the clock is moved, not waited.
 */
let database: TestDatabase;
let redis: Redis | null;
let twilio: FakeTwilio;
let aws: FakeAwsSms;
const clock = testClock();
const apps: FastifyInstance[] = [];
let phoneIndex = 0;
const nextPhone = () => `+1202555${String(3000 + phoneIndex++)}`;

beforeAll(async () => {
  database = await createTestDatabase(inject('testDatabaseServerUrl'));
  const redisUrl = inject('testRedisUrl');
  redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : null;
  twilio = await startFakeTwilio();
  aws = await startFakeAwsSms();
  vi.stubEnv('AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2', aws.url);
  vi.stubEnv('AWS_REGION', 'us-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'example-secret');
  vi.stubEnv('AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED', 'true');
});

afterEach(async () => {
  twilio.setMode({ kind: 'ok' });
  aws.setMode({ kind: 'ok' });
  while (apps.length > 0) await apps.pop()?.close();
});

afterAll(async () => {
  await twilio?.close();
  await aws?.close();
  await redis?.quit();
  await database?.dispose();
  vi.unstubAllEnvs();
});

async function instance(primary: 'twilio' | 'sns', options: { fallback?: boolean } = {}) {
  const app = await smsApp({ database, redis, twilio, aws, primary, now: clock.now, ...options });
  apps.push(app);
  return app;
}

const db = () => database.db;

describe('failover', () => {
  it('hands a text Twilio cannot take to AWS, once, and keeps the one message id', async () => {
    const app = await instance('twilio');
    const id = await dueText(db(), nextPhone());
    twilio.setMode({ kind: 'outage' });
    expect(await app.services.dispatcher.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    const row = await notificationRow(db(), id);
    const sent = aws.texts().find((text) => text.body.includes(id));
    expect(row).toMatchObject({ status: 'sent', provider: 'sns', providerMessageId: sent?.messageId });
    expect(twilio.messages().filter((m) => m.body.includes(id))).toHaveLength(0);
    const attempts = await attemptsOf(db(), id);
    expect(attempts.map((a) => [a.provider, a.status]).sort()).toEqual([
      ['sns', 'sent'],
      ['twilio', 'refused'],
    ]);
    // The figures: /metrics and the dashboard's delivery table count it by kind, provider and country.
    const { body } = await app.services.metrics.exposition();
    expect(body).toMatch(
      /exrated_sms_delivery_total\{kind="rating",provider="sns",country="US",status="sent"\} [1-9]/,
    );
    const figures = await summarizeSmsDelivery(db(), new Date(Date.now() - 60_000));
    expect(figures).toContainEqual(
      expect.objectContaining({ kind: 'rating', provider: 'twilio', country: 'US', refused: 1 }),
    );
  });

  it('backs off on a 429 without failing over and without counting an attempt', async () => {
    const app = await instance('twilio');
    const id = await dueText(db(), nextPhone());
    twilio.setMode({ kind: 'throttle', retryAfterSeconds: 2 });
    expect(await app.services.dispatcher.runOnce()).toMatchObject({ claimed: 1, deferred: 1, sent: 0 });
    const row = await notificationRow(db(), id);
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(aws.texts().filter((text) => text.body.includes(id))).toHaveLength(0);
    twilio.setMode({ kind: 'ok' });
    clock.advance(3_000);
    expect(await app.services.dispatcher.runOnce()).toMatchObject({ sent: 1 });
    expect(await notificationRow(db(), id)).toMatchObject({
      status: 'sent',
      provider: 'twilio',
      attempts: 1,
    });
  });

  it('records a STOP at the provider as our opt-out and texts nobody through the fallback', async () => {
    const app = await instance('twilio');
    const phone = nextPhone();
    const id = await dueText(db(), phone);
    twilio.setMode({ kind: 'refuse', status: 400, code: 21610 });
    expect(await app.services.dispatcher.runOnce()).toMatchObject({ suppressed: 1 });
    expect(await notificationRow(db(), id)).toMatchObject({
      status: 'suppressed',
      statusReason: 'opted_out',
    });
    expect(aws.texts().filter((text) => text.body.includes(id))).toHaveLength(0);
    const [optOut] = await db().select().from(smsOptOuts).where(eq(smsOptOuts.phoneNumber, phone));
    expect(optOut?.source).toBe('provider');
  });
});

describe('lost acceptances', () => {
  it('asks Twilio about a send whose answer was lost and never sends it again', async () => {
    const app = await instance('twilio');
    const id = await dueText(db(), nextPhone());
    twilio.setMode({ kind: 'lose' });
    expect(await app.services.dispatcher.runOnce()).toMatchObject({ deferred: 1, sent: 0 });
    expect(await notificationRow(db(), id)).toMatchObject({ status: 'pending' });
    // Not due before the lookup delay; then the lookup finds the text Twilio took.
    expect(await app.services.dispatcher.runOnce()).toMatchObject({ claimed: 0 });
    twilio.setMode({ kind: 'ok' });
    clock.advance(31_000);
    expect(await app.services.dispatcher.runOnce()).toMatchObject({ sent: 1 });
    const taken = twilio.messages().filter((m) => m.body.includes(id));
    expect(taken).toHaveLength(1);
    expect(await notificationRow(db(), id)).toMatchObject({
      status: 'sent',
      providerMessageId: taken[0]?.sid,
    });
    expect(aws.texts().filter((text) => text.body.includes(id))).toHaveLength(0);
  });

  it('asks before sending again after the instance that sent it died', async () => {
    const first = await instance('twilio');
    const id = await dueText(db(), nextPhone());
    twilio.setMode({ kind: 'lose' });
    await first.services.dispatcher.runOnce();
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    // A new instance on the same database, after the lease: the attempt recorded before the send is asked
    // about, found at Twilio, and the text is not sent again.
    twilio.setMode({ kind: 'ok' });
    const second = await instance('twilio');
    clock.advance(121_000);
    expect(await second.services.dispatcher.runOnce()).toMatchObject({ sent: 1 });
    expect(twilio.messages().filter((m) => m.body.includes(id))).toHaveLength(1);
    expect((await notificationRow(db(), id)).status).toBe('sent');
  });

  it('lets an AWS event carrying our reference settle a send whose answer was lost', async () => {
    const app = await instance('sns');
    const id = await dueText(db(), nextPhone());
    aws.setMode({ kind: 'lose' });
    expect(await app.services.dispatcher.runOnce()).toMatchObject({ deferred: 1 });
    const [text] = aws.texts().filter((candidate) => candidate.body.includes(id));
    if (!text) throw new Error('AWS did not get the text');
    // Within the resolve window, no event yet: the dispatcher keeps waiting, sends nothing.
    clock.advance(31_000);
    expect(await app.services.dispatcher.runOnce()).toMatchObject({ deferred: 1, sent: 0 });
    const reply = await app.inject(snsPost(aws.event(text, 'QUEUED')));
    expect(reply.statusCode).toBe(204);
    expect(await notificationRow(db(), id)).toMatchObject({
      status: 'sent',
      provider: 'sns',
      providerMessageId: text.messageId,
    });
    clock.advance(31_000);
    expect(await app.services.dispatcher.runOnce()).toMatchObject({ claimed: 0 });
    expect(aws.texts().filter((candidate) => candidate.body.includes(id))).toHaveLength(1);
    expect(twilio.messages().filter((m) => m.body.includes(id))).toHaveLength(0);
  });
});

describe('receipts', () => {
  const orders: Array<[string[], string]> = [
    [['queued', 'sent', 'delivered'], 'delivered'],
    [['delivered', 'sent', 'queued'], 'delivered'],
    [['sent', 'undelivered', 'delivered'], 'undelivered'],
    [['undelivered', 'queued'], 'undelivered'],
  ];
  for (const [statuses, final] of orders) {
    it(`ends ${final} whatever the order: ${statuses.join(', ')}`, async () => {
      const app = await instance('twilio');
      const id = await dueText(db(), nextPhone());
      await app.services.dispatcher.runOnce();
      const [message] = twilio.messages().filter((m) => m.body.includes(id));
      if (!message) throw new Error('Twilio did not get the text');
      for (const status of statuses) {
        const reply = await app.inject(
          twilio.statusCallback(message, status, status === 'undelivered' ? '30007' : undefined),
        );
        expect(reply.statusCode).toBe(204);
        expect(reply.headers['set-cookie']).toBeUndefined();
      }
      const row = await notificationRow(db(), id);
      expect(row.status).toBe(final);
      if (final === 'undelivered') {
        expect(row).toMatchObject({ errorCode: '30007', statusReason: 'Filtered by the carrier as spam' });
        const logged = await db().select().from(errorLogs).where(eq(errorLogs.componentName, 'sms-receipts'));
        expect(logged.some((entry) => entry.errorMessage.includes('Filtered by the carrier as spam'))).toBe(
          true,
        );
      }
    });
  }

  it('takes a receipt that arrives before the send has its answer', async () => {
    const app = await instance('twilio');
    const id = await dueText(db(), nextPhone());
    twilio.setMode({ kind: 'ok', delayMs: 400 });
    const run = app.services.dispatcher.runOnce();
    let message = twilio.messages().find((m) => m.body.includes(id));
    while (!message) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      message = twilio.messages().find((m) => m.body.includes(id));
    }
    expect((await app.inject(twilio.statusCallback(message, 'delivered'))).statusCode).toBe(204);
    expect(await run).toMatchObject({ sent: 1 });
    expect(await notificationRow(db(), id)).toMatchObject({
      status: 'delivered',
      providerMessageId: message.sid,
    });
  });

  it('refuses the same callback twice (a replay) and leaves the status as it was', async () => {
    const app = await instance('twilio');
    const id = await dueText(db(), nextPhone());
    await app.services.dispatcher.runOnce();
    const [message] = twilio.messages().filter((m) => m.body.includes(id));
    if (!message) throw new Error('Twilio did not get the text');
    const callback = twilio.statusCallback(message, 'delivered');
    expect((await app.inject(callback)).statusCode).toBe(204);
    expect((await app.inject(callback)).statusCode).toBe(403);
    expect((await notificationRow(db(), id)).status).toBe('delivered');
  });

  it("moves AWS's events forward (signature versions 1 and 2), in any order", async () => {
    const app = await instance('sns');
    const id = await dueText(db(), nextPhone());
    await app.services.dispatcher.runOnce();
    const [text] = aws.texts().filter((candidate) => candidate.body.includes(id));
    if (!text) throw new Error('AWS did not get the text');
    expect(
      (await app.inject(snsPost(aws.event(text, 'DELIVERED', { signatureVersion: '1' })))).statusCode,
    ).toBe(204);
    expect((await app.inject(snsPost(aws.event(text, 'PENDING')))).statusCode).toBe(204);
    expect((await notificationRow(db(), id)).status).toBe('delivered');
  });

  it('calls a text without a final receipt after 72 hours unknown', async () => {
    const app = await instance('twilio');
    const id = await dueText(db(), nextPhone());
    await app.services.dispatcher.runOnce();
    await settleUnconfirmedTexts({
      db: db(),
      now: new Date(Date.now() + 71 * 3600_000),
      receiptTimeoutHours: 72,
    });
    expect((await notificationRow(db(), id)).status).toBe('sent');
    await settleUnconfirmedTexts({
      db: db(),
      now: new Date(Date.now() + 73 * 3600_000),
      receiptTimeoutHours: 72,
    });
    expect((await notificationRow(db(), id)).status).toBe('unknown');
  });

  it("takes one instance's receipts for the other's sends", async () => {
    const sender = await instance('twilio');
    const receiver = await instance('twilio');
    const id = await dueText(db(), nextPhone());
    await sender.services.dispatcher.runOnce();
    const [message] = twilio.messages().filter((m) => m.body.includes(id));
    if (!message) throw new Error('Twilio did not get the text');
    expect((await receiver.inject(twilio.statusCallback(message, 'delivered'))).statusCode).toBe(204);
    expect((await notificationRow(db(), id)).status).toBe('delivered');
  });
});

describe('replies', () => {
  const inboundUrl = 'http://localhost:3000/webhooks/sms/twilio/inbound';

  it('turns rating texts off on STOP, back on on START, and answers HELP (Twilio)', async () => {
    const app = await instance('twilio');
    const phone = nextPhone();
    const stop = await app.inject(twilio.inbound(inboundUrl, phone, ' Stop. '));
    expect(stop.statusCode).toBe(200);
    expect(stop.body).toContain('<Response></Response>');
    expect(await db().select().from(smsOptOuts).where(eq(smsOptOuts.phoneNumber, phone))).toMatchObject([
      { source: 'reply' },
    ]);
    // A text due to that number now is suppressed, as after the one-tap opt-out.
    const id = await dueText(db(), phone);
    expect(await app.services.dispatcher.runOnce()).toMatchObject({ suppressed: 1 });
    expect((await notificationRow(db(), id)).statusReason).toBe('opted_out');

    // HELP is answered with a text sent like any other (paced, recorded, counted), not in the TwiML.
    const help = await app.inject(twilio.inbound(inboundUrl, phone, 'help'));
    expect(help.headers['content-type']).toContain('text/xml');
    expect(help.body).toContain('<Response></Response>');
    expect(
      twilio
        .messages()
        .filter((message) => message.to === phone)
        .map((message) => message.body),
    ).toEqual([expect.stringMatching(/^ExRated.*support@exrated\.app/)]);

    expect((await app.inject(twilio.inbound(inboundUrl, phone, 'UNSTOP'))).statusCode).toBe(200);
    expect(await db().select().from(smsOptOuts).where(eq(smsOptOuts.phoneNumber, phone))).toEqual([]);
  });

  it('reads replies that reach AWS, answers HELP through AWS, and confirms the subscription', async () => {
    const app = await instance('sns');
    const phone = nextPhone();
    expect((await app.inject(snsPost(aws.subscriptionConfirmation()))).statusCode).toBe(204);
    expect(aws.confirmedSubscriptions()).toHaveLength(1);
    expect((await app.inject(snsPost(aws.inbound(phone, 'OPTOUT')))).statusCode).toBe(204);
    expect(await db().select().from(smsOptOuts).where(eq(smsOptOuts.phoneNumber, phone))).toHaveLength(1);
    expect((await app.inject(snsPost(aws.inbound(phone, 'HELP')))).statusCode).toBe(204);
    expect(aws.texts().filter((text) => text.to === phone && text.body.includes('ExRated'))).toHaveLength(1);
  });
});

describe('only the provider gets in', () => {
  const statusUrl = '/webhooks/sms/twilio/status';

  it('refuses unsigned and wrongly signed Twilio calls with 403 and changes nothing', async () => {
    const app = await instance('twilio');
    const phone = nextPhone();
    const unsigned = await app.inject({
      method: 'POST',
      url: '/webhooks/sms/twilio/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'exrated_session=x' },
      payload: new URLSearchParams({ From: phone, Body: 'STOP', MessageSid: 'SM1' }).toString(),
    });
    expect(unsigned.statusCode).toBe(403);
    const forged = twilio.inbound('http://localhost:3000/webhooks/sms/twilio/inbound', phone, 'STOP');
    forged.payload = forged.payload.replace('STOP', 'START');
    expect((await app.inject(forged)).statusCode).toBe(403);
    const elsewhere = twilio.inbound('http://localhost:3000/other', phone, 'STOP');
    expect((await app.inject({ ...elsewhere, url: statusUrl })).statusCode).toBe(403);
    expect(await db().select().from(smsOptOuts).where(eq(smsOptOuts.phoneNumber, phone))).toEqual([]);
  });

  it('refuses SNS messages from another topic, another host, tampered, stale or replayed', async () => {
    const app = await instance('sns');
    const phone = nextPhone();
    const good = aws.inbound(phone, 'STOP');
    const variants = [
      aws.envelope('Notification', good.Message ?? '', {
        topicArn: 'arn:aws:sns:us-east-1:999999999999:other',
      }),
      { ...good, SigningCertURL: 'https://attacker.example.com/SimpleNotificationService-x.pem' },
      { ...good, SigningCertURL: 'http://sns.us-east-1.amazonaws.com/SimpleNotificationService-fake.pem' },
      { ...good, Message: good.Message?.replace('STOP', 'START') },
      aws.envelope('Notification', good.Message ?? '', { timestamp: new Date(Date.now() - 2 * 3600_000) }),
      { ...good, Signature: undefined },
    ];
    for (const variant of variants) {
      expect((await app.inject(snsPost(variant))).statusCode).toBe(403);
    }
    expect(await db().select().from(smsOptOuts).where(eq(smsOptOuts.phoneNumber, phone))).toEqual([]);
    expect((await app.inject(snsPost(good))).statusCode).toBe(204);
    expect((await app.inject(snsPost(good))).statusCode).toBe(403);
    expect(good.TopicArn).toBe(FAKE_TOPIC_ARN);
  });

  it('rate limits the webhooks per network', async () => {
    const app = await smsApp({
      database,
      redis,
      twilio,
      aws,
      primary: 'twilio',
      now: clock.now,
      env: { SMS_WEBHOOK_REQUESTS_PER_MINUTE: '3' },
    });
    apps.push(app);
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      codes.push((await app.inject({ method: 'POST', url: statusUrl, payload: '' })).statusCode);
    }
    expect(codes).toEqual([403, 403, 403, 429, 429]);
  });
});

describe('code texts', () => {
  it('go to the fallback when the primary is down', async () => {
    const app = await instance('twilio');
    twilio.setMode({ kind: 'outage' });
    const phone = nextPhone();
    const result = await app.services.sms.send({
      to: phone,
      body: 'Your ExRated code is 123456.',
      kind: 'verification',
    });
    const text = aws.texts().find((candidate) => candidate.to === phone);
    expect(result.messageId).toBe(text?.messageId);
    expect(text?.context).toMatchObject({ kind: 'verification' });
  });
});

describe('pnpm sms:check', () => {
  it('finds both accounts and the webhooks reachable, sending nothing; names what is wrong', async () => {
    const app = await instance('twilio');
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const config = { ...app.services.config, publicUrl: address };
    const textsBefore = twilio.messages().length + aws.texts().length;
    const report = await checkSmsSetup(config);
    expect(report.problems).toEqual([]);
    expect(report.webhooks).toEqual([
      `${address}/webhooks/sms/twilio/status`,
      `${address}/webhooks/sms/twilio/inbound`,
      `${address}/webhooks/sms/sns`,
    ]);
    expect(twilio.messages().length + aws.texts().length).toBe(textsBefore);

    const wrong = await checkSmsSetup({
      ...config,
      publicUrl: 'http://127.0.0.1:9',
      sms: { ...config.sms, twilio: config.sms.twilio && { ...config.sms.twilio, from: '+14155550199' } },
    });
    expect(wrong.problems).toContainEqual(expect.stringContaining('TWILIO_FROM +14155550199'));
    expect(wrong.problems).toContainEqual(
      expect.stringContaining('http://127.0.0.1:9/webhooks/sms/sns: not reachable'),
    );
  });
});

function snsPost(envelope: Record<string, string | undefined>) {
  return {
    method: 'POST' as const,
    url: '/webhooks/sms/sns',
    headers: {
      'content-type': 'text/plain; charset=UTF-8',
      'x-amz-sns-message-type': envelope.Type ?? '',
      'x-amz-sns-topic-arn': envelope.TopicArn ?? '',
    },
    payload: JSON.stringify(envelope),
  };
}
