import type { SmsSender } from '../sms/sms-sender';

/** How many recent code texts the typical time is taken from. */
const SAMPLES = 31;

/**
 * How long texting a code takes (the pacer's slot, the attempt's record, the provider's answer), so that a
 * send the number's own ledger refuses answers after as long as one that is texted: the time an answer takes
 * must not tell a stranger that the number was texted a moment ago (docs/anonymity.md#non-interference).
 */
export class CodeTextTimes {
  private readonly recent: number[] = [];

  record(ms: number) {
    this.recent.push(ms);
    if (this.recent.length > SAMPLES) this.recent.shift();
  }

  /** The median of the recent code texts; none yet: no wait. */
  typical(): number {
    if (this.recent.length === 0) return 0;
    const sorted = [...this.recent].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  }
}

// One record per sender, so every request of an instance learns from every code text it sent.
const timesBySender = new WeakMap<SmsSender, CodeTextTimes>();

export function codeTextTimesOf(sender: SmsSender): CodeTextTimes {
  let times = timesBySender.get(sender);
  if (!times) {
    times = new CodeTextTimes();
    timesBySender.set(sender, times);
  }
  return times;
}

/** Waits out a code text's typical time, measured from `startedAt` (performance.now()). */
export async function waitAsLongAsACodeText(sender: SmsSender, startedAt: number): Promise<void> {
  const remaining = codeTextTimesOf(sender).typical() - (performance.now() - startedAt);
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
}
