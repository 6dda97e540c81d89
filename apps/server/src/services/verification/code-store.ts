import { timingSafeEqual } from 'node:crypto';
import { keyedPhone } from '../data-rights/phone-keys';

/** docs/product.md#verification: a code is valid for 10 minutes and allows 5 attempts. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
/**
 * docs/security.md, Codes: the wait before the next code text to a number grows with the sends of the day
 * (the wait after the first send, after the second, ...; the last one repeats). A person who mistyped or
 * missed the first text waits a minute; a stranger who keeps asking soon waits an hour.
 */
export const RESEND_WAITS_MS: readonly number[] = [60, 60, 120, 300, 600, 1200, 2400, 3600].map(
  (seconds) => seconds * 1000,
);
/** The window of the per-number daily ceiling, counted from the first send. */
export const SEND_LEDGER_TTL_MS = 24 * 60 * 60 * 1000;

/** What is kept per phone (docs/security.md, Codes): never the code itself, only its HMAC. */
export interface CodeRecord {
  codeHash: string;
  /** Wrong and right checks so far, from every session together. */
  attempts: number;
  /** Epoch milliseconds of the send. */
  requestedAt: number;
}

export interface IssueRequest {
  codeHash: string;
  now: number;
  /** Who asks (their device session): the wait and the ceiling they are told are counted from their asking. */
  requester: string;
  /**
   * The caller's other limits on this send, run once when the number's own ledger allows it and before
   * anything is written; a throw refuses the send with nothing written. (Read with the ledger check, so the
   * send does not read the ledger twice.)
   */
  admit?: () => Promise<void>;
}

/** Why a ledger refuses a code text now, and for how long. */
export type SendRefusal =
  | { status: 'cooldown'; retryAfterMs: number }
  /** The ledger's day holds its number of code texts. */
  | { status: 'daily_limit'; retryAfterMs: number };

export type IssueResult =
  | {
      status: 'issued';
      /**
       * Whether the code is texted: false when the number's own ledger refuses it (somebody else asked a
       * moment ago, or the phone got its codes of the day). The requester is told the same either way, and
       * the number's live code, if any, still works.
       */
      delivered: boolean;
      /** An earlier code was still live and is now void (logged as a resend). */
      replacedLive: boolean;
      /**
       * What the requester's ledger refuses right after this send: the wait the person's countdown shows (told
       * here, so a send does not read the ledger once more to learn it).
       */
      nextSend: SendRefusal | null;
    }
  /** The requester's own ledger refuses: they asked too soon or too often. */
  | SendRefusal;

export interface CheckRequest {
  codeHash: string;
  now: number;
}

export type CheckResult =
  /** The code matched: the record is gone, so the code cannot be used twice. */
  | { status: 'valid'; attempts: number }
  | { status: 'invalid'; attempts: number; attemptsLeft: number }
  /** No live record: never sent, expired, already used or cleared. */
  | { status: 'missing' }
  /** This check went past the limit: it failed and the record is deleted. */
  | { status: 'max_attempts'; attempts: number };

/**
 * Where live verification codes are kept: Redis in production (shared by every instance), an in-process twin
 * for the embedded default. Both keep the same rules, proven by one contract test suite:
 * - one live code per number; whoever holds the phone holds the code, so any session may check it;
 * - two send ledgers, which outlive the code: the number's (every code texted to it) and the requester's
 *   (every code this session asked for this number). In each the wait before the next send grows with the
 *   sends of the day, and at most `maxSendsPerDay` are written per day. The requester's ledger answers the
 *   requester; the number's decides, silently, whether the code is texted, so what a person is told depends
 *   on their own asking only (docs/anonymity.md#non-interference), while the phone is protected from a flood
 *   whoever asks. No check, right or wrong, ever touches a ledger, so a failed check never shortens a wait;
 * - a send the number's ledger allows replaces any live code (the newest code on the phone is the one that
 *   works); one it refuses leaves the live code as it is;
 * - every check counts one attempt, atomically, so parallel checks from any number of sessions can never make
 *   more than MAX_CODE_ATTEMPTS comparisons; the check after that fails and deletes the code;
 * - a match deletes the code; the code expires by itself after the TTL.
 */
