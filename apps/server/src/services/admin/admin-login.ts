import { createHash, timingSafeEqual } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { Context } from '../../context';
import { networkKey } from '../limits/network-key';
import { enforceRateLimit } from '../limits/rate-limit-errors';

const LOGIN_WINDOW_SECONDS = 15 * 60;

/**
 * Compares digests rather than the strings: both sides are always 32 bytes, so neither the comparison's time
 * nor a length check tells an attacker anything about the password.
 */
export function passwordMatches(candidate: string, expected: string): boolean {
  const a = createHash('sha256').update(candidate, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/**
 * DESIGN.md section 2: the admin password is checked on the server. Every attempt counts against the
 * per-IP cap before the password is looked at, so guessing is slow however the guesses are spread out.
 */
export async function loginAdmin(ctx: Context, password: string): Promise<{ isAdmin: true }> {
  try {
    await enforceRateLimit(
      ctx.rateLimiter,
      `admin-login:ip:${networkKey(ctx.request.ipAddress)}`,
      { limit: ctx.config.limits.adminLoginsPerIpPer15Min, windowSeconds: LOGIN_WINDOW_SECONDS },
      (wait) => `Too many login attempts, try again ${wait}.`,
    );
  } catch (error) {
    // Not written to the activity log: a flood of blocked attempts must not become a flood of rows.
    ctx.log.warn({ ip: ctx.request.ipAddress }, 'admin login rate limited');
    throw error;
  }

  if (!passwordMatches(password, ctx.adminPassword)) {
    ctx.audit.log('admin_login_failed', { reason: 'invalid_password' }, { phoneNumber: null });
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Invalid password' });
  }

  // A fresh token on every login; an admin session this browser already had ends here.
  const previous = await ctx.sessions.resolveAdmin(ctx.cookies, { fresh: true });
  if (previous) await ctx.sessions.revokeAdmin(ctx.cookies, previous);
  const session = await ctx.sessions.createAdmin(ctx.cookies);
  ctx.audit.setActor({ userId: `admin:${session.id}`, phoneNumber: null });
  ctx.audit.log('admin_login_succeeded');
  return { isAdmin: true };
}
