import { describe, expect, it } from 'vitest';
import { MemorySendPacer, PROMPT_MAX_WAIT_MS } from './send-pacer';

describe('MemorySendPacer', () => {
  it('spaces texts to one provider at its rate and keeps providers apart', async () => {
    let now = 1_000_000;
    const pacer = new MemorySendPacer(
      (provider) => (provider === 'twilio' ? 4 : 10),
      () => now,
    );
    expect(await pacer.reserve('twilio', 'prompt')).toEqual({ granted: true, waitMs: 0 });
    expect(await pacer.reserve('twilio', 'prompt')).toEqual({ granted: true, waitMs: 250 });
    expect(await pacer.reserve('twilio', 'prompt')).toEqual({ granted: true, waitMs: 500 });
    expect(await pacer.reserve('sns', 'prompt')).toEqual({ granted: true, waitMs: 0 });
    expect(await pacer.reserve('sns', 'prompt')).toEqual({ granted: true, waitMs: 100 });
    // Idle time is not saved up: after a pause the next text waits for nothing, the one after it a slot.
    now += 10_000;
    expect(await pacer.reserve('twilio', 'prompt')).toEqual({ granted: true, waitMs: 0 });
    expect(await pacer.reserve('twilio', 'prompt')).toEqual({ granted: true, waitMs: 250 });
  });

  it('books a prompt text at most the bound ahead and refuses it past that, booking nothing', async () => {
    const now = 1_000_000;
    const pacer = new MemorySendPacer(
      () => 20,
      () => now,
    );
    const verdicts = [];
    for (let n = 0; n < 30; n += 1) verdicts.push(await pacer.reserve('sns', 'prompt'));
    // 20 a second: slots 0, 50, ... 1000 ms are within the bound, the 22nd text would wait 1050 ms.
    expect(verdicts.slice(0, 21).every((verdict) => verdict.granted)).toBe(true);
    expect(verdicts.slice(0, 21).at(-1)).toEqual({ granted: true, waitMs: PROMPT_MAX_WAIT_MS });
    expect(verdicts.slice(21)).toEqual(Array(9).fill({ granted: false, retryInMs: 50 }));
  });

  it('gives a rating text only a slot free within one interval, so codes keep the near slots', async () => {
    let now = 1_000_000;
    const pacer = new MemorySendPacer(
      () => 20,
      () => now,
    );
    expect(await pacer.reserve('sns', 'bulk')).toEqual({ granted: true, waitMs: 0 });
    expect(await pacer.reserve('sns', 'bulk')).toEqual({ granted: true, waitMs: 50 });
    // Two slots ahead already: a third rating text is told when to come back, and books nothing.
    expect(await pacer.reserve('sns', 'bulk')).toEqual({ granted: false, retryInMs: 50 });
    // A burst of codes fills the next second; rating texts get nothing until it has passed.
    for (let n = 0; n < 19; n += 1) expect((await pacer.reserve('sns', 'prompt')).granted).toBe(true);
    expect(await pacer.reserve('sns', 'bulk')).toEqual({ granted: false, retryInMs: 1000 });
    // The code behind a rating text waits for at most the rating texts booked within one interval.
    now += 1050;
    expect(await pacer.reserve('sns', 'bulk')).toEqual({ granted: true, waitMs: 0 });
    expect(await pacer.reserve('sns', 'prompt')).toEqual({ granted: true, waitMs: 50 });
  });
});
