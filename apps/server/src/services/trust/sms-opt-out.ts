import { deleteSmsOptOut, findNotificationRecipient, recordSmsOptOut } from '@exrated/db/queries';
import type { DeviceSession } from '@exrated/db/schema';
import type { Context } from '../../context';
import { blockedByPrecondition, notFound } from '../errors/domain-error';
import { EXPIRED_LINK_MESSAGE, UUID_PATTERN } from '../notifications/notification-visit';
import { requireFreshProof } from '../sessions/proof-lease';

export const CARRIER_BLOCKS_TEXTS =
  'Your mobile carrier still blocks texts from ExRated. Reply START to the last text you got from ExRated, then try again.';

/**
 * `notification.optOut`: the one-tap 'Stop texting this number' of the /r/{id} landing
 * (docs/trust-and-safety.md#opt-out). The link was texted to the rated phone, so holding it is enough to stop
 * further rating texts to that phone; it opens nothing else. Idempotent: a second tap answers the same and
 * keeps the first opt-out's record. Verification codes the person asks for still go (only rating texts
 * consult the list).
 */
export async function optOutByNotificationLink(ctx: Context, id: string) {
  const notificationId = id.trim();
  if (!UUID_PATTERN.test(notificationId)) {
    ctx.audit.log('sms_opt_out_invalid', { reason: 'malformed_id' });
    throw notFound(EXPIRED_LINK_MESSAGE);
  }
  const recipient = await findNotificationRecipient(ctx.db, notificationId);
  if (!recipient) {
    ctx.audit.log('sms_opt_out_invalid', { notificationId, reason: 'unknown_id' });
    throw notFound(EXPIRED_LINK_MESSAGE);
  }
  const added = await recordSmsOptOut(ctx.db, { phoneNumber: recipient.phoneNumber, source: 'link' });
  // The visitor's entry holds what they did, and names the number so the admin's profile page shows it with
  // that number's history. Whether the number was opted out already (its owner's switch or STOP) is the
  // number's, not theirs to read in their export (docs/anonymity.md#non-interference).
  const link = { notificationId, source: 'link' };
  ctx.audit.log('sms_opt_out', link, { phoneNumber: recipient.phoneNumber });
  ctx.audit.logAboutNumber(
    'sms_opt_out_recorded',
    { ...link, alreadyOptedOut: !added },
    recipient.phoneNumber,
  );
  return { optedOut: true as const };
}

/**
 * `profile.setTextsOptIn`: the /settings switch 'Text me when someone rates me', for the session's proven
 * phone only. Turning texts back on also clears the provider's own opt-out list (a STOP reply) when the
 * provider keeps one: otherwise the next rating text would be refused there and the number opted out again.
 * Turning them back on undoes the owner's word (a STOP reply among them), so it needs a proof within its
 * lease (docs/security.md#sessions).
 */
export async function setTextsOptIn(
  ctx: Context & { session: DeviceSession; viewerPhone: string },
  optIn: boolean,
) {
  const { viewerPhone } = ctx;
  if (!optIn) {
    const added = await recordSmsOptOut(ctx.db, { phoneNumber: viewerPhone, source: 'settings' });
    ctx.audit.log('sms_opt_out', { source: 'settings', alreadyOptedOut: !added });
    return { textsOptIn: false };
  }
  requireFreshProof(ctx.session, ctx.now());
  await optInAtProvider(ctx, viewerPhone);
  const removed = await deleteSmsOptOut(ctx.db, viewerPhone);
  ctx.audit.log('sms_opt_in', { source: 'settings', wasOptedOut: removed });
  return { textsOptIn: true };
}

async function optInAtProvider(ctx: Context, phoneNumber: string) {
  const { sms } = ctx;
  if (!sms.optIn) return;
  let blocked: boolean;
  try {
    blocked = await sms.isOptedOut(phoneNumber);
  } catch (error) {
    // Our own list is what this switch controls; a provider that cannot answer now is asked again at the
    // next text, which records its answer.
    ctx.log.warn({ err: error }, 'provider opt-out check failed during opt-in');
    return;
  }
  if (!blocked) return;
  try {
    await sms.optIn(phoneNumber);
    ctx.audit.log('sms_provider_opt_in', { provider: sms.name });
  } catch (error) {
    ctx.log.warn({ err: error }, 'provider refused the opt-in');
    ctx.audit.log('sms_provider_opt_in_failed', { provider: sms.name });
    throw blockedByPrecondition(CARRIER_BLOCKS_TEXTS, error);
  }
}
