import type { Redis, Result } from 'ioredis';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    smsPaceTake(key: string, intervalMs: number, maxAheadMs: number): Result<[number, number], Context>;
  }
}

/**
 * Who a text is for, as the schedule sees it: `prompt` texts (codes, the answer to a reply) have somebody
 * waiting for them; `bulk` texts (rating texts) are due over hours and take the slots prompt texts leave.
 */
export type PaceClass = 'prompt' | 'bulk';

/**
 * The longest a prompt text waits for its slot. Past it the text is refused instead of queued: a person
 * staring at a spinner for longer is worse off than one told to try again, and a queue that grows with the
 * load is what made codes wait without bound.
 */
export const PROMPT_MAX_WAIT_MS = 1_000;

/** `granted`: the slot is booked and comes in `waitMs`. Not granted: nothing was booked; a slot this class may book frees up in `retryInMs`. */
export type PaceVerdict = { granted: true; waitMs: number } | { granted: false; retryInMs: number };

/**
 * Spaces texts to one provider at its configured throughput (messages per second, as 10DLC and toll-free
 * numbers are rated), across every instance together, in one schedule per provider. A prompt text books
 * the next free slot when it comes within PROMPT_MAX_WAIT_MS, and is refused otherwise; a bulk text books
 * one only when the schedule is free within one slot, so it never stands in front of more than one slot's
 * worth of prompt texts, and under a stream of prompt texts it waits until they leave room. A provider's
 * own 429 is handled by the gateway and the dispatcher; this keeps us from causing it.
 */
export interface SendPacer {
  reserve(provider: string, paceClass: PaceClass): Promise<PaceVerdict>;
}

/**
 * The slot schedule (a generic cell rate algorithm) in one script, on Redis's clock so that instances with
 * skewed clocks share one schedule: `tat` is the time the next slot is free. A text books the slot only
 * when it lies at most `maxAhead` milliseconds away; otherwise the script books nothing and answers how
 * long until it would. Replies {1, wait} or {0, retryIn}.
 */
const TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local interval = tonumber(ARGV[1])
local maxAhead = tonumber(ARGV[2])
if tat - now > maxAhead then return {0, tat - now - maxAhead} end
redis.call('SET', KEYS[1], tat + interval, 'PX', tat + interval - now + 1000)
return {1, tat - now}
`;

export class RedisSendPacer implements SendPacer {
  private readonly fallback: MemorySendPacer;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly perSecond: (provider: string) => number,
    private readonly onRedisError: (error: unknown) => void,
  ) {
    redis.defineCommand('smsPaceTake', { numberOfKeys: 1, lua: TAKE_SCRIPT });
    this.fallback = new MemorySendPacer(perSecond);
  }

  async reserve(provider: string, paceClass: PaceClass): Promise<PaceVerdict> {
    const interval = intervalMs(this.perSecond(provider));
    try {
      const [granted, ms] = await this.redis.smsPaceTake(
        `${this.prefix}sms-pace:${provider}`,
        interval,
        maxAheadMs(paceClass, interval),
      );
      return granted === 1 ? { granted: true, waitMs: ms } : { granted: false, retryInMs: ms };
    } catch (error) {
      // Redis away: this instance paces alone rather than stopping every text.
      this.onRedisError(error);
      return this.fallback.reserve(provider, paceClass);
    }
  }
}

/** The in-process twin, for the embedded default (one instance). */
export class MemorySendPacer implements SendPacer {
  private readonly nextFree = new Map<string, number>();

  constructor(
    private readonly perSecond: (provider: string) => number,
    private readonly clock: () => number = Date.now,
  ) {}

  async reserve(provider: string, paceClass: PaceClass): Promise<PaceVerdict> {
    const now = this.clock();
    const interval = intervalMs(this.perSecond(provider));
    const slot = Math.max(this.nextFree.get(provider) ?? 0, now);
    const ahead = slot - now - maxAheadMs(paceClass, interval);
    if (ahead > 0) return { granted: false, retryInMs: ahead };
    this.nextFree.set(provider, slot + interval);
    return { granted: true, waitMs: slot - now };
  }
}

function maxAheadMs(paceClass: PaceClass, interval: number) {
  return paceClass === 'prompt' ? PROMPT_MAX_WAIT_MS : interval;
}

function intervalMs(perSecond: number) {
  return Math.max(1, Math.round(1000 / perSecond));
}
