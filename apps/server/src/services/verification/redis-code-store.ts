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
      numberLedgerKey: string,
      requesterLedgerKey: string,
      codeHash: string,
      now: number,
      ttlMs: number,
      ledgerTtlMs: number,
      expectedNumberSends: number,
      expectedRequesterSends: number,
      deliver: 0 | 1,
    ): Result<[number, number?], Context>;
    checkVerificationCode(
      codeKey: string,
      maxAttempts: number,
      codeHash: string,
    ): Result<[CheckResult['status'], number?], Context>;
    discardVerificationCode(
      codeKey: string,
      numberLedgerKey: string,
      requesterLedgerKey: string,
      codeHash: string,
    ): Result<number, Context>;
  }
}

// Writes a send when the ledgers still hold the counts the caller judged by (compare and set), so two sends
// racing can never both pass a wait or a daily ceiling: the loser reads the ledgers again. A delivered send
// writes the code and both ledgers, one the number's ledger refused only the requester's. Replies
// {1, replacedLive} when written, {0} when a ledger changed in between.
const ISSUE_SCRIPT = `
local function record(key, now, ttl)
  local sends = tonumber(redis.call('HGET', key, 'sends') or '0')
  local last = redis.call('HGET', key, 'lastSentAt') or '0'
  redis.call('HSET', key, 'sends', sends + 1, 'lastSentAt', now, 'previousSentAt', last)
  if redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, ttl) end
end
if tonumber(redis.call('HGET', KEYS[3], 'sends') or '0') ~= tonumber(ARGV[6]) then return {0} end
local replaced = 0
if ARGV[7] == '1' then
  if tonumber(redis.call('HGET', KEYS[2], 'sends') or '0') ~= tonumber(ARGV[5]) then return {0} end
  replaced = redis.call('EXISTS', KEYS[1])
  redis.call('DEL', KEYS[1])
  redis.call('HSET', KEYS[1], 'codeHash', ARGV[1], 'requestedAt', ARGV[2], 'attempts', 0)
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  record(KEYS[2], ARGV[2], ARGV[4])
end
record(KEYS[3], ARGV[2], ARGV[4])
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

// A send answered 'not sent': the requester's ledger forgets it; when the live code is still its own, the code
// goes and the number's ledger forgets it too (each wait is the one before).
const DISCARD_SCRIPT = `
local function forget(key)
  local sends = tonumber(redis.call('HGET', key, 'sends') or '0')
  if sends > 0 then
    local previous = redis.call('HGET', key, 'previousSentAt') or '0'
    redis.call('HSET', key, 'sends', sends - 1, 'lastSentAt', previous)
  end
end
forget(KEYS[3])
if redis.call('HGET', KEYS[1], 'codeHash') ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
forget(KEYS[2])
return 1
`;

/**
 * The production code store: per E.164 phone, one hash for the live code (TTL on the key), one for the day's
 * sends to the number and one per requester for the day's sends they asked for. All share a hash tag, so they
 * live on one Redis Cluster slot and one script sees them all.
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
    redis.defineCommand('issueVerificationCode', { numberOfKeys: 3, lua: ISSUE_SCRIPT });
    redis.defineCommand('checkVerificationCode', { numberOfKeys: 1, lua: CHECK_SCRIPT });
    redis.defineCommand('discardVerificationCode', { numberOfKeys: 3, lua: DISCARD_SCRIPT });
  }

  async issue(phone: string, request: IssueRequest): Promise<IssueResult> {
    const requesterKey = this.requesterLedgerKey(phone, request.requester);
    let admitted = false;
    for (;;) {
      const [numberLedger = null, requesterLedger = null] = await this.ledgers(
        this.ledgerKey(phone),
        requesterKey,
      );
      const refusal = ledgerRefusal(requesterLedger, request.now, this.options);
      if (refusal) return refusal;
      if (!admitted) {
        await request.admit?.();
        admitted = true;
      }
      const delivered = ledgerRefusal(numberLedger, request.now, this.options) === null;
      const [written, replaced] = await this.redis.issueVerificationCode(
        this.codeKey(phone),
        this.ledgerKey(phone),
        requesterKey,
        request.codeHash,
        request.now,
        this.options.ttlMs,
        SEND_LEDGER_TTL_MS,
        numberLedger?.sends ?? 0,
        requesterLedger?.sends ?? 0,
        delivered ? 1 : 0,
      );
      if (written === 1) {
        const after = ledgerAfterSend(requesterLedger, request.now);
        const nextSend = ledgerRefusal(after, request.now, this.options);
        return { status: 'issued', delivered, replacedLive: replaced === 1, nextSend };
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
    const [ledger] = await this.ledgers(this.ledgerKey(phone));
    return ledgerRefusal(ledger ?? null, now, this.options);
  }

  async forgetCode(phone: string): Promise<void> {
    await this.redis.del(this.codeKey(phone));
  }

  async discard(phone: string, codeHash: string, requester: string): Promise<void> {
    await this.redis.discardVerificationCode(
      this.codeKey(phone),
      this.ledgerKey(phone),
      this.requesterLedgerKey(phone, requester),
      codeHash,
    );
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

  /** The ledgers under these keys, read in one round trip; a missing or expired one reads as null. */
  private async ledgers(...keys: string[]): Promise<Array<SendLedger | null>> {
    const batch = this.redis.multi();
    for (const key of keys) batch.hgetall(key).pttl(key);
    const replies = ((await batch.exec()) ?? []).map(([, value]) => value);
    return keys.map((_, index) => {
      const fields = replies[2 * index] as Record<string, string>;
      const ttlMs = replies[2 * index + 1] as number;
      if (!fields.sends || ttlMs < 0) return null;
      return {
        sends: Number(fields.sends),
        lastSentAt: Number(fields.lastSentAt ?? 0),
        previousSentAt: Number(fields.previousSentAt ?? 0),
        ttlMs,
      };
    });
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

  private requesterLedgerKey(phone: string, requester: string) {
    return `${this.prefix}vr:{${this.options.keyOf(phone)}}:${requester}`;
  }
}
