import { deleteAccountData } from '@exrated/db/queries';
import type { DeviceSession } from '@exrated/db/schema';
import type { Context } from '../../context';

type ProvenContext = Context & { session: DeviceSession; viewerPhone: string };

/**
 * `profile.deleteAccount`, 'Delete my account' (DESIGN.md section 5; Apple requires it inside the app): the
 * profile, every session of the number, the ratings the person gave and their phone in activity entries go,
 * in one transaction; this browser's cookie is cleared. The audit entry of the deletion carries no phone.
 */
export async function deleteAccount(ctx: ProvenContext) {
  const deleted = await deleteAccountData(ctx.db, {
    phone: ctx.viewerPhone,
    deviceSessionId: ctx.session.id,
  });
  // The deleted sessions include this one: forgotten with the others, then only its cookie is left to clear.
  await ctx.sessions.forgetDevices(deleted.sessionIds);
  ctx.sessions.clearDeviceCookie(ctx.cookies);
  ctx.audit.log(
    'account_deleted',
    { ratings: deleted.ratings, sessions: deleted.sessions },
    { phoneNumber: null },
  );
  return { deleted: true as const };
}
