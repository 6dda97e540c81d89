import {
  type CheckRequest,
  type CheckResult,
  type CodeRecord,
  type CodeStore,
  type CodeStoreOptions,
  codeHashesMatch,
  type IssueRequest,
  type IssueResult,
  ledgerAfterSend,
  ledgerRefusal,
  resolveCodeStoreOptions,
  type SendLedger,
  type SendRefusal,
} from './code-store';

// Expired entries are dropped when read; past this size a send also sweeps, so memory stays bounded.
const SWEEP_THRESHOLD = 10_000;

type Expiring<T> = { value: T; expiresAt: number };
type Ledger = Omit<SendLedger, 'ttlMs'>;

/**
 * The embedded default's code store. Every operation runs to completion without awaiting, so within one
 * process it is as atomic as the Redis scripts. Expiry follows this process's clock, like Redis's TTL.
 */
export class MemoryCodeStore implements CodeStore {
  private readonly codes = new Map<string, Expiring<CodeRecord>>();
  /** The number's ledger under the number, a requester's under the number and the requester. */
  private readonly ledgers = new Map<string, Expiring<Ledger>>();
  private readonly options: Required<CodeStoreOptions>;

  constructor(
    options: CodeStoreOptions = {},
    private readonly clock: () => number = Date.now,
  ) {
    this.options = resolveCodeStoreOptions(options);
  }

  async issue(phone: string, request: IssueRequest): Promise<IssueResult> {
    const requesterKey = requesterLedgerKey(phone, request.requester);
    if (request.admit) {
      const refusal = this.refusal(requesterKey, request.now);
      if (refusal) return refusal;
      await request.admit();
    }
    // Judged again after the caller's limits: another send may have been written while they were counted.
    const refusal = this.refusal(requesterKey, request.now);
    if (refusal) return refusal;
    if (this.codes.size + this.ledgers.size > SWEEP_THRESHOLD) this.sweep();
    const delivered = this.refusal(phone, request.now) === null;
    const replacedLive = delivered && this.live(this.codes, phone) !== null;
    if (delivered) {
      this.codes.set(phone, {
        value: { codeHash: request.codeHash, attempts: 0, requestedAt: request.now },
        expiresAt: this.clock() + this.options.ttlMs,
      });
      this.recordSend(phone, request.now);
    }
    this.recordSend(requesterKey, request.now);
    return { status: 'issued', delivered, replacedLive, nextSend: this.refusal(requesterKey, request.now) };
  }

  async check(phone: string, request: CheckRequest): Promise<CheckResult> {
    const entry = this.live(this.codes, phone);
    if (!entry) return { status: 'missing' };
    const record = entry.value;
    record.attempts += 1;
    if (record.attempts > this.options.maxAttempts) {
      this.codes.delete(phone);
      return { status: 'max_attempts', attempts: record.attempts };
    }
    if (codeHashesMatch(record.codeHash, request.codeHash)) {
      this.codes.delete(phone);
      return { status: 'valid', attempts: record.attempts };
    }
    return {
      status: 'invalid',
      attempts: record.attempts,
      attemptsLeft: this.options.maxAttempts - record.attempts,
    };
  }

  async sendRefusal(phone: string, now: number): Promise<SendRefusal | null> {
    return this.refusal(phone, now);
  }

  async forgetCode(phone: string): Promise<void> {
    this.codes.delete(phone);
  }

  async discard(phone: string, codeHash: string, requester: string): Promise<void> {
    this.takeBack(requesterLedgerKey(phone, requester));
    const entry = this.live(this.codes, phone);
    if (!entry || entry.value.codeHash !== codeHash) return;
    this.codes.delete(phone);
    this.takeBack(phone);
  }

  private takeBack(key: string) {
    const ledger = this.live(this.ledgers, key);
    if (ledger && ledger.value.sends > 0) {
      ledger.value.sends -= 1;
      ledger.value.lastSentAt = ledger.value.previousSentAt;
    }
  }

  async inspect(phone: string) {
    const entry = this.live(this.codes, phone);
    return entry ? { record: { ...entry.value }, ttlMs: entry.expiresAt - this.clock() } : null;
  }

  private recordSend(key: string, now: number) {
    const ledger = this.live(this.ledgers, key);
    const view = ledger ? { ...ledger.value, ttlMs: ledger.expiresAt - this.clock() } : null;
    const { ttlMs, ...after } = ledgerAfterSend(view, now);
    this.ledgers.set(key, { value: after, expiresAt: ledger?.expiresAt ?? this.clock() + ttlMs });
  }

  private refusal(key: string, now: number): SendRefusal | null {
    const ledger = this.live(this.ledgers, key);
    const view = ledger ? { ...ledger.value, ttlMs: ledger.expiresAt - this.clock() } : null;
    return ledgerRefusal(view, now, this.options);
  }

  private live<T>(map: Map<string, Expiring<T>>, key: string): Expiring<T> | null {
    const entry = map.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this.clock()) {
      map.delete(key);
      return null;
    }
    return entry;
  }

  private sweep() {
    const now = this.clock();
    for (const map of [this.codes, this.ledgers] as Map<string, Expiring<unknown>>[]) {
      for (const [key, entry] of map) if (entry.expiresAt <= now) map.delete(key);
    }
  }
}

function requesterLedgerKey(phone: string, requester: string) {
  return `${phone}\u0000${requester}`;
}