export interface CodeStore {
  issue(phone: string, request: IssueRequest): Promise<IssueResult>;
  check(phone: string, request: CheckRequest): Promise<CheckResult>;
  /**
   * Whether the number's ledger lets a code be texted to this phone now: null, or why not and for how long
   * (for tests and operators; `issue` judges it itself).
   */
  sendRefusal(phone: string, now: number): Promise<SendRefusal | null>;
  /**
   * A send whose answer is 'not sent' (the text never left, or the schedule had no slot for it): takes it back
   * out of the requester's ledger, and, when the live code is still this one, removes the code and takes the
   * send out of the number's ledger too, so the person can ask again at once.
   */
  discard(phone: string, codeHash: string, requester: string): Promise<void>;
  /**
   * The number's owner deleted their account: its live code goes. The send ledger stays until it expires (a
   * day): it protects the number from a flood of code texts, and its key names no number.
   */
  forgetCode(phone: string): Promise<void>;
  /** The live record and its remaining lifetime, for tests and operators; null when there is none. */
  inspect(phone: string): Promise<{ record: CodeRecord; ttlMs: number } | null>;
}

export interface CodeStoreOptions {
  /** Lifetime of a record; tests shorten it instead of waiting 10 minutes. */
  ttlMs?: number;
  maxAttempts?: number;
  resendWaitsMs?: readonly number[];
  /** Code texts to one number per day (LIMIT_VERIFICATION_TEXTS_PER_PHONE_PER_DAY). */
  maxSendsPerDay?: number;
  /**
   * What a stored key says in place of the number (a keyed hash, `keyedPhone`), so no key outlives an
   * account with the number in it. The number itself when not given.
   */
  keyOf?: (phone: string) => string;
}

/** The stored keys of a number's codes and ledger: a keyed hash, never the number (docs/data-rights.md). */
export function codeLedgerKeyOf(secret: string): (phone: string) => string {
  return (phone) => keyedPhone(secret, 'code-ledger', phone);
}

export function resolveCodeStoreOptions(options: CodeStoreOptions = {}): Required<CodeStoreOptions> {
  return {
    ttlMs: options.ttlMs ?? CODE_TTL_MS,
    maxAttempts: options.maxAttempts ?? MAX_CODE_ATTEMPTS,
    resendWaitsMs: options.resendWaitsMs ?? RESEND_WAITS_MS,
    maxSendsPerDay: options.maxSendsPerDay ?? 10,
    keyOf: options.keyOf ?? ((phone) => phone),
  };
}

/** The number's sends of the current day: how many, and when the last and the one before went out. */
export interface SendLedger {
  sends: number;
  lastSentAt: number;
  previousSentAt: number;
  /** Milliseconds until the day's window ends. */
  ttlMs: number;
}

/** The ledger once a send at `now` is written into it (without one, the day's window starts with this send). */
export function ledgerAfterSend(ledger: SendLedger | null, now: number): SendLedger {
  return ledger
    ? { sends: ledger.sends + 1, lastSentAt: now, previousSentAt: ledger.lastSentAt, ttlMs: ledger.ttlMs }
    : { sends: 1, lastSentAt: now, previousSentAt: 0, ttlMs: SEND_LEDGER_TTL_MS };
}

/** The ledger's verdict on a send now (the same rule for both stores). */
export function ledgerRefusal(
  ledger: SendLedger | null,
  now: number,
  options: Required<CodeStoreOptions>,
): SendRefusal | null {
  if (!ledger || ledger.sends === 0) return null;
  if (ledger.sends >= options.maxSendsPerDay) return { status: 'daily_limit', retryAfterMs: ledger.ttlMs };
  const waits = options.resendWaitsMs;
  const wait = waits[Math.min(ledger.sends, waits.length) - 1] ?? 0;
  const remaining = ledger.lastSentAt + wait - now;
  return remaining > 0 ? { status: 'cooldown', retryAfterMs: remaining } : null;
}

/** Constant-time comparison of two hex HMACs, so response timing tells nothing about how close a guess was. */
export function codeHashesMatch(stored: string, given: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}
