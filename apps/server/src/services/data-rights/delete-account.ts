import { deleteAccountData } from '@exrated/db/queries';
import type { DeviceSession } from '@exrated/db/schema';
import type { Context } from '../../context';
import { recipientTextCapKey } from '../notifications/text-caps';
import { replyCapKey } from '../sms/webhooks/auto-reply';

type ProvenContext = Context & { session: DeviceSession; viewerPhone: string };

/**
 * `profile.deleteAccount`, 'Delete my account' (docs/data-rights.md; Apple requires it inside the app): the
 * profile, the sessions that proved the number, the ratings the person gave, and everything in activity and
 * error entries that points at them, in one transaction; then the Redis keys that name the number. This
 * browser's cookie is cleared. The audit entry of the deletion carries no session, phone, address or browser.
 */
export async function deleteAccount(ctx: ProvenContext) {
  const phone = ctx.viewerPhone;
  const deleted = await deleteAccountData(ctx.db, { phone, deviceSessionId: ctx.session.id });
  // The deleted sessions include this one: forgotten with the others, then only its cookie is left to clear.
  await ctx.sessions.forgetDevices(deleted.sessionIds);
  ctx.sessions.clearDeviceCookie(ctx.cookies);
  // The rows are gone either way: a Redis fault here is logged, and the keys expire within a day.
  await Promise.all([
    ctx.codeStore.forget(phone),
    ctx.rateLimiter.reset([recipientTextCapKey(phone), replyCapKey(phone)]),
  ]).catch((error: unknown) =>
    ctx.log.error({ err: error }, 'account deleted; its Redis keys could not be removed'),
  );
  ctx.audit.forgetRequester();
  ctx.audit.log('account_deleted', { ratings: deleted.ratings, sessions: deleted.sessions });
  return { deleted: true as const };
}
