import { describe, expect, it } from 'vitest';
import { MemorySendPacer } from './send-pacer';

describe('MemorySendPacer', () => {
  it('spaces texts to one provider at its rate and keeps providers apart', async () => {
    let now = 1_000_000;
    const pacer = new MemorySendPacer(
      (provider) => (provider === 'twilio' ? 4 : 10),
      () => now,
    );
    expect(await pacer.reserve('twilio')).toBe(0);
    expect(await pacer.reserve('twilio')).toBe(250);
    expect(await pacer.reserve('twilio')).toBe(500);
    expect(await pacer.reserve('sns')).toBe(0);
    expect(await pacer.reserve('sns')).toBe(100);
    // Idle time is not saved up: after a pause the next text waits for nothing, the one after it a slot.
    now += 10_000;
    expect(await pacer.reserve('twilio')).toBe(0);
    expect(await pacer.reserve('twilio')).toBe(250);
  });
});
