import type { Redis, Result } from 'ioredis';
import {
  type CheckRequest,
  type CheckResult,
  type CodeRecord,
  type CodeStore,
  type CodeStoreOptions,
  type IssueRequest,
  type IssueResult,
  ledgerAfterSend,
  ledgerRefusal,
  resolveCodeStoreOptions,
  SEND_LEDGER_TTL_MS,
  type SendLedger,
  type SendRefusal,
} from './code-store';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    issueVerificationCode(
      codeKey: string,
      ledgerKey: string,
      codeHash: string,
      now: number,
      ttlMs: number,
      ledgerTtlMs: number,
      expectedSends: number,
    ): Result<[number, number?], Context>;
    checkVerificationCode(
      codeKey: string,
      maxAttempts: number,
      codeHash: string,
    ): Result<[CheckResult['status'], number?], Context>;
    discardVerificationCode(codeKey: string, ledgerKey: string, codeHash: string): Result<number, Context>;
  }
}

// Writes a send when the ledger still holds the count the caller judged by (compare and set), so two sends
// racing can never both pass the wait or the daily ceiling: the loser reads the ledger again. Replies
// {1, replacedLive} when issued, {0} when the ledger changed in between.
const ISSUE_SCRIPT = `
local sends = tonumber(redis.call('HGET', KEYS[2], 'sends') or '0')
if sends ~= tonumber(ARGV[5]) then return {0} end
local replaced = redis.call('EXISTS', KEYS[1])
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'codeHash', ARGV[1], 'requestedAt', ARGV[2], 'attempts', 0)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
local last = redis.call('HGET', KEYS[2], 'lastSentAt') or '0'
redis.call('HSET', KEYS[2], 'sends', sends + 1, 'lastSentAt', ARGV[2], 'previousSentAt', last)
if redis.call('PTTL', KEYS[2]) < 0 then redis.call('PEXPIRE', KEYS[2], ARGV[4]) end
return {1, replaced}
`;

// Counts one attempt atomically, whichever session checks, so N parallel checks make at most maxAttempts
// comparisons; the check past the limit deletes the record. The comparison visits every byte whatever the
// first difference (constant time), and a match deletes the record in the same step: two parallel correct
// checks cannot both succeed, and a check is one round trip.
const CHECK_SCRIPT = `
local stored = redis.call('HGET', KEYS[1], 'codeHash')
if not stored then return {'missing'} end
local attempts = redis.call('HINCRBY', KEYS[1], 'attempts', 1)
if attempts > tonumber(ARGV[1]) then
  redis.call('DEL', KEYS[1])
  return {'max_attempts', attempts}
end
local given = ARGV[2]
local difference = #stored == #given and 0 or 1
for i = 1, #stored do
  difference = bit.bor(difference, bit.bxor(string.byte(stored, i), string.byte(given, i) or 0))
end
if difference ~= 0 then return {'invalid', attempts} end
redis.call('DEL', KEYS[1])
return {'valid', attempts}
`;

// A send whose text never left: its code goes, and the ledger forgets the send (the wait is the one before).
const DISCARD_SCRIPT = `
if redis.call('HGET', KEYS[1], 'codeHash') ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
local sends = tonumber(redis.call('HGET', KEYS[2], 'sends') or '0')
if sends > 0 then
  local previous = redis.call('HGET', KEYS[2], 'previousSentAt') or '0'
  redis.call('HSET', KEYS[2], 'sends', sends - 1, 'lastSentAt', previous)
end
return 1
`;

/**
 * The production code store: per E.164 phone, one hash for the live code (TTL on the key) and one for the
 * day's sends. Both keys share a hash tag, so they live on one Redis Cluster slot and one script sees both.
 */
export class RedisCodeStore implements CodeStore {
  private readonly options: Required<CodeStoreOptions>;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    options: CodeStoreOptions = {},
  ) {
    this.options = resolveCodeStoreOptions(options);
    // Defined commands travel as EVALSHA (the script's text once per connection), not the whole script per call.
    redis.defineCommand('issueVerificationCode', { numberOfKeys: 2, lua: ISSUE_SCRIPT });
    redis.defineCommand('checkVerificationCode', { numberOfKeys: 1, lua: CHECK_SCRIPT });
    redis.defineCommand('discardVerificationCode', { numberOfKeys: 2, lua: DISCARD_SCRIPT });
  }

  async issue(phone: string, request: IssueRequest): Promise<IssueResult> {
    let admitted = false;
    for (;;) {
      const ledger = await this.ledger(phone);
      const refusal = ledgerRefusal(ledger, request.now, this.options);
      if (refusal) return refusal;
      if (!admitted) {
        await request.admit?.();
        admitted = true;
      }
      const [issued, replaced] = await this.redis.issueVerificationCode(
        this.codeKey(phone),
        this.ledgerKey(phone),
        request.codeHash,
        request.now,
        this.options.ttlMs,
        SEND_LEDGER_TTL_MS,
        ledger?.sends ?? 0,
      );
      if (issued === 1) {
        const nextSend = ledgerRefusal(ledgerAfterSend(ledger, request.now), request.now, this.options);
        return { status: 'issued', replacedLive: replaced === 1, nextSend };
      }
    }
  }

  async check(phone: string, request: CheckRequest): Promise<CheckResult> {
    const [status, attempts = 0] = await this.redis.checkVerificationCode(
      this.codeKey(phone),
      this.options.maxAttempts,
      request.codeHash,
    );
    switch (status) {
      case 'missing':
        return { status };
      case 'invalid':
        return { status, attempts, attemptsLeft: this.options.maxAttempts - attempts };
      default:
        return { status, attempts };
    }
  }

  async sendRefusal(phone: string, now: number): Promise<SendRefusal | null> {
    return ledgerRefusal(await this.ledger(phone), now, this.options);
  }

  async forgetCode(phone: string): Promise<void> {
    await this.redis.del(this.codeKey(phone));
  }

  async discard(phone: string, codeHash: string): Promise<void> {
    await this.redis.discardVerificationCode(this.codeKey(phone), this.ledgerKey(phone), codeHash);
  }

  async inspect(phone: string): Promise<{ record: CodeRecord; ttlMs: number } | null> {
    const { fields, ttlMs } = await this.hashWithTtl(this.codeKey(phone));
    if (!fields.codeHash || ttlMs < 0) return null;
    return {
      record: {
        codeHash: fields.codeHash,
        attempts: Number(fields.attempts ?? 0),
        requestedAt: Number(fields.requestedAt),
      },
      ttlMs,
    };
  }

  private async ledger(phone: string): Promise<SendLedger | null> {
    const { fields, ttlMs } = await this.hashWithTtl(this.ledgerKey(phone));
    if (!fields.sends || ttlMs < 0) return null;
    return {
      sends: Number(fields.sends),
      lastSentAt: Number(fields.lastSentAt ?? 0),
      previousSentAt: Number(fields.previousSentAt ?? 0),
      ttlMs,
    };
  }

  /** A hash and its time to live, read together; a missing key reads as no fields and a negative TTL. */
  private async hashWithTtl(key: string): Promise<{ fields: Record<string, string>; ttlMs: number }> {
    const [[, fields], [, ttlMs]] = (await this.redis.multi().hgetall(key).pttl(key).exec()) as [
      [null, Record<string, string>],
      [null, number],
    ];
    return { fields, ttlMs };
  }

  private codeKey(phone: string) {
    return `${this.prefix}vc:{${this.options.keyOf(phone)}}`;
  }

  private ledgerKey(phone: string) {
    return `${this.prefix}vs:{${this.options.keyOf(phone)}}`;
  }
}
