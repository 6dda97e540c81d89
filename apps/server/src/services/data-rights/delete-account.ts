import { deleteAccountData } from '@exrated/db/queries';
import type { DeviceSession } from '@exrated/db/schema';
import type { Context } from '../../context';
import { erasedAccountKey } from '../moderation/repeat-offenders';
import { ratingWindows } from '../rating/rating-limits';

type ProvenContext = Context & { session: DeviceSession; viewerPhone: string };

/**
 * `profile.deleteAccount`, 'Delete my account' (docs/data-rights.md; Apple requires it inside the app): the
 * profile, the sessions that proved the number, the ratings the person gave, and everything in activity and
 * error entries that points at them, in one transaction; then the live code of the number. This browser's
 * cookie is cleared. The audit entry of the deletion carries no session, phone, address or browser.
 *
 * Deletion erases the person, not what protects others from them: under a keyed hash of the phone, the
 * numbers they rated within the once-per-30-days window and the moderators' removals of their ratings stay;
 * the code texts' ledger and the per-recipient text cap stay in Redis (keyed hashes too) until they expire.
 */
export async function deleteAccount(ctx: ProvenContext) {
  const phone = ctx.viewerPhone;
  const deleted = await deleteAccountData(ctx.db, {
    phone,
    deviceSessionId: ctx.session.id,
    keep: {
      authorKey: erasedAccountKey(ctx.config.sessionSecret, phone),
      ratedSince: ratingWindows(ctx.config.limits, ctx.now()).repeatSince,
    },
  });
  // The deleted sessions include this one: forgotten with the others, then only its cookie is left to clear.
  await ctx.sessions.forgetDevices(deleted.sessionIds);
  ctx.sessions.clearDeviceCookie(ctx.cookies);
  // The rows are gone either way: a Redis fault here is logged, and the code expires within 10 minutes.
  await ctx.codeStore
    .forgetCode(phone)
    .catch((error: unknown) =>
      ctx.log.error({ err: error }, 'account deleted; its live code could not be removed'),
    );
  ctx.audit.forgetRequester();
  ctx.audit.log('account_deleted', { ratings: deleted.ratings, sessions: deleted.sessions });
  return { deleted: true as const };
}
