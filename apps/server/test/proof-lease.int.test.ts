import { randomBytes } from 'node:crypto';
import { doNotRateNumbers, smsOptOuts } from '@exrated/db/schema';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { PROOF_LEASE_MS, RECONFIRM_NUMBER } from '../src/services/sessions/proof-lease';
import { WEBHOOK_PATHS } from '../src/services/sms/sms-providers';
import { twilioSignature } from '../src/services/sms/webhooks/twilio-signature';
import { type Actor, actorsOf } from './support/actors';
import { FAKE_TWILIO_FROM, FAKE_TWILIO_SID, FAKE_TWILIO_TOKEN } from './support/fake-twilio';
import { NO_RESEND_WAITS, UNCAPPED_LIMITS_ENV, useTestApp } from './support/test-app';
import { testClock } from './support/test-clock';
import { latestCode, type TrpcHttpReply } from './support/verification';

/**
 * A proof is a lease (docs/security.md#sessions): what hands a number's protection or its data to whoever
 * holds the session (the export, deletion, 'Do not rate me' off, texts back on) needs a code entered in that
 * session within the last PROOF_LEASE_MS, and proving the number in another browser ends the power of every
 * earlier session over it. The attacker read one code from the owner's phone (a lent phone, a recycled
 * number); owner and attacker are browsers of their own behind addresses of their own.
 */

const clock = testClock();
const t = useTestApp({
  // Texts go to the test's outbox; the Twilio credentials only sign the replies the number sends us.
  env: {
    ...UNCAPPED_LIMITS_ENV,
    TRUST_PROXY: 'true',
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: FAKE_TWILIO_SID,
    TWILIO_AUTH_TOKEN: FAKE_TWILIO_TOKEN,
    TWILIO_FROM: FAKE_TWILIO_FROM,
  },
  codeStoreOptions: NO_RESEND_WAITS,
  overrides: { now: clock.now },
});
const { actor, prove } = actorsOf(t, (phone) => latestCode(t, phone));

afterEach(() => clock.reset());

let line = 0;
function newPhone() {
  line += 1;
  return `+1415552${String(line).padStart(4, '0')}`;
}

/** A text from `phone` to our number, as Twilio posts it to the inbound webhook. */
async function textFrom(phone: string, body: string) {
  const params = new URLSearchParams({
    AccountSid: FAKE_TWILIO_SID,
    Body: body,
    From: phone,
    MessageSid: `SM${randomBytes(16).toString('hex')}`,
    To: FAKE_TWILIO_FROM,
  });
  const signature = twilioSignature(
    FAKE_TWILIO_TOKEN,
    `${t.config.publicUrl}${WEBHOOK_PATHS.twilioInbound}`,
    params,
  );
  const response = await t.http({
    method: 'POST',
    url: WEBHOOK_PATHS.twilioInbound,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    payload: params.toString(),
  });
  expect(response.statusCode).toBe(200);
}

function expectReconfirm(reply: TrpcHttpReply) {
  expect(reply.error?.data.code).toBe('FORBIDDEN');
  expect(reply.error?.message).toBe(RECONFIRM_NUMBER);
  expect(reply.error?.data.reconfirmNumber).toBe(true);
}

async function switches(phone: string) {
  const db = t.database.db;
  const [optOuts, doNotRate] = await Promise.all([
    db.select().from(smsOptOuts).where(eq(smsOptOuts.phoneNumber, phone)),
    db.select().from(doNotRateNumbers).where(eq(doNotRateNumbers.phoneNumber, phone)),
  ]);
  return { optedOut: optOuts.length > 0, doNotRate: doNotRate.length > 0 };
}

/** Every step that loosens the number's protection or hands over its data, as `person` would try it. */
async function loosenEverything(person: Actor) {
  return {
    doNotRateOff: await person.call('profile.setDoNotRate', { doNotRate: false }),
    textsOn: await person.call('profile.setTextsOptIn', { optIn: true }),
    exported: await person.call('profile.exportData'),
    deleted: await person.call('profile.deleteAccount'),
  };
}

