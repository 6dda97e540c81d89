import { type ClaimedNotification, findOpenSmsAttempt, recordSmsRefused } from '@exrated/db/queries';
import type { SmsGateway } from '../sms/sms-gateway';
import type { DeliveryDeps, DeliveryOutcome } from './delivery-types';
import { deferDelivery } from './retry';

/** How long after a lost answer the provider is asked about it (its receipt may name it first). */
export const LOOKUP_DELAY_MS = 30_000;
/**
 * How long an attempt whose provider cannot be asked (End User Messaging, SNS) waits for a receipt naming
 * it; none by then means the provider never took it, and the text is sent again (docs/sms.md).
 */
export const RESOLVE_WINDOW_MS = 10 * 60_000;

/**
 * An attempt of an earlier run whose answer was lost (a time-out, a crash, the database away when the
 * acceptance came): the provider is asked before anything else. Found: the text is sent, never again.
 * Not found: a new attempt may go (null). Cannot tell yet: asked again later, until its receipts had time to
 * name it (RESOLVE_WINDOW_MS).
 */
export async function settleOpenAttempt(
  deps: Pick<DeliveryDeps, 'db' | 'sms' | 'logger' | 'now'>,
  notification: ClaimedNotification,
): Promise<DeliveryOutcome | null> {
  const { db, sms, now } = deps;
  const open = await findOpenSmsAttempt(db, notification.id);
  if (!open) return null;
  const retryAt = new Date(now().getTime() + LOOKUP_DELAY_MS);
  let answer: Awaited<ReturnType<SmsGateway['ask']>>;
  try {
    answer = await sms.ask(open.provider, {
      reference: open.id,
      to: notification.phoneNumber,
      body: notification.message,
      since: open.createdAt,
    });
  } catch (error) {
    deps.logger.warn({ err: error, reference: open.id }, 'provider lookup failed; asking again later');
    return deferDelivery(deps, notification, retryAt, true, 'lookup_failed');
  }
  if (answer.found) {
    await sms.accepted(open.id, open.provider, answer.messageId, 'rating', notification.phoneNumber);
    return {
      status: 'sent',
      notificationId: notification.id,
      attempts: notification.attempts - 1,
      provider: open.provider,
    };
  }
  const waitedMs = now().getTime() - open.createdAt.getTime();
  if (!answer.final && waitedMs < RESOLVE_WINDOW_MS) {
    return deferDelivery(deps, notification, retryAt, true, 'outcome_unknown');
  }
  await recordSmsRefused(db, {
    reference: open.id,
    reason: answer.final ? 'not found at the provider' : 'no receipt named it within the resolve window',
    at: now(),
  });
  return null;
}
