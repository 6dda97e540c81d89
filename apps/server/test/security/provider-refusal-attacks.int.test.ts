// Attacks through a provider that refuses every text for a reason of our account or sender, not of the
// number (docs/anonymity.md#non-interference, docs/sms.md#runbook-provider-outage): such a refusal must count
// as the provider's outage, so a code request the number's ledger answers without a text and one that is
// texted are answered alike.
import { createTestDatabase, type TestDatabase } from '@exrated/db/testing';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { tellsOfProvider } from '../../src/services/sms/provider-health';
import type { SmsGateway } from '../../src/services/sms/sms-gateway';
import { SmsDeliveryError, type SmsSender } from '../../src/services/sms/sms-sender';
import { type AwsMode, type FakeAwsSms, fakeAwsSmsEnv, startFakeAwsSms } from '../support/fake-aws-sms';
import { type FakeTwilio, startFakeTwilio, type TwilioMode } from '../support/fake-twilio';
import { smsApp } from '../support/sms-harness';
import { HttpBrowser, httpOf } from '../support/test-app';
import { testClock } from '../support/test-clock';
import { trpcHttp } from '../support/verification';

const EX = '+12025550290';
const STRANGER_PHONE = '+12025550291';
let twilio: FakeTwilio;
let aws: FakeAwsSms;
let redis: Redis | null;
const databases: TestDatabase[] = [];
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  twilio = await startFakeTwilio();
  aws = await startFakeAwsSms();
  // The AWS SDK reads the standard environment, as in production.
  for (const [name, value] of Object.entries(fakeAwsSmsEnv(aws))) vi.stubEnv(name, value);
  const redisUrl = inject('testRedisUrl');
  redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : null;
});
afterAll(async () => {
  while (apps.length > 0) await apps.pop()?.close();
  for (const database of databases) await database.dispose();
  await redis?.quit();
  await Promise.all([twilio?.close(), aws?.close()]);
  vi.unstubAllEnvs();
});

/** A world texting through one provider alone, with production's waits between codes to one number. */
async function world(primary: 'twilio' | 'sns') {
  const database = await createTestDatabase(inject('testDatabaseServerUrl'));
  databases.push(database);
  const app = await smsApp({ database, redis, twilio, aws, primary, fallback: false, now: testClock().now });
  apps.push(app);
  return app;
}

function send(app: FastifyInstance, phone: string, ip: string) {
  const http = httpOf(() => app);
  return trpcHttp(
    { http: (options, browser) => http.http({ ...options, remoteAddress: ip }, browser) },
    new HttpBrowser(),
    'mutation',
    'verification.send',
    { phoneNumber: phone },
  );
}

type Refusal = { provider: 'twilio'; mode: TwilioMode } | { provider: 'sns'; mode: AwsMode };

function refuseWith(refusal: Refusal) {
  if (refusal.provider === 'twilio') twilio.setMode(refusal.mode);
  else aws.setMode(refusal.mode);
}

/** The stranger sees their own code fail, then asks for the number's. */
async function probeDuringRefusals(app: FastifyInstance, ip: string, refusal: Refusal) {
  refuseWith(refusal);
  try {
    const own = await send(app, STRANGER_PHONE, ip);
    const probe = await send(app, EX, ip);
    return [own, probe].map((reply) => ({ status: reply.status, body: reply.response.json() as unknown }));
  } finally {
    twilio.setMode({ kind: 'ok' });
    aws.setMode({ kind: 'ok' });
  }
}

const REFUSALS: Array<[string, Refusal]> = [
  ["Twilio 21611 (the From number's queue is full)", { provider: 'twilio', mode: refusing(21611) }],
  ['Twilio 21606 (a From number that cannot send)', { provider: 'twilio', mode: refusing(21606) }],
  ['Twilio 21212 (an invalid From number)', { provider: 'twilio', mode: refusing(21212) }],
  [
    "End User Messaging's spending limit",
    {
      provider: 'sns',
      mode: {
        kind: 'refuse',
        type: 'ServiceQuotaExceededException',
        reason: 'MONTHLY_SPEND_LIMIT_REACHED_FOR_TEXT',
      },
    },
  ],
];

