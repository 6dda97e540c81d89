import {
  type ClaimedNotification,
  recordNotificationFailure,
  releaseNotification,
} from '@exrated/db/queries';
import type { DeliveryDeps, DeliveryOutcome } from './delivery-types';

/** Hands the text back to the outbox, due at `nextAttemptAt`; `uncount` takes back the claim's attempt. */
export async function deferDelivery(
  deps: Pick<DeliveryDeps, 'db'>,
  notification: ClaimedNotification,
  nextAttemptAt: Date,
  uncount: boolean,
  reason: string,
): Promise<DeliveryOutcome> {
  await releaseNotification(deps.db, { id: notification.id, nextAttemptAt, uncount });
  return { status: 'deferred', notificationId: notification.id, reason };
}

/**
 * A failed attempt backs off exponentially (retryBaseSeconds * 2^(attempts - 1)) until maxAttempts, then the
 * text is `failed`.
 */
export async function recordDeliveryFailure(
  deps: Pick<DeliveryDeps, 'db' | 'config' | 'logger' | 'now'>,
  notification: ClaimedNotification,
  error: string,
): Promise<DeliveryOutcome> {
  const { maxAttempts, retryBaseSeconds } = deps.config.notifications;
  const giveUp = notification.attempts >= maxAttempts;
  const delayMs = retryBaseSeconds * 1000 * 2 ** (notification.attempts - 1);
  deps.logger.warn(
    { notificationId: notification.id, attempts: notification.attempts, error, giveUp },
    'rating text not sent',
  );
  try {
    await recordNotificationFailure(deps.db, {
      id: notification.id,
      error,
      nextAttemptAt: new Date(deps.now().getTime() + delayMs),
      giveUp,
    });
  } catch (writeError) {
    // The lease set by the claim still stands: the row is retried once it ends.
    deps.logger.error({ err: writeError, notificationId: notification.id }, 'could not record failure');
  }
  return {
    status: 'failed',
    notificationId: notification.id,
    attempts: notification.attempts,
    error,
    willRetry: !giveUp,
  };
}
