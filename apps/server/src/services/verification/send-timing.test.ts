import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SmsSender } from '../sms/sms-sender';
import { CodeTextTimes, codeTextTimesOf, waitAsLongAsACodeText } from './send-timing';

describe('the typical time of a code text', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is no wait before any text, then the median of the recent texts', () => {
    const times = new CodeTextTimes();
    expect(times.typical()).toBe(0);
    for (const ms of [40, 10, 30, 20, 500]) times.record(ms);
    expect(times.typical()).toBe(30);
  });

  it('forgets the oldest texts, so it follows the provider as it slows down or speeds up', () => {
    const times = new CodeTextTimes();
    for (let index = 0; index < 31; index++) times.record(5);
    for (let index = 0; index < 16; index++) times.record(80);
    expect(times.typical()).toBe(80);
  });

  it('makes a send that texts nothing answer after as long as a text takes, less the time it took itself', async () => {
    vi.useFakeTimers();
    const sender = { name: 'fake' } as SmsSender;
    codeTextTimesOf(sender).record(120);
    const startedAt = performance.now();
    let done = false;
    const waiting = waitAsLongAsACodeText(sender, startedAt - 20).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(90);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(15);
    await waiting;
    expect(done).toBe(true);
  });
});
