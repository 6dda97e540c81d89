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

// Expired records are dropped when read; past this size a send also sweeps, so memory stays bounded.
const SWEEP_THRESHOLD = 10_000;

/**
 * The embedded default's code store. Every operation runs to completion without awaiting, so within one
 * process it is as atomic as the Redis scripts. Expiry follows this process's clock, like Redis's TTL.
 */
export class MemoryCodeStore implements CodeStore {
  private readonly records = new Map<string, { record: CodeRecord; expiresAt: number }>();
  private readonly options: Required<CodeStoreOptions>;

  constructor(
    options: CodeStoreOptions = {},
    private readonly clock: () => number = Date.now,
  ) {
    this.options = resolveCodeStoreOptions(options);
  }

  async issue(phone: string, request: IssueRequest): Promise<IssueResult> {
    const existing = this.live(phone);
    if (existing) {
      const wait = existing.record.requestedAt + this.options.resendCooldownMs - request.now;
      if (wait > 0) return { status: 'cooldown', retryAfterMs: wait };
    }
    if (this.records.size > SWEEP_THRESHOLD) this.sweep();
    this.records.set(phone, {
      record: {
        codeHash: request.codeHash,
        attempts: 0,
        requestedAt: request.now,
        lastAttemptAt: null,
        sessionId: request.sessionId,
      },
      expiresAt: this.clock() + this.options.ttlMs,
    });
    return { status: 'issued', replacedLive: existing !== null };
  }

  async check(phone: string, request: CheckRequest): Promise<CheckResult> {
    const entry = this.live(phone);
    if (!entry) return { status: 'missing' };
    const { record } = entry;
    if (record.sessionId !== request.sessionId) return { status: 'other_session' };
    record.attempts += 1;
    if (record.attempts > this.options.maxAttempts) {
      this.records.delete(phone);
      return { status: 'max_attempts', attempts: record.attempts };
    }
    record.lastAttemptAt = request.now;
    if (codeHashesMatch(record.codeHash, request.codeHash)) {
      this.records.delete(phone);
      return { status: 'valid', attempts: record.attempts };
    }
    return {
      status: 'invalid',
      attempts: record.attempts,
      attemptsLeft: this.options.maxAttempts - record.attempts,
    };
  }

  async cooldownRemainingMs(phone: string, now: number): Promise<number> {
    const entry = this.live(phone);
    if (!entry) return 0;
    return Math.max(0, entry.record.requestedAt + this.options.resendCooldownMs - now);
  }

  async discard(phone: string, codeHash: string): Promise<void> {
    const entry = this.live(phone);
    if (entry && entry.record.codeHash === codeHash) this.records.delete(phone);
  }

  async inspect(phone: string) {
    const entry = this.live(phone);
    return entry ? { record: { ...entry.record }, ttlMs: entry.expiresAt - this.clock() } : null;
  }

  private live(phone: string) {
    const entry = this.records.get(phone);
    if (!entry) return null;
    if (entry.expiresAt <= this.clock()) {
      this.records.delete(phone);
      return null;
    }
    return entry;
  }

  private sweep() {
    const now = this.clock();
    for (const [phone, entry] of this.records) if (entry.expiresAt <= now) this.records.delete(phone);
  }
}
