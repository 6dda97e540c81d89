import {
  type ClaimedNotification,
  isPhoneOptedOut,
  recordSmsOptOut,
  suppressNotification,
} from '@exrated/db/queries';
import type { DeliveryDeps, DeliveryOutcome, RunState } from './delivery-types';
import { LOOKUP_DELAY_MS, settleOpenAttempt } from './open-attempt';
import { deferDelivery, recordDeliveryFailure } from './retry';
import { ratingTextCapRefusal, refundRatingTextCaps } from './text-caps';

/** A throttled provider is left alone this long when it does not say for how long. */
const THROTTLE_PAUSE_MS = 5_000;

/**
 * Sends one claimed text, or says why not. An earlier attempt whose answer was lost is settled first; before
 * a text's first attempt the opt-outs and the daily caps are checked.
 */
export async function deliverNotification(
  deps: DeliveryDeps,
  notification: ClaimedNotification,
  run: RunState,
): Promise<DeliveryOutcome> {
  const { db, sms, now } = deps;
  const base = { notificationId: notification.id, attempts: notification.attempts };
  try {
    const earlier = await settleOpenAttempt(deps, notification);
    if (earlier) return earlier;
    const countsCaps = notification.attempts === 1;
    const reason =
      (await optOutReason(deps, notification.phoneNumber)) ??
      (countsCaps ? await capReason(deps, notification.phoneNumber) : null);
    if (reason) {
      // Never tried: the attempt the claim counted is taken back.
      await suppressNotification(db, { id: notification.id, reason, attempts: notification.attempts - 1 });
      return { status: 'suppressed', ...base, reason };
    }
    // Handed back unsent and uncounted: its first attempt, and so its caps, come again.
    const handBack = async (until: number, why: string) => {
      if (countsCaps) await refundCaps(deps, notification.phoneNumber);
      return deferDelivery(deps, notification, new Date(until), true, why);
    };
    if (run.throttledUntil > now().getTime()) return handBack(run.throttledUntil, 'throttled');
    const result = await sms.deliverRating({
      notificationId: notification.id,
      to: notification.phoneNumber,
      body: notification.message,
    });
    switch (result.status) {
      case 'accepted':
        return { status: 'sent', ...base, provider: result.provider };
      case 'throttled':
        run.throttledUntil = now().getTime() + (result.error.retryAfterMs ?? THROTTLE_PAUSE_MS);
        return handBack(run.throttledUntil, 'throttled');
      case 'busy':
        // Prompt texts held every slot for as long as a rating text waits: the rest of the batch waits too.
        run.throttledUntil = now().getTime() + Math.max(result.retryAfterMs, THROTTLE_PAUSE_MS);
        return handBack(run.throttledUntil, 'pacer_busy');
      case 'untextable':
        // The allow-list changed since the rating: its text is held back as at submission.
        await suppressNotification(db, {
          id: notification.id,
          reason: result.reason,
          attempts: notification.attempts - 1,
        });
        return { status: 'suppressed', ...base, reason: result.reason };
      case 'unknown':
        deps.logger.warn(
          { notificationId: notification.id, provider: result.provider, reference: result.reference },
          'rating text outcome unknown; the provider is asked before any resend',
        );
        return deferDelivery(
          deps,
          notification,
          new Date(now().getTime() + LOOKUP_DELAY_MS),
          false,
          'outcome_unknown',
        );
      case 'failed':
        if (result.error.optedOut) {
          await recordSmsOptOut(db, { phoneNumber: notification.phoneNumber, source: 'provider' });
          await suppressNotification(db, { id: notification.id, reason: 'opted_out' });
          return { status: 'suppressed', ...base, reason: 'opted_out' };
        }
        return recordDeliveryFailure(deps, notification, result.error.reason);
    }
  } catch (error) {
    return recordDeliveryFailure(deps, notification, error instanceof Error ? error.message : String(error));
  }
}

/** Opted out in our list (the number may have opted out since the rating) or at the provider. */
async function optOutReason(deps: DeliveryDeps, phoneNumber: string): Promise<string | null> {
  if (await isPhoneOptedOut(deps.db, phoneNumber)) return 'opted_out';
  const optedOutAtProvider = await deps.sms.isOptedOut(phoneNumber).catch((error: unknown) => {
    // The provider's list is a second safety net; our own list was already honoured.
    deps.logger.warn({ err: error }, 'provider opt-out check failed');
    return false;
  });
  if (!optedOutAtProvider) return null;
  await recordSmsOptOut(deps.db, { phoneNumber, source: 'provider' });
  return 'opted_out';
}

/** The daily caps on rating texts, counted once per text; they fail open when the limiter is away. */
async function capReason(deps: DeliveryDeps, phoneNumber: string): Promise<string | null> {
  try {
    return await ratingTextCapRefusal(deps.rateLimiter, deps.config, phoneNumber);
  } catch (error) {
    deps.logger.warn({ err: error }, 'rate limiter unavailable; rating text caps not applied');
    return null;
  }
}

async function refundCaps(deps: DeliveryDeps, phoneNumber: string) {
  await refundRatingTextCaps(deps.rateLimiter, deps.config.sessionSecret, phoneNumber).catch(
    (error: unknown) => {
      deps.logger.warn({ err: error }, 'rate limiter unavailable; rating text caps not refunded');
    },
  );
}
