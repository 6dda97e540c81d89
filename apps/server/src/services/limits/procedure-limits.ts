import type { Limits } from '../../config';
import type { Context } from '../../context';
import { keyedPhone } from '../data-rights/phone-keys';
import { networkKey } from './network-key';
import { tooManyRequests } from './rate-limit-errors';
import type { RateLimitRule } from './rate-limiter';

/**
 * The caps of the procedures that have no cap of their own in their service (docs/data-rights.md, 'Rate
 * limits'). Each is keyed on what an abuser pays for: the proven phone for the subject's controls (a fresh
 * cookie or address buys nothing there), the network (an IPv4 address or an IPv6 /64) for the rest.
 */
export interface ProcedureLimit {
  key: 'phone' | 'network';
  rule: (limits: Limits) => RateLimitRule;
  message: (wait: string) => string;
}

const HOUR_SECONDS = 3600;

const accountChange: ProcedureLimit = {
  key: 'phone',
  rule: (limits) => ({ limit: limits.accountChangesPerPhonePerHour, windowSeconds: HOUR_SECONDS }),
  message: (wait) => `Too many changes to your account. Please try again ${wait}.`,
};

const perNetwork: ProcedureLimit = {
  key: 'network',
  rule: (limits) => ({ limit: limits.callsPerIpPerMinute, windowSeconds: 60 }),
  message: (wait) => `Too many requests from your network. Please try again ${wait}.`,
};

export const PROCEDURE_LIMITS: Readonly<Record<string, ProcedureLimit>> = {
  'profile.exportData': {
    key: 'phone',
    rule: (limits) => ({ limit: limits.exportsPerPhonePerDay, windowSeconds: 24 * HOUR_SECONDS }),
    message: (wait) => `You have downloaded your data several times today. Please try again ${wait}.`,
  },
  'profile.deleteAccount': accountChange,
  'profile.setDoNotRate': accountChange,
  'profile.setTextsOptIn': accountChange,
  'profile.updateName': accountChange,
  'profile.appeal': perNetwork,
  'profile.logout': perNetwork,
  'notification.visit': perNetwork,
  'notification.optOut': perNetwork,
  'notice.status': perNetwork,
  'transparency.report': perNetwork,
  'staff.beginEnrolment': perNetwork,
  'staff.completeEnrolment': perNetwork,
  'staff.passkeyLoginOptions': perNetwork,
};

/**
 * A phone as a limit key: an HMAC with the server secret, so no Redis key names a number (a deleted account
 * leaves none behind) while the count stays per number.
 */
export function phoneLimitKey(secret: string, phone: string): string {
  return keyedPhone(secret, 'procedure-limit', phone);
}

/**
 * Counts a call of `path` against its cap and refuses it over the cap. `provenPhone` is the caller's proven
 * phone once the procedure has resolved it: phone-keyed caps are counted then, network caps before anything
 * else. Like the rating caps, these fail open: with Redis away the call goes on and the fault is logged.
 */
export async function enforceProcedureLimit(ctx: Context, path: string, provenPhone: string | null) {
  const limit = PROCEDURE_LIMITS[path];
  if (!limit || (limit.key === 'phone') !== (provenPhone !== null)) return;
  const subject =
    provenPhone !== null
      ? `phone:${phoneLimitKey(ctx.config.sessionSecret, provenPhone)}`
      : `ip:${networkKey(ctx.request.ipAddress)}`;
  const rule = limit.rule(ctx.config.limits);
  let result: Awaited<ReturnType<Context['rateLimiter']['hit']>>;
  try {
    result = await ctx.rateLimiter.hit(`procedure:${path}:${subject}`, rule);
  } catch (error) {
    ctx.log.warn({ err: error, path }, 'rate limiter unavailable; procedure cap not applied');
    return;
  }
  if (!result.allowed) throw tooManyRequests(result.retryAfterSeconds, limit.message);
}
