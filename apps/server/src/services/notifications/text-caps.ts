import type { Limits } from '../../config';
import { keyedPhone } from '../data-rights/phone-keys';
import type { RateLimiter } from '../limits/rate-limiter';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * The per-recipient cap's key: a keyed hash of the number, so it outlives an account deletion (the cap
 * protects the number from a flood of texts) without naming it.
 */
function recipientTextCapKey(secret: string, phoneNumber: string): string {
  return `rating-text:recipient:${keyedPhone(secret, 'recipient-texts', phoneNumber)}`;
}

const GLOBAL_CAP_KEY = 'rating-text:global';

/**
 * The daily caps on rating texts (docs/security.md, Limits): per recipient, and in all. Counts the text about
 * to go out and returns why it must be held back ('recipient_daily_cap', 'global_daily_cap'), or null. Over a
 * cap the rating stands; only its text is suppressed.
 */
export async function ratingTextCapRefusal(
  limiter: RateLimiter,
  config: {
    limits: Pick<Limits, 'ratingTextsPerRecipientPerDay' | 'ratingTextsPerDay'>;
    sessionSecret: string;
  },
  phoneNumber: string,
): Promise<string | null> {
  const { limits } = config;
  const caps = [
    {
      key: recipientTextCapKey(config.sessionSecret, phoneNumber),
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
export function refundRatingTextCaps(
  limiter: RateLimiter,
  secret: string,
  phoneNumber: string,
): Promise<void> {
  return limiter.refund([recipientTextCapKey(secret, phoneNumber), GLOBAL_CAP_KEY]);
}
