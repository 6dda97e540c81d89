import type { Limits } from '../../../config';
import { keyedPhone } from '../../data-rights/phone-keys';
import type { RateLimiter } from '../../limits/rate-limiter';
import type { AttemptResult, SmsGateway } from '../sms-gateway';

const DAY_SECONDS = 24 * 60 * 60;
/**
 * Automatic replies one number gets per day. A reply costs us a text, and anyone can send HELP from numbers
 * they own as often as they like: past the first, HELPs from a number are read and not answered.
 */
const REPLIES_PER_NUMBER_PER_DAY = 1;
const GLOBAL_CAP_KEY = 'sms-reply:global';

/**
 * The per-number cap's key: a keyed hash of the number, as the other caps on a number have it, so it names no
 * number and outlives an account deletion (it protects against texts bought by reply, whoever owns the number).
 */
function replyCapKey(secret: string, phoneNumber: string): string {
  return `sms-reply:number:${keyedPhone(secret, 'reply-cap', phoneNumber)}`;
}

export type AutoReplyOutcome =
  | { outcome: 'sent'; provider: string }
  /** Not sent, by rule: a country or number type no text goes to, or a cap. */
  | { outcome: 'suppressed'; reason: string }
  /** Not sent: the provider did not take it, or had no slot for it. */
  | { outcome: 'failed'; reason: string };

export interface AutoReplyDeps {
  gateway: SmsGateway;
  rateLimiter: RateLimiter;
  limits: Pick<Limits, 'smsRepliesPerDay'>;
  sessionSecret: string;
}

/**
 * An automatic reply (the answer to HELP) to `to`, through the provider the reply came to. It is a text like
 * every other: the gateway's country and number-type rule first (before any count, so numbers that never get
 * a text cannot use up the day's replies), then the caps, one per number per day and
 * LIMIT_SMS_REPLIES_PER_DAY in all, then the provider's pacer and the record of the attempt. A reply that
 * failed still counts: at most one text a day a number can make us send, whatever the provider did with it.
 */
export async function sendAutoReply(
  deps: AutoReplyDeps,
  reply: { provider: string; to: string; body: string },
): Promise<AutoReplyOutcome> {
  const untextable = deps.gateway.untextable(reply.to);
  if (untextable) return { outcome: 'suppressed', reason: untextable };
  const caps = [
    {
      key: replyCapKey(deps.sessionSecret, reply.to),
      rule: { limit: REPLIES_PER_NUMBER_PER_DAY, windowSeconds: DAY_SECONDS },
      reason: 'number_daily_cap',
    },
    {
      key: GLOBAL_CAP_KEY,
      rule: { limit: deps.limits.smsRepliesPerDay, windowSeconds: DAY_SECONDS },
      reason: 'global_daily_cap',
    },
  ];
  // Fails closed: without the counts there is no bound on what replies cost, and HELP can wait.
  const results = await deps.rateLimiter.hitInOrder(caps).catch(() => null);
  if (!results) return { outcome: 'suppressed', reason: 'limiter_unavailable' };
  const refused = caps[results.findIndex((result) => !result.allowed)];
  if (refused) return { outcome: 'suppressed', reason: refused.reason };
  const result = await deps.gateway.sendThrough(reply.provider, {
    to: reply.to,
    body: reply.body,
    kind: 'reply',
  });
  return outcomeOf(result);
}

function outcomeOf(result: AttemptResult): AutoReplyOutcome {
  switch (result.status) {
    case 'accepted':
      return { outcome: 'sent', provider: result.provider };
    case 'untextable':
      return { outcome: 'suppressed', reason: result.reason };
    case 'busy':
      return { outcome: 'failed', reason: 'pacer_busy' };
    default:
      return { outcome: 'failed', reason: result.error.reason };
  }
}
