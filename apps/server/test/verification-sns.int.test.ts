import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import {
  expectSnsOnlyAndNoOutbox,
  type LocalSns,
  snsXml,
  startLocalSns,
  stubLocalSnsEnvironment,
} from './support/local-sns';
import { createTestApp, HttpBrowser, httpOf, type TestApp, testConfig } from './support/test-app';
import { trpcHttp } from './support/verification';

/** SMS_PROVIDER=sns end to end: the app texts the code through the real SDK to an SNS-compatible endpoint. */
let sns: LocalSns;
let t: TestApp;
let app: FastifyInstance;
const http = httpOf(() => app);

beforeAll(async () => {
  sns = await startLocalSns();
  stubLocalSnsEnvironment(sns.url);
  // The test app brings the console sender; this app, on the same database, builds the configured one.
  t = await createTestApp();
  const config = testConfig({
    SMS_PROVIDER: 'sns',
    SNS_SENDER_ID: 'ExRated',
  });
  app = await buildApp(config, { database: t.database, redis: null, logger: false, runDispatcher: false });
});

afterAll(async () => {
  await app?.close();
  await t?.close();
  await sns?.close();
  vi.unstubAllEnvs();
});

describe('verification over SNS', () => {
  it('uses the SNS sender and serves no outbox', async () => {
    await expectSnsOnlyAndNoOutbox(app);
  });

  it('texts the code through SNS and proves the phone with it', async () => {
    sns.setReply(() => snsXml.publishOk('sns-message-1'));
    const browser = new HttpBrowser();
    const phone = '+447400123457';
    const sent = await trpcHttp(http, browser, 'mutation', 'verification.send', { phoneNumber: phone });
    expect(sent.status).toBe(200);
    const publish = sns.received.at(-1)?.params;
    expect(publish?.get('PhoneNumber')).toBe(phone);
    const code = /^Your ExRated code is (\d{6})\. It expires in 10 minutes\.\n\n@localhost #\1$/.exec(
      publish?.get('Message') ?? '',
    )?.[1];
    expect(code).toBeDefined();
    const checked = await trpcHttp(http, browser, 'mutation', 'verification.check', {
      phoneNumber: phone,
      code,
    });
    expect(checked.data).toEqual({ verified: true, phoneNumber: phone });
  });

  it("shows the provider's format rejection in the product's words", async () => {
    sns.setReply(() => snsXml.error('InvalidParameter', 'Invalid parameter: PhoneNumber Reason: short code'));
    const reply = await trpcHttp(http, new HttpBrowser(), 'mutation', 'verification.send', {
      phoneNumber: '+14155550199',
    });
    expect(reply.status).toBe(400);
    expect(reply.error?.message).toBe(
      'Failed to send verification code: Phone number format not supported. Please use a full international format with country code',
    );
  });
});
