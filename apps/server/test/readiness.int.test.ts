import { notifications, ratings } from '@exrated/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleSmsSender } from '../src/services/sms/console-sms-sender';
import type { SmsMessage, SmsSendResult } from '../src/services/sms/sms-sender';
import { waitFor } from './support/processes';
import { createTestApp, type TestApp } from './support/test-app';

/** A console sender whose sends wait until the test lets them go: a provider call that never returns. */
class HangingSms extends ConsoleSmsSender {
  private release: () => void = () => {};
  private gate = new Promise<void>((resolve) => {
    this.release = resolve;
  });

  constructor() {
    super(() => {});
  }

  override async send(message: SmsMessage): Promise<SmsSendResult> {
    await this.gate;
    return super.send(message);
  }

  letGo() {
    this.release();
  }
}

const sms = new HangingSms();
let t: TestApp;

beforeAll(async () => {
  // The dispatcher's timer runs every 50 ms; a run older than 400 ms counts as stuck.
  t = await createTestApp({
    env: { DISPATCHER_INTERVAL_MS: '50', DISPATCHER_STUCK_AFTER_MS: '400' },
    overrides: { sms },
  });
});

afterAll(async () => {
  sms.letGo();
  await t?.close();
});

const readiness = async () => {
  const reply = await t.http({ method: 'GET', url: '/readyz' });
  return { status: reply.statusCode, body: reply.json() as { checks: Record<string, string> } };
};

describe('readiness and the notification dispatcher', () => {
  it('fails while a dispatcher run is stuck, recovers when it ends, and liveness never depends on it', async () => {
    expect(await readiness()).toMatchObject({
      status: 200,
      body: { checks: { database: 'ok', dispatcher: 'ok' } },
    });

    // A due rating text in the outbox: the timer claims it and its send hangs.
    const [rating] = await t.database.db
      .insert(ratings)
      .values({ name: 'Alex S.', relationshipType: 'serious', phoneNumber: '+14155550151' })
      .returning({ id: ratings.id });
    await t.database.db
      .insert(notifications)
      .values({ ratingId: rating?.id ?? '', message: 'Someone you dated rated your relationship 7/10.' });

    await waitFor('readiness to fail', async () => (await readiness()).status === 503, 5_000);
    expect(await readiness()).toMatchObject({
      status: 503,
      body: { status: 'unavailable', checks: { database: 'ok', dispatcher: 'stuck' } },
    });
    expect((await t.http({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    sms.letGo();
    await waitFor('readiness to come back', async () => (await readiness()).status === 200, 5_000);
    expect(t.sms.outbox().some((text) => text.to === '+14155550151')).toBe(true);
  });
});
