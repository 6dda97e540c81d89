import type { StaffAccount } from '@exrated/db/schema';
import type { Context } from '../../context';
import { DomainError } from '../errors/domain-error';
import { networkKey, siteKey } from '../limits/network-key';
import { tooManyRequests } from '../limits/rate-limit-errors';
import type { RateLimitHit } from '../limits/rate-limiter';
import { type Place, placeOf } from './known-places';
import { verifyPassword } from './passwords';

const NETWORK_WINDOW_SECONDS = 15 * 60;
/**
 * The window of the account's allowances. A stranger who fills the shared one keeps out only attempts from
 * browsers and networks the account never used, and only while the stranger goes on (docs/staff.md).
 */
export const ACCOUNT_WINDOW_SECONDS = 5 * 60;
/** Attempts from one browser the account logged in from before, per account window. */
export const KNOWN_DEVICE_ATTEMPTS = 10;
/** Attempts from one network the account logged in from before, from new browsers, per account window. */
export const KNOWN_NETWORK_ATTEMPTS = 10;

const networkMessage = (wait: string) => `Too many login attempts, try again ${wait}.`;
const accountMessage = (wait: string) => `Too many login attempts for this account, try again ${wait}.`;

/**
 * Every check of a staff password, at login and on a reset link (docs/staff.md#login-limits), in one place:
 * the attempt counts, before the password is looked at, against the caller's network (and, for IPv6, its
 * /48), then against the account's allowance for where it comes from: a browser or network the account
 * used before, or the shared one of everywhere else. Then the password is hashed in its turn, a known place
 * ahead of strangers; `account` is read only then, so what the caps or the queue refuse costs no query.
 */
export async function checkStaffPassword(
  ctx: Context,
  input: { login: string; account: () => Promise<StaffAccount | null>; password: string },
): Promise<{ account: StaffAccount | null; passwordOk: boolean }> {
  await limited(ctx, () => countNetwork(ctx));
  const place = await placeOf(ctx, input.login);
  await limited(ctx, () => countPlace(ctx, place));
  const found: { account: StaffAccount | null } = { account: null };
  const passwordOk = await limited(ctx, () =>
    verifyPassword(
      input.password,
      async () => {
        found.account = await input.account();
        return found.account?.passwordHash ?? null;
      },
      place.kind === 'elsewhere' ? 'stranger' : 'known',
    ),
  );
  return { account: found.account, passwordOk: passwordOk && found.account !== null };
}

async function countNetwork(ctx: Context) {
  const rule = { limit: ctx.config.limits.adminLoginsPerIpPer15Min, windowSeconds: NETWORK_WINDOW_SECONDS };
  const hits: RateLimitHit[] = [{ key: `admin-login:ip:${networkKey(ctx.request.ipAddress)}`, rule }];
  const site = siteKey(ctx.request.ipAddress);
  if (site) {
    hits.push({
      key: `admin-login:site:${site}`,
      rule: {
        limit: ctx.config.limits.adminLoginsPerIpv6SitePer15Min,
        windowSeconds: NETWORK_WINDOW_SECONDS,
      },
    });
  }
  const refused = (await ctx.rateLimiter.hitInOrder(hits)).find((result) => !result.allowed);
  if (refused) throw tooManyRequests(refused.retryAfterSeconds, networkMessage);
}

async function countPlace(ctx: Context, place: Place) {
  const limit = {
    device: KNOWN_DEVICE_ATTEMPTS,
    network: KNOWN_NETWORK_ATTEMPTS,
    elsewhere: ctx.config.limits.staffLoginsPerAccountPer5Min,
  }[place.kind];
  const result = await ctx.rateLimiter.hit(place.allowanceKey, {
    limit,
    windowSeconds: ACCOUNT_WINDOW_SECONDS,
  });
  if (!result.allowed) {
    throw tooManyRequests(
      result.retryAfterSeconds,
      place.kind === 'elsewhere' ? accountMessage : networkMessage,
    );
  }
}

// Not written to the activity log: a flood of refused attempts must not become a flood of rows.
async function limited<T>(ctx: Context, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'too_many_requests') {
      ctx.log.warn({ ip: ctx.request.ipAddress }, 'staff password check refused by a cap');
    }
    throw error;
  }
}
