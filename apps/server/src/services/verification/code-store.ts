import { timingSafeEqual } from 'node:crypto';

/** Spec section 9: a code is valid for 10 minutes and allows 5 attempts; a new one may be sent after 60 s. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = 60 * 1000;

/** What is kept per phone (DESIGN.md section 3): never the code itself, only its HMAC. */
export interface CodeRecord {
  codeHash: string;
  attempts: number;
  /** Epoch milliseconds of the send. */
  requestedAt: number;
  lastAttemptAt: number | null;
  /** The device session that asked for the code: only it may use the code. */
  sessionId: string;
}

export interface IssueRequest {
  codeHash: string;
  sessionId: string;
  now: number;
}

export type IssueResult =
  /** `replacedLive`: an earlier code was still live and is now void (logged as a resend). */
  { status: 'issued'; replacedLive: boolean } | { status: 'cooldown'; retryAfterMs: number };

export interface CheckRequest {
  codeHash: string;
  sessionId: string;
  now: number;
}

export type CheckResult =
  /** The code matched: the record is gone, so the code cannot be used twice. */
  | { status: 'valid'; attempts: number }
  | { status: 'invalid'; attempts: number; attemptsLeft: number }
  /** No live record: never sent, expired, already used or cleared. */
  | { status: 'missing' }
  /** The record belongs to another device session; it was not touched. */
  | { status: 'other_session' }
  /** This check went past the limit: it failed and the record is deleted. */
  | { status: 'max_attempts'; attempts: number };

/**
 * Where live verification codes are kept: Redis in production (shared by every instance), an in-process twin
 * for the embedded default. Both keep the same rules, proven by one contract test suite:
 * - a send inside the cooldown of the previous one is refused; otherwise it replaces any live record;
 * - every check by the owning session counts one attempt, atomically, so parallel checks can never make more
 *   than MAX_CODE_ATTEMPTS comparisons; the check after that fails and deletes the record;
 * - a match deletes the record; a check from another session changes nothing;
 * - the record expires by itself after the TTL.
 */
export interface CodeStore {
  issue(phone: string, request: IssueRequest): Promise<IssueResult>;
  check(phone: string, request: CheckRequest): Promise<CheckResult>;
  /** Milliseconds until a new code may be sent to this phone (0 when one may be sent now). */
  cooldownRemainingMs(phone: string, now: number): Promise<number>;
  /** Removes the record only if it still holds this code (a send whose text never left). */
  discard(phone: string, codeHash: string): Promise<void>;
  /** The live record and its remaining lifetime, for tests and operators; null when there is none. */
  inspect(phone: string): Promise<{ record: CodeRecord; ttlMs: number } | null>;
}

export interface CodeStoreOptions {
  /** Lifetime of a record; tests shorten it instead of waiting 10 minutes. */
  ttlMs?: number;
  maxAttempts?: number;
  resendCooldownMs?: number;
}

export function resolveCodeStoreOptions(options: CodeStoreOptions = {}): Required<CodeStoreOptions> {
  return {
    ttlMs: options.ttlMs ?? CODE_TTL_MS,
    maxAttempts: options.maxAttempts ?? MAX_CODE_ATTEMPTS,
    resendCooldownMs: options.resendCooldownMs ?? RESEND_COOLDOWN_MS,
  };
}

/** Constant-time comparison of two hex HMACs, so response timing tells nothing about how close a guess was. */
export function codeHashesMatch(stored: string, given: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}
