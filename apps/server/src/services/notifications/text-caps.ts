import type { Limits } from '../../config';
import type { RateLimiter } from '../limits/rate-limiter';

const DAY_SECONDS = 24 * 60 * 60;

/** The per-recipient cap's key: it names the number, so account deletion drops it. */
export function recipientTextCapKey(phoneNumber: string): string {
  return `rating-text:recipient:${phoneNumber}`;
}

const GLOBAL_CAP_KEY = 'rating-text:global';

/**
 * The daily caps on rating texts (docs/security.md, Limits): per recipient, and in all. Counts the text about
 * to go out and returns why it must be held back ('recipient_daily_cap', 'global_daily_cap'), or null. Over a
 * cap the rating stands; only its text is suppressed.
 */
export async function ratingTextCapRefusal(
  limiter: RateLimiter,
  limits: Pick<Limits, 'ratingTextsPerRecipientPerDay' | 'ratingTextsPerDay'>,
  phoneNumber: string,
): Promise<string | null> {
  const caps = [
    {
      key: recipientTextCapKey(phoneNumber),
      rule: { limit: limits.ratingTextsPerRecipientPerDay, windowSeconds: DAY_SECONDS },
      reason: 'recipient_daily_cap',
    },
    {
      key: GLOBAL_CAP_KEY,
      rule: { limit: limits.ratingTextsPerDay, windowSeconds: DAY_SECONDS },
      reason: 'global_daily_cap',
    },
  ];
  const results = await limiter.hitInOrder(caps);
  const refused = results.findIndex((result) => !result.allowed);
  return caps[refused]?.reason ?? null;
}

/** A text whose caps were counted went back to the outbox unsent (throttled, no slot): its count goes too. */
export function refundRatingTextCaps(limiter: RateLimiter, phoneNumber: string): Promise<void> {
  return limiter.refund([recipientTextCapKey(phoneNumber), GLOBAL_CAP_KEY]);
}
