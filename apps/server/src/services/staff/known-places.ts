import { createHash, randomBytes } from 'node:crypto';
import type { Context } from '../../context';
import { networkKey } from '../limits/network-key';

/**
 * Where an account logged in before (docs/staff.md#login-limits): the browsers that carry its signed mark,
 * and the networks it was on. Attempts from such a place count on an allowance of that place, which a
 * stranger elsewhere cannot use up. Both are keyed by the login (unique for good: a removed account keeps
 * its row), so the place is known before the account is read.
 */
const REMEMBERED_SECONDS = 90 * 24 * 60 * 60;

/** Where an attempt comes from, and the key of that place's allowance in the rate-limit helper. */
export interface Place {
  kind: 'device' | 'network' | 'elsewhere';
  allowanceKey: string;
}

/** A Redis key part for a value that should not be readable from the key (a login, a cookie, an address). */
function limitKey(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 22);
}

// A known network is a count of 1 in a 90-day window of the rate-limit helper: shared by every instance
// through Redis (the in-process twin on the embedded default), and gone by itself when nobody logs in there.
const NETWORK_MARK = { limit: 1, windowSeconds: REMEMBERED_SECONDS };

function networkMarkKey(login: string, network: string) {
  return `staff-known-network:${limitKey(login)}:${limitKey(network)}`;
}

/** The browser's mark, when a login to `login` set it (the cookie is signed: nobody makes one up). */
function knownDeviceOf(ctx: Context, login: string): string | null {
  const mark = ctx.cookies.get(ctx.sessions.names.staffDevice);
  return mark?.startsWith(`${limitKey(login)}.`) ? mark : null;
}

/** Where this attempt at `login` comes from: a browser it used, a network it used, or anywhere else. */
export async function placeOf(ctx: Context, login: string): Promise<Place> {
  const device = knownDeviceOf(ctx, login);
  if (device) return { kind: 'device', allowanceKey: `staff-login:device:${limitKey(device)}` };
  const network = networkKey(ctx.request.ipAddress);
  const mark = await ctx.rateLimiter.peek(networkMarkKey(login, network), NETWORK_MARK);
  if (mark.count > 0) {
    return { kind: 'network', allowanceKey: `staff-login:network:${limitKey(login)}:${limitKey(network)}` };
  }
  return { kind: 'elsewhere', allowanceKey: `staff-login:account:${limitKey(login)}` };
}

/** After a login to `login`: this browser and this network are places it used, for another 90 days. */
export async function rememberPlace(ctx: Context, login: string): Promise<void> {
  if (!knownDeviceOf(ctx, login)) {
    ctx.cookies.set(
      ctx.sessions.names.staffDevice,
      `${limitKey(login)}.${randomBytes(16).toString('base64url')}`,
      REMEMBERED_SECONDS,
    );
  }
  const markKey = networkMarkKey(login, networkKey(ctx.request.ipAddress));
  // A new window from today: a network in use stays known for 90 days after its latest login.
  await ctx.rateLimiter.reset([markKey]);
  await ctx.rateLimiter.hit(markKey, NETWORK_MARK);
}
