import type { Redis } from 'ioredis';
import {
  type CheckRequest,
  type CheckResult,
  type CodeRecord,
  type CodeStore,
  type CodeStoreOptions,
  codeHashesMatch,
  type IssueRequest,
  type IssueResult,
  resolveCodeStoreOptions,
} from './code-store';

// Cooldown check and replacement in one script: two sends racing can never both pass the cooldown.
// Replies {1, replacedLive} when issued, {0, millisecondsToWait} inside the cooldown.
const ISSUE_SCRIPT = `
local requested = redis.call('HGET', KEYS[1], 'requestedAt')
if requested then
  local wait = tonumber(requested) + tonumber(ARGV[5]) - tonumber(ARGV[3])
  if wait > 0 then return {0, wait} end
end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'codeHash', ARGV[1], 'sessionId', ARGV[2], 'requestedAt', ARGV[3], 'attempts', 0)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
if requested then return {1, 1} end
return {1, 0}
`;

// Counts one attempt atomically, so N parallel checks make at most maxAttempts comparisons; the check past
// the limit deletes the record. A check from another session returns before touching anything. The stored
// hash is returned so the comparison happens in Node, in constant time.
const ATTEMPT_SCRIPT = `
local fields = redis.call('HMGET', KEYS[1], 'codeHash', 'sessionId')
if not fields[1] then return {'missing'} end
if fields[2] ~= ARGV[1] then return {'other_session'} end
local attempts = redis.call('HINCRBY', KEYS[1], 'attempts', 1)
if attempts > tonumber(ARGV[3]) then
  redis.call('DEL', KEYS[1])
  return {'max_attempts', attempts}
end
redis.call('HSET', KEYS[1], 'lastAttemptAt', ARGV[2])
return {'counted', attempts, fields[1]}
`;

// Deletes the record only if it still holds this code: a matching check consumes it exactly once, and a
// failed send never removes a newer code.
const CONSUME_SCRIPT = `
if redis.call('HGET', KEYS[1], 'codeHash') == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return 1
end
return 0
`;

/** The production code store: one Redis hash per E.164 phone with the TTL on the key itself. */
export class RedisCodeStore implements CodeStore {
  private readonly options: Required<CodeStoreOptions>;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    options: CodeStoreOptions = {},
  ) {
    this.options = resolveCodeStoreOptions(options);
  }

  async issue(phone: string, request: IssueRequest): Promise<IssueResult> {
    const [issued, value] = (await this.redis.eval(
      ISSUE_SCRIPT,
      1,
      this.key(phone),
      request.codeHash,
      request.sessionId,
      request.now,
      this.options.ttlMs,
      this.options.resendCooldownMs,
    )) as [number, number];
    return issued === 1
      ? { status: 'issued', replacedLive: value === 1 }
      : { status: 'cooldown', retryAfterMs: value };
  }

  async check(phone: string, request: CheckRequest): Promise<CheckResult> {
    const reply = (await this.redis.eval(
      ATTEMPT_SCRIPT,
      1,
      this.key(phone),
      request.sessionId,
      request.now,
      this.options.maxAttempts,
    )) as [string, number?, string?];
    const [status, attempts = 0, storedHash = ''] = reply;
    if (status === 'missing' || status === 'other_session') return { status };
    if (status === 'max_attempts') return { status, attempts };
    if (!codeHashesMatch(storedHash, request.codeHash)) {
      return { status: 'invalid', attempts, attemptsLeft: this.options.maxAttempts - attempts };
    }
    // Two parallel correct checks both match: only the one that deletes the record wins.
    const consumed = await this.redis.eval(CONSUME_SCRIPT, 1, this.key(phone), storedHash);
    return consumed === 1 ? { status: 'valid', attempts } : { status: 'missing' };
  }

  async cooldownRemainingMs(phone: string, now: number): Promise<number> {
    const requestedAt = await this.redis.hget(this.key(phone), 'requestedAt');
    if (requestedAt === null) return 0;
    return Math.max(0, Number(requestedAt) + this.options.resendCooldownMs - now);
  }

  async discard(phone: string, codeHash: string): Promise<void> {
    await this.redis.eval(CONSUME_SCRIPT, 1, this.key(phone), codeHash);
  }

  async inspect(phone: string): Promise<{ record: CodeRecord; ttlMs: number } | null> {
    const [[, fields], [, ttlMs]] = (await this.redis
      .multi()
      .hgetall(this.key(phone))
      .pttl(this.key(phone))
      .exec()) as [[null, Record<string, string>], [null, number]];
    if (!fields.codeHash || !fields.sessionId || ttlMs < 0) return null;
    return {
      record: {
        codeHash: fields.codeHash,
        sessionId: fields.sessionId,
        attempts: Number(fields.attempts ?? 0),
        requestedAt: Number(fields.requestedAt),
        lastAttemptAt: fields.lastAttemptAt ? Number(fields.lastAttemptAt) : null,
      },
      ttlMs,
    };
  }

  private key(phone: string) {
    return `${this.prefix}vc:${phone}`;
  }
}