function refusing(code: number): TwilioMode {
  return { kind: 'refuse', status: 400, code };
}

describe('a provider that refuses every text for a reason of ours', () => {
  // Read as a refusal of the number, such an error never marked the provider down: a texted request answered
  // 502 and one the number's ledger answered without a text 200, so a stranger who saw their own code fail
  // learnt whether the number's owner had asked for a code within the wait.
  it.each(REFUSALS)(
    'answers the stranger the same whether or not the owner just asked: %s',
    async (_name, refusal) => {
      const plain = await world(refusal.provider);
      const seenPlain = await probeDuringRefusals(plain, '203.0.113.241', refusal);
      expect(seenPlain[0]?.status).toBe(502);

      const withSecret = await world(refusal.provider);
      expect((await send(withSecret, EX, '198.51.100.60')).status).toBe(200);
      const seenWithSecret = await probeDuringRefusals(withSecret, '203.0.113.242', refusal);
      expect(seenWithSecret).toEqual(seenPlain);
    },
    30_000,
  );
});

describe("the senders' reading of a refusal", () => {
  async function senderOf(primary: 'twilio' | 'sns'): Promise<SmsSender> {
    const [sender] = ((await world(primary)).services.sms as SmsGateway).providers;
    if (!sender) throw new Error(`no ${primary} sender`);
    return sender;
  }

  async function refusalOf(sender: SmsSender, refusal: Refusal) {
    refuseWith(refusal);
    try {
      const failure = await sender.send({ to: EX, body: 'Your code is 123456', kind: 'verification' }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(SmsDeliveryError);
      return failure as SmsDeliveryError;
    } finally {
      twilio.setMode({ kind: 'ok' });
      aws.setMode({ kind: 'ok' });
    }
  }

  it("counts Twilio's errors of our account and sender as the provider's, and the number's as the number's", async () => {
    const sender = await senderOf('twilio');
    for (const code of [10001, 20005, 21212, 21603, 21606, 21609, 21611, 21660, 21661, 21701, 21703, 21705]) {
      const error = await refusalOf(sender, { provider: 'twilio', mode: refusing(code) });
      expect({ code, ours: tellsOfProvider(error) }).toEqual({ code, ours: true });
    }
    for (const code of [21211, 21408, 21610, 21612, 21614, 30007]) {
      const error = await refusalOf(sender, { provider: 'twilio', mode: refusing(code) });
      expect({ code, ours: tellsOfProvider(error) }).toEqual({ code, ours: false });
    }
  });

  it("counts End User Messaging's errors of our account and setup as the provider's", async () => {
    const sender = await senderOf('sns');
    const ours: AwsMode[] = [
      {
        kind: 'refuse',
        type: 'ServiceQuotaExceededException',
        reason: 'MONTHLY_SPEND_LIMIT_REACHED_FOR_TEXT',
      },
      { kind: 'refuse', type: 'AccessDeniedException', reason: 'ACCOUNT_DISABLED' },
      { kind: 'refuse', type: 'ResourceNotFoundException' },
      { kind: 'refuse', type: 'ConflictException', reason: 'NO_ORIGINATION_IDENTITIES_FOUND' },
    ];
    for (const mode of ours) {
      expect({ mode, ours: tellsOfProvider(await refusalOf(sender, { provider: 'sns', mode })) }).toEqual({
        mode,
        ours: true,
      });
    }
    const validation = await refusalOf(sender, {
      provider: 'sns',
      mode: { kind: 'refuse', type: 'ValidationException', reason: 'CANNOT_PARSE' },
    });
    expect(tellsOfProvider(validation)).toBe(false);
    // A number on the opt-out list (a STOP reply AWS keeps) is the number's, answered as Twilio's 21610 is.
    const optedOut = await refusalOf(sender, {
      provider: 'sns',
      mode: { kind: 'refuse', type: 'ConflictException', reason: 'DESTINATION_PHONE_NUMBER_OPTED_OUT' },
    });
    expect({ optedOut: optedOut.optedOut, ours: tellsOfProvider(optedOut) }).toEqual({
      optedOut: true,
      ours: false,
    });
  });
});
