import type { Redis, Result } from 'ioredis';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    rateLimitHit(key: string, windowMs: number): Result<[number, number], Context>;
    rateLimitHitInOrder(...keysThenArgs: (string | number)[]): Result<Array<[number, number]>, Context>;
    rateLimitRefund(numberOfKeys: number, ...keys: string[]): Result<number, Context>;
  }
}

export interface RateLimitRule {
  /** Hits allowed inside one window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the window resets (and the key may be used again). */
  retryAfterSeconds: number;
}

/**
 * One helper serves every cap of the product (docs/security.md, Limits): fixed windows keyed by what is
 * limited ('verification-send:phone:+1555...'). Redis-backed in production so every instance shares the
 * counts; the in-process twin has the same semantics for the embedded default.
 */
export interface RateLimitHit {
  key: string;
  rule: RateLimitRule;
}

export interface RateLimiter {
  hit(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
  /**
   * Counts the hits in order and stops at the first one that is over its limit: the results end there, and
   * the caps after it are not counted. One round trip for several caps of one request.
   */
  hitInOrder(hits: readonly RateLimitHit[]): Promise<RateLimitResult[]>;
  /** Reads the current count without counting a hit. */
  peek(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
  /** Drops counts (a cap keyed on a number whose owner deleted their account). */
  reset(keys: readonly string[]): Promise<void>;
  /**
   * Takes one counted hit back from each key (a text that was counted and then never left): the window's
   * end stays as it was, and a count never goes below zero.
   */
  refund(keys: readonly string[]): Promise<void>;
}

// INCR and the first PEXPIRE in one script: a crash between the two can never leave a counter without expiry.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

// HIT_SCRIPT over several keys (ARGV: window ms and limit per key), stopping after the first refused one.
// The keys of one call must live on one node if Redis is ever clustered (hash tags).
const HIT_IN_ORDER_SCRIPT = `
local results = {}
for i, key in ipairs(KEYS) do
  local window = ARGV[2 * i - 1]
  local count = redis.call('INCR', key)
  if count == 1 then redis.call('PEXPIRE', key, window) end
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then redis.call('PEXPIRE', key, window); ttl = tonumber(window) end
  results[i] = {count, ttl}
  if count > tonumber(ARGV[2 * i]) then break end
end
return results
`;

// DECR keeps the key's expiry; a key that expired in between is left alone.
const REFUND_SCRIPT = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 0
`;

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    // Defined commands travel as EVALSHA (the script's text once per connection), not the whole script per call.
    redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    redis.defineCommand('rateLimitHitInOrder', { lua: HIT_IN_ORDER_SCRIPT });
    redis.defineCommand('rateLimitRefund', { lua: REFUND_SCRIPT });
  }

  async hit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const [count, ttl] = await this.redis.rateLimitHit(this.key(key), rule.windowSeconds * 1000);
    return toResult(count, ttl, rule);
  }

  async hitInOrder(hits: readonly RateLimitHit[]): Promise<RateLimitResult[]> {
    const reply = await this.redis.rateLimitHitInOrder(
      hits.length,
      ...hits.map((hit) => this.key(hit.key)),
      ...hits.flatMap((hit) => [hit.rule.windowSeconds * 1000, hit.rule.limit]),
    );
    return reply.map(([count, ttl], index) => toResult(count, ttl, (hits[index] as RateLimitHit).rule));
  }

  async peek(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const [[, count], [, ttl]] = (await this.redis.multi().get(this.key(key)).pttl(this.key(key)).exec()) as [
      [null, string | null],
      [null, number],
    ];
    return toResult(Number(count ?? 0), ttl, rule, false);
  }

  async reset(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.redis.del(...keys.map((key) => this.key(key)));
  }

  async refund(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.redis.rateLimitRefund(keys.length, ...keys.map((key) => this.key(key)));
  }

  private key(key: string) {
    return `${this.prefix}rl:${key}`;
  }
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const window = this.current(key, rule);
    window.count += 1;
    return toResult(window.count, window.resetAt - this.now(), rule);
  }

  async hitInOrder(hits: readonly RateLimitHit[]): Promise<RateLimitResult[]> {
    const results: RateLimitResult[] = [];
    for (const { key, rule } of hits) {
      const result = await this.hit(key, rule);
      results.push(result);
      if (!result.allowed) break;
    }
    return results;
  }

  async peek(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= this.now()) return toResult(0, -2, rule, false);
    return toResult(window.count, window.resetAt - this.now(), rule, false);
  }

  async reset(keys: readonly string[]): Promise<void> {
    for (const key of keys) this.windows.delete(key);
  }

  async refund(keys: readonly string[]): Promise<void> {
    const now = this.now();
    for (const key of keys) {
      const window = this.windows.get(key);
      if (window && window.resetAt > now && window.count > 0) window.count -= 1;
    }
  }

  private current(key: string, rule: RateLimitRule) {
    const now = this.now();
    const existing = this.windows.get(key);
    if (existing && existing.resetAt > now) return existing;
    if (this.windows.size > 50_000) this.sweep(now);
    const fresh = { count: 0, resetAt: now + rule.windowSeconds * 1000 };
    this.windows.set(key, fresh);
    return fresh;
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

function toResult(count: number, ttlMs: number, rule: RateLimitRule, counting = true): RateLimitResult {
  const retryAfterSeconds = ttlMs > 0 ? Math.ceil(ttlMs / 1000) : rule.windowSeconds;
  const allowed = counting ? count <= rule.limit : count < rule.limit;
  return { allowed, count, retryAfterSeconds };
}