describe('a proof goes stale', () => {
  it(`asks for a fresh code past ${PROOF_LEASE_MS / 60_000} minutes before loosening anything, and tightening needs none`, async () => {
    const phone = newPhone();
    const owner = actor('192.0.2.81', 'owner-agent-stale');
    await prove(owner, phone);
    clock.advance(PROOF_LEASE_MS + 1000);

    // Tightening stays open to the proven owner: it protects the number whoever asks.
    expect((await owner.call('profile.setDoNotRate', { doNotRate: true })).error).toBeNull();
    expect((await owner.call('profile.setTextsOptIn', { optIn: false })).error).toBeNull();
    const stale = await loosenEverything(owner);
    for (const reply of Object.values(stale)) expectReconfirm(reply);
    expect(await switches(phone)).toEqual({ optedOut: true, doNotRate: true });
    // The session is still proven: its profile and received ratings stay readable.
    expect((await owner.query('profile.me')).data).toMatchObject({ isVerified: true, phoneNumber: phone });

    // A fresh code in the same browser renews the lease.
    await prove(owner, phone);
    expect((await owner.call('profile.setDoNotRate', { doNotRate: false })).error).toBeNull();
    expect((await owner.call('profile.setTextsOptIn', { optIn: true })).error).toBeNull();
    expect((await owner.call('profile.exportData')).error).toBeNull();
    expect(await switches(phone)).toEqual({ optedOut: false, doNotRate: false });
  });
});

describe("a stale session spends none of the number's allowance", () => {
  it("refuses its exports without counting them, so the owner's own export still goes through", async () => {
    const phone = newPhone();
    const attacker = actor('198.51.100.82', 'attacker-agent-allowance');
    await prove(attacker, phone);
    clock.advance(PROOF_LEASE_MS + 1000);
    // More tries than the number's daily exports (5): each is told to confirm the number, none is counted.
    for (let attempt = 0; attempt < 7; attempt += 1)
      expectReconfirm(await attacker.call('profile.exportData'));

    const owner = actor('192.0.2.82', 'owner-agent-allowance');
    await prove(owner, phone);
    expect((await owner.call('profile.exportData')).error).toBeNull();
  });
});

describe('proving the number in another browser ends the earlier sessions', () => {
  it('leaves a session that once read a code with no power over the number, even within its lease', async () => {
    const phone = newPhone();
    const attacker = actor('198.51.100.81', 'attacker-agent');
    const owner = actor('192.0.2.82', 'owner-agent-own-device');
    // The attacker read one code from the owner's phone; then the owner proves it on their own device and
    // protects the number.
    await prove(attacker, phone);
    await prove(owner, phone);
    expect((await owner.call('profile.setDoNotRate', { doNotRate: true })).error).toBeNull();
    expect((await owner.call('profile.setTextsOptIn', { optIn: false })).error).toBeNull();

    const tried = await loosenEverything(attacker);
    for (const reply of Object.values(tried)) expect(reply.error?.data.code).toBe('UNAUTHORIZED');
    expect(await switches(phone)).toEqual({ optedOut: true, doNotRate: true });
    expect((await attacker.query('profile.me')).data).toMatchObject({ isVerified: false });
    expect((await attacker.query('profile.ratingsReceived')).error?.data.code).toBe('UNAUTHORIZED');

    // The owner's account is whole.
    expect((await owner.call('profile.exportData')).error).toBeNull();
    expect((await owner.query('profile.me')).data).toMatchObject({ isVerified: true, phoneNumber: phone });
  });
});

describe('a STOP reply from the number ends every session over it', () => {
  it('leaves no session able to turn texts back on; only START or a fresh code does', async () => {
    const phone = newPhone();
    const attacker = actor('198.51.100.83', 'attacker-agent-stop');
    const owner = actor('192.0.2.83', 'owner-agent-stop');
    await prove(owner, phone);
    await prove(attacker, phone);
    // The attacker's proof ended the owner's session; the owner replies STOP to the texts that follow.
    await textFrom(phone, 'STOP');
    expect(await switches(phone)).toMatchObject({ optedOut: true });

    for (const person of [attacker, owner]) {
      expect((await person.call('profile.setTextsOptIn', { optIn: true })).error?.data.code).toBe(
        'UNAUTHORIZED',
      );
      expect((await person.query('profile.me')).data).toMatchObject({ isVerified: false });
    }
    expect(await switches(phone)).toMatchObject({ optedOut: true });

    // START from the number undoes it.
    await textFrom(phone, 'START');
    expect(await switches(phone)).toMatchObject({ optedOut: false });

    // So does a fresh code: the owner proves again and turns texts back on.
    await textFrom(phone, 'STOP');
    await prove(owner, phone);
    expect((await owner.call('profile.setTextsOptIn', { optIn: true })).error).toBeNull();
    expect(await switches(phone)).toMatchObject({ optedOut: false });
  });

  it('ends a session inside its lease', async () => {
    const phone = newPhone();
    const owner = actor('192.0.2.84', 'owner-agent-stop-lease');
    await prove(owner, phone);
    await textFrom(phone, 'STOP');
    const tried = await loosenEverything(owner);
    for (const reply of Object.values(tried)) expect(reply.error?.data.code).toBe('UNAUTHORIZED');
  });
});
