import { SNSClient } from '@aws-sdk/client-sns';
import { createTestDatabase, type TestDatabase } from '@exrated/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { tellsOfProvider } from '../src/services/sms/provider-health';
import type { SmsGateway } from '../src/services/sms/sms-gateway';
import { SmsDeliveryError, type SmsSender } from '../src/services/sms/sms-sender';
import { SnsSmsSender } from '../src/services/sms/sns-sms-sender';
import { type ControllableSns, startControllableSns } from './support/controllable-sns';
import { type FakeAwsSms, fakeAwsSmsEnv, startFakeAwsSms } from './support/fake-aws-sms';
import { type FakeTwilio, startFakeTwilio } from './support/fake-twilio';
import { smsApp } from './support/sms-harness';
import { testClock } from './support/test-clock';

/**
 * Each real provider's health check (provider-health.ts) against its fake on loopback: a read that passes
 * while the provider answers, fails as an outage the gateway counts while it does not, and sends no text.
 */
describe("each provider's health check", () => {
  let twilio: FakeTwilio;
  let aws: FakeAwsSms;
  let sns: ControllableSns;
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    aws = await startFakeAwsSms();
    // The AWS SDK reads the standard environment, as in production.
    for (const [name, value] of Object.entries(fakeAwsSmsEnv(aws))) vi.stubEnv(name, value);
    sns = await startControllableSns();
    database = await createTestDatabase(inject('testDatabaseServerUrl'));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.dispose();
    await Promise.all([twilio?.close(), aws?.close(), sns?.close()]);
    vi.unstubAllEnvs();
  });

  async function primaryOf(name: 'twilio' | 'sns'): Promise<SmsSender> {
    const app = await smsApp({
      database,
      redis: null,
      twilio,
      aws,
      primary: name,
      fallback: false,
      now: testClock().now,
    });
    apps.push(app);
    const [primary] = (app.services.sms as SmsGateway).providers;
    if (!primary?.checkHealth) throw new Error(`${name} has no health check`);
    return primary;
  }

  async function expectOutage(check: Promise<void>) {
    const failure = await check.then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(SmsDeliveryError);
    expect(tellsOfProvider(failure as SmsDeliveryError)).toBe(true);
  }

  it('Twilio: reads the account, and an outage fails it', async () => {
    const provider = await primaryOf('twilio');
    const texted = twilio.messages().length;
    await provider.checkHealth?.();
    twilio.setMode({ kind: 'outage' });
    try {
      await expectOutage(provider.checkHealth?.() ?? Promise.resolve());
    } finally {
      twilio.setMode({ kind: 'ok' });
    }
    expect(twilio.messages().length).toBe(texted);
  });

  it('AWS End User Messaging: reads the configuration set, and an outage fails it', async () => {
    const provider = await primaryOf('sns');
    const texted = aws.texts().length;
    await provider.checkHealth?.();
    aws.setMode({ kind: 'outage' });
    try {
      await expectOutage(provider.checkHealth?.() ?? Promise.resolve());
    } finally {
      aws.setMode({ kind: 'ok' });
    }
    expect(aws.texts().length).toBe(texted);
  });

  it("SNS: reads the account's SMS attributes, and an outage fails it", async () => {
    const provider = new SnsSmsSender({
      client: new SNSClient({
        endpoint: sns.url,
        region: 'us-east-1',
        credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'example-secret' },
        maxAttempts: 1,
      }),
    });
    try {
      await provider.checkHealth();
      sns.setMode({ kind: 'fail' });
      await expectOutage(provider.checkHealth());
    } finally {
      sns.setMode({ kind: 'ok' });
      provider.close();
    }
    expect(sns.accepted()).toHaveLength(0);
    expect(sns.refusedCount()).toBe(0);
  });
});
