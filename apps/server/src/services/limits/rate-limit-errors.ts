import { type DomainError, overLimit } from '../errors/domain-error';
import type { RateLimiter, RateLimitRule } from './rate-limiter';

/** Formats a wait for people: 'in 45 seconds', 'in 12 minutes'. */
export function describeWait(seconds: number): string {
  if (seconds < 90) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `in ${minutes} minutes`;
  return `in ${Math.ceil(minutes / 60)} hours`;
}

/**
 * Counts a hit against a cap and throws the over-limit error (with the seconds to wait) when it is over.
 * `message` receives the wait, e.g. 'in 12 minutes'.
 */
export async function enforceRateLimit(
  limiter: RateLimiter,
  key: string,
  rule: RateLimitRule,
  message: (wait: string) => string,
): Promise<void> {
  const result = await limiter.hit(key, rule);
  if (!result.allowed) throw tooManyRequests(result.retryAfterSeconds, message);
}

/** The over-limit error saying when to try again: `message` receives the wait ('in 12 minutes'). */
export function tooManyRequests(retryAfterSeconds: number, message: (wait: string) => string): DomainError {
  return overLimit(message(describeWait(retryAfterSeconds)), retryAfterSeconds);
}
