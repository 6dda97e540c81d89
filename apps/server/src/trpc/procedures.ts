import { RATINGS_TO_UNLOCK } from '@exrated/content/unlock';
import { countRatingsGiven } from '@exrated/db/queries';
import type { DeviceSession, StaffRole } from '@exrated/db/schema';
import { TRPCError, type TRPCProcedureType } from '@trpc/server';
import type { Context } from '../context';
import { enforceProcedureLimit } from '../services/limits/procedure-limits';
import { requireFreshProof } from '../services/sessions/proof-lease';
import { isDependencyUnavailable } from './dependency-errors';
import { transportError } from './domain-errors';
import { procedure, refuseNulCharacters } from './init';

/**
 * The procedure kinds of docs/security.md. Authorization lives here and only here: a resolver never
 * checks who its caller is, and the viewer's phone always comes from the session, never from input.
 */

/**
 * Anyone. Input holding U+0000 is refused first; audit entries the procedure records are written once, after
 * it ends, whatever its outcome; a service's domain error leaves as its tRPC code (domain-errors.ts). One
 * middleware for all three: each tRPC middleware layer costs every request (tRPC copies its options per
 * layer), and every procedure starts here.
 */
export const publicProcedure = procedure
  .meta({ access: 'public' })
  .use(async ({ ctx, next, path, getRawInput }) => {
    const timed = ctx.metrics.startProcedure(path);
    await enforceProcedureLimit(ctx, path, null).catch((thrown: unknown) => {
      throw transportError(thrown);
    });
    refuseNulCharacters(await getRawInput());
    const result = await next();
    const error = result.ok ? null : transportError(result.error);
    timed(error ? error.code : 'ok');
    if (error?.code === 'INTERNAL_SERVER_ERROR') {
      ctx.log.error({ err: error.cause ?? error, path }, 'procedure failed');
      ctx.audit.error({
        action: path,
        message: error.cause?.message ?? error.message,
        stack: error.cause?.stack ?? null,
        severity: 'high',
        errorType: 'server',
        componentName: path,
      });
    }
    // With the database away the entries cannot be written either: the answer does not wait for the attempt.
    if (error && isDependencyUnavailable(error.cause)) void ctx.audit.flush();
    else await ctx.audit.flush();
    // Thrown here, tRPC makes it the call's result just as it does the result it came in.
    if (error) throw error;
    return result;
  });

/**
 * Has a device session: loads it from the cookie, or creates one and sets the cookie (within the network's cap
 * on new sessions, docs/security.md). A query may be served
 * by the session read of a moment ago (SessionCache); a mutation always reads the session's row.
 */
export const deviceProcedure = publicProcedure
  .meta({ access: 'device' })
  .use(async ({ ctx, next, type }) => next({ ctx: { session: await deviceSessionOf(ctx, type) } }));

/** The device session has proven a phone with an SMS code. */
export const provenProcedure = publicProcedure
  .meta({ access: 'proven' })
  .use(async ({ ctx, next, type, path }) => {
    const session = await deviceSessionOf(ctx, type);
    const viewerPhone = provenPhoneOf(session);
    await enforceProcedureLimit(ctx, path, viewerPhone);
    return next({ ctx: { session, viewerPhone } });
  });

/**
 * The phone was proven in this session within the proof's lease (docs/security.md#sessions): what hands the
 * number's data over or ends its account.
 */
export const recentlyProvenProcedure = publicProcedure
  .meta({ access: 'recentlyProven' })
  .use(async ({ ctx, next, type, path }) => {
    const session = await deviceSessionOf(ctx, type);
    const viewerPhone = provenPhoneOf(session);
    // Before the count: a session whose lease has run out spends none of the number's allowance, so someone
    // who once read one code cannot use up its owner's exports and deletion.
    requireFreshProof(session, ctx.now());
    await enforceProcedureLimit(ctx, path, viewerPhone);
    return next({ ctx: { session, viewerPhone } });
  });

/**
 * The phone is proven and the viewer has given enough ratings to see the ones they received
 * (docs/security.md). Unlocking never reverts: the count only grows as ratings are given or attributed.
 */
export const unlockedProcedure = publicProcedure
  .meta({ access: 'unlocked' })
  .use(async ({ ctx, next, type, path }) => {
    const session = await deviceSessionOf(ctx, type);
    const viewerPhone = provenPhoneOf(session);
    await enforceProcedureLimit(ctx, path, viewerPhone);
    await refuseUntilUnlocked(ctx, session.id, viewerPhone);
    return next({ ctx: { session, viewerPhone } });
  });

// The four kinds above are each one middleware over publicProcedure, built from the steps below, rather than
// layers over one another: tRPC copies a call's options and its whole context for every layer (its object
// spreads were 3.6 % of profile.ratingsReceived's CPU in a profile, when it had four layers).

async function deviceSessionOf(ctx: Context, type: TRPCProcedureType): Promise<DeviceSession> {
  const session = await ctx.sessions.resolveDevice(ctx.cookies, {
    fresh: type !== 'query',
    ipAddress: ctx.request.ipAddress,
  });
  const provenPhone = session.phoneProvenAt ? session.phoneNumber : null;
  ctx.audit.setActor({ userId: session.id, phoneNumber: provenPhone });
  return session;
}

function provenPhoneOf({ phoneNumber, phoneProvenAt }: DeviceSession): string {
  if (!phoneNumber || !phoneProvenAt) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please verify your phone number first.' });
  }
  return phoneNumber;
}

async function refuseUntilUnlocked(ctx: Context, sessionId: string, viewerPhone: string): Promise<void> {
  if (ctx.unlockedViewers.has(sessionId, viewerPhone)) return;
  const ratingsGiven = await countRatingsGiven(ctx.db, {
    deviceSessionId: sessionId,
    provenPhone: viewerPhone,
  });
  if (ratingsGiven < RATINGS_TO_UNLOCK) {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: "Rate any 2 of your past ex's to view who has rated you.",
    });
  }
  ctx.unlockedViewers.add(sessionId, viewerPhone);
}

/**
 * A staff member with a live session (its own cookie, independent of the device session), of one of `roles`
 * (docs/staff.md): moderators work the queue, profiles and logs; admins everything. Every activity entry of
 * the request names the staff member.
 */
function staffWithRole(access: 'staff' | 'admin', roles: readonly StaffRole[]) {
  return publicProcedure.meta({ access }).use(async ({ ctx, next, type }) => {
    const adminSession = await ctx.sessions.resolveAdmin(ctx.cookies, { fresh: type !== 'query' });
    if (!adminSession) {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please log in as an administrator.' });
    }
    if (!roles.includes(adminSession.staffRole)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'This needs an admin account.' });
    }
    ctx.audit.setActor({
      userId: `staff:${adminSession.staffId}`,
      phoneNumber: null,
      staff: adminSession.staffName,
    });
    return next({ ctx: { adminSession } });
  });
}

/** Any staff member: the queue, decisions, profiles and logs. */
export const staffProcedure = staffWithRole('staff', ['admin', 'moderator']);

/** Admins only: staff management, settings, the dashboard and the SQL tool. */
export const adminProcedure = staffWithRole('admin', ['admin']);
