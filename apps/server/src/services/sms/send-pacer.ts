import type { Redis, Result } from 'ioredis';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    smsPaceTake(key: string, intervalMs: number): Result<number, Context>;
  }
}

/**
 * Spaces texts to one provider at its configured throughput (messages per second, as 10DLC and toll-free
 * numbers are rated), across every instance together: each text reserves the next free slot and waits until
 * it comes. A provider's own 429 is handled by the dispatcher; this keeps us from causing it.
 */
export interface SendPacer {
  /** Milliseconds to wait before this text may go to `provider`. */
  reserve(provider: string): Promise<number>;
}

/**
 * The slot schedule (a generic cell rate algorithm) in one script, on Redis's clock so that instances with
 * skewed clocks share one schedule: `tat` is the time the next slot is free.
 */
const TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local interval = tonumber(ARGV[1])
redis.call('SET', KEYS[1], tat + interval, 'PX', tat + interval - now + 1000)
return tat - now
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

  async reserve(provider: string): Promise<number> {
    try {
      return await this.redis.smsPaceTake(
        `${this.prefix}sms-pace:${provider}`,
        intervalMs(this.perSecond(provider)),
      );
    } catch (error) {
      // Redis away: this instance paces alone rather than stopping every text.
      this.onRedisError(error);
      return this.fallback.reserve(provider);
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

  async reserve(provider: string): Promise<number> {
    const now = this.clock();
    const slot = Math.max(this.nextFree.get(provider) ?? 0, now);
    this.nextFree.set(provider, slot + intervalMs(this.perSecond(provider)));
    return slot - now;
  }
}

function intervalMs(perSecond: number) {
  return Math.max(1, Math.round(1000 / perSecond));
}
