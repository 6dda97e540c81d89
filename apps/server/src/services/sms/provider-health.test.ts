import { describe, expect, it } from 'vitest';
import { HEALTH_WATCH_MS, ProviderHealth, tellsOfProvider } from './provider-health';
import { PHONE_FORMAT_NOT_SUPPORTED, PROVIDER_REFUSED, PROVIDER_UNREACHABLE } from './sms-errors';
import { SmsDeliveryError } from './sms-sender';

const unreachable = new SmsDeliveryError(PROVIDER_UNREACHABLE, { kind: 'unreachable' });

/** A health with a clock the test moves and a check the test answers. */
function healthUnderTest() {
  let now = 0;
  let checkPasses = true;
  let checks = 0;
  const changes: boolean[] = [];
  const health = new ProviderHealth(
    async () => {
      checks += 1;
      if (!checkPasses) throw unreachable;
    },
    (up) => changes.push(up),
    () => now,
  );
  return {
    health,
    changes,
    checks: () => checks,
    advance: (ms: number) => {
      now += ms;
    },
    setCheck: (passes: boolean) => {
      checkPasses = passes;
    },
  };
}

describe('which failures tell of the provider', () => {
  it('counts unreachable, lost answers and refused credentials, never a refusal of one number', () => {
    expect(tellsOfProvider(unreachable)).toBe(true);
    expect(tellsOfProvider(new SmsDeliveryError(PROVIDER_UNREACHABLE, { kind: 'unknown' }))).toBe(true);
    expect(tellsOfProvider(new SmsDeliveryError(PROVIDER_REFUSED, { accountRefused: true }))).toBe(true);
    expect(tellsOfProvider(new SmsDeliveryError(PROVIDER_REFUSED, { errorCode: '30007' }))).toBe(false);
    expect(
      tellsOfProvider(new SmsDeliveryError(PHONE_FORMAT_NOT_SUPPORTED, { invalidNumberFormat: true })),
    ).toBe(false);
    expect(tellsOfProvider(new SmsDeliveryError(PROVIDER_REFUSED, { optedOut: true }))).toBe(false);
    expect(tellsOfProvider(new SmsDeliveryError(PROVIDER_REFUSED, { kind: 'throttled' }))).toBe(false);
  });
});

describe('a provider health', () => {
  it('is up without asking, and a refusal of one number leaves it up', async () => {
    const { health, checks } = healthUnderTest();
    health.failed(new SmsDeliveryError(PHONE_FORMAT_NOT_SUPPORTED, { invalidNumberFormat: true }));
    expect(await health.usable()).toBe(true);
    expect(checks()).toBe(0);
  });

  it('goes down on a failure that tells of the provider and comes back when its check passes', async () => {
    const { health, changes, checks, setCheck } = healthUnderTest();
    health.failed(unreachable);
    setCheck(false);
    expect(await health.usable()).toBe(false);
    expect(await health.usable()).toBe(false);
    expect(checks()).toBe(2);
    setCheck(true);
    expect(await health.usable()).toBe(true);
    expect(changes).toEqual([false, true]);
  });

  it('asks one check for requests that come together', async () => {
    const { health, checks } = healthUnderTest();
    health.failed(unreachable);
    expect(await Promise.all([health.usable(), health.usable(), health.usable()])).toEqual([
      true,
      true,
      true,
    ]);
    expect(checks()).toBe(1);
  });

  it('trusts a passing check less each time texts fail right after it', async () => {
    const { health, checks, advance } = healthUnderTest();
    health.failed(unreachable);
    expect(await health.usable()).toBe(true);
    // Reading works, sending does not: the next check waits a second, then two, then four.
    for (const waitMs of [1_000, 2_000, 4_000]) {
      health.failed(unreachable);
      const before = checks();
      advance(waitMs - 1);
      expect(await health.usable()).toBe(false);
      expect(checks()).toBe(before);
      advance(1);
      expect(await health.usable()).toBe(true);
    }
    // A text that goes through ends it: the next outage is checked at once.
    health.sent();
    health.failed(unreachable);
    expect(await health.usable()).toBe(true);
  });

  it('asks a provider that refused a text for a reason of our account only after a wait', async () => {
    const { health, checks, advance } = healthUnderTest();
    health.failed(new SmsDeliveryError(PROVIDER_REFUSED, { errorCode: '21611', accountRefused: true }));
    // Its reads most likely work while its sends do not: a check at once would prove nothing.
    advance(999);
    expect(await health.usable()).toBe(false);
    expect(checks()).toBe(0);
    advance(1);
    expect(await health.usable()).toBe(true);
    expect(checks()).toBe(1);
  });

  it('checks a provider nothing was heard from while up, and a failed check takes it down', async () => {
    const { health, checks, advance, setCheck } = healthUnderTest();
    await health.watch();
    expect(checks()).toBe(0);
    advance(HEALTH_WATCH_MS);
    setCheck(false);
    await health.watch();
    expect(checks()).toBe(1);
    // Down: the next code request checks again at once.
    expect(await health.usable()).toBe(false);
    expect(checks()).toBe(2);
    setCheck(true);
    expect(await health.usable()).toBe(true);
    // A text heard from counts as news: no check until the watch's time passes again.
    health.sent();
    advance(HEALTH_WATCH_MS - 1);
    await health.watch();
    expect(checks()).toBe(3);
  });
});
