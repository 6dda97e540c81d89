import { RATINGS_TO_UNLOCK } from '@exrated/content/unlock';
import {
  countRatingsGiven,
  deleteClaimedProfileByPhone,
  findClaimedProfileByPhone,
  findNumberSwitches,
} from '@exrated/db/queries';
import type { DeviceSession } from '@exrated/db/schema';
import type { Context } from '../../context';
import { networkKey } from '../limits/network-key';
import { enforceRateLimit } from '../limits/rate-limit-errors';
import { ratingAuthorOf } from '../rating/rating-claims';

type DeviceContext = Context & { session: DeviceSession };

function provenPhoneOf(session: DeviceSession): string | null {
  return session.phoneProvenAt ? session.phoneNumber : null;
}

/**
 * profile.me: who this device session is, decided by the server from the session and the tab's claims. The
 * phone is the proven one only: a number typed before a proof is the tab's to show (the client keeps it),
 * never the next visitor's of a shared browser, and before a proof the count is of the tab's own ratings
 * (docs/security.md#sessions). The display name only comes with a proven phone, so typing someone else's
 * number never reveals anything about their profile.
 */
export async function loadViewerProfile(ctx: DeviceContext) {
  const provenPhone = provenPhoneOf(ctx.session);
  const [ratingsGiven, profile, switches] = await Promise.all([
    countRatingsGiven(ctx.db, ratingAuthorOf(ctx)),
    provenPhone ? findClaimedProfileByPhone(ctx.db, provenPhone) : null,
    provenPhone ? findNumberSwitches(ctx.db, provenPhone) : null,
  ]);
  return {
    phoneNumber: provenPhone,
    name: profile?.name ?? null,
    isVerified: provenPhone !== null,
    isUnlocked: ratingsGiven >= RATINGS_TO_UNLOCK,
    ratingsGiven,
    /** Whether rating texts go to the proven phone (the /settings switch); null without a proven phone. */
    textsOptIn: switches ? !switches.optedOut : null,
    /** 'Do not rate me' of the proven phone (the /settings switch); null without a proven phone. */
    doNotRate: switches ? switches.doNotRate : null,
  };
}

/**
 * profile.savePhone (the unlock form): keeps the number on this device session, unproven, and creates the
 * unverified profile row when none exists. It grants nothing: only a code proves the phone. Each call may
 * create a row, so calls are limited per network (docs/security.md#codes); and the work and the audit entry
 * are the same whether or not the row existed, so neither the answer nor its timing tells.
 */
export async function savePhoneForDevice(ctx: DeviceContext, phone: string) {
  await enforceRateLimit(
    ctx.rateLimiter,
    `profile-save-phone:ip:${networkKey(ctx.request.ipAddress)}`,
    { limit: ctx.config.limits.phoneSavesPerIpPerHour, windowSeconds: 3600 },
    (wait) => `Too many phone numbers saved from your network. Please try again ${wait}.`,
  );
  const keepsProof = provenPhoneOf(ctx.session) === phone;
  await ctx.sessions.saveUnprovenPhone(ctx.session, phone, !keepsProof);
  ctx.audit.log('profile_phone_saved', { source: 'unlock' }, { phoneNumber: phone });
  return { phoneNumber: phone };
}

/**
 * profile.logout: ends this device session and clears its cookie. The profile row is deleted
 * (docs/product.md#log-out) only for a proven phone: an unproven session cannot delete a profile by typing
 * its number.
 */
export async function logOutDevice(ctx: DeviceContext) {
  const provenPhone = provenPhoneOf(ctx.session);
  const profileDeleted = provenPhone ? await deleteClaimedProfileByPhone(ctx.db, provenPhone) : false;
  await ctx.sessions.revokeDevice(ctx.cookies, ctx.session);
  ctx.audit.log('profile_cleared', { profileDeleted });
  return { ok: true as const };
}
