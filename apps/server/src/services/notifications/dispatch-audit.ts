import type { ClaimedNotification } from '@exrated/db/queries';
import type { NewErrorLogEntry, NewLogEntry } from '@exrated/db/schema';
import { parsePhone } from '../phone/phone';
import type { DeliveryOutcome } from './delivery-types';

export interface DispatchSummary {
  claimed: number;
  sent: number;
  failed: number;
  suppressed: number;
  deferred: number;
}

/** A batch's audit, gathered while it runs and handed to the audit log once at its end. */
export interface DispatchAudit {
  logs: NewLogEntry[];
  errors: NewErrorLogEntry[];
}

/** Before a text is tried: the attempt's activity entry. */
export function recordAttempt(audit: DispatchAudit, notification: ClaimedNotification) {
  audit.logs.push(systemLog('sms_notification_attempted', notification));
}

/** Counts the outcome in the summary and writes its activity entry (and, for a failure, its error). */
export function recordOutcome(
  summary: DispatchSummary,
  audit: DispatchAudit,
  notification: ClaimedNotification,
  outcome: DeliveryOutcome,
) {
  const country = parsePhone(notification.phoneNumber)?.country ?? null;
  if (outcome.status === 'sent') {
    summary.sent += 1;
    audit.logs.push(
      systemLog('sms_notification_sent', notification, { country, provider: outcome.provider }),
    );
  } else if (outcome.status === 'deferred') {
    summary.deferred += 1;
    audit.logs.push(systemLog('sms_notification_deferred', notification, { reason: outcome.reason }));
  } else if (outcome.status === 'failed') {
    summary.failed += 1;
    audit.logs.push(
      systemLog('sms_notification_failed', notification, {
        error: outcome.error,
        willRetry: outcome.willRetry,
      }),
    );
    audit.errors.push(sendFailureError(notification, outcome.error));
  } else if (outcome.status === 'suppressed') {
    summary.suppressed += 1;
    audit.logs.push(systemLog('sms_notification_suppressed', notification, { reason: outcome.reason }));
  }
}

/** Entries written by the dispatcher itself: no request, no acting person. */
function systemLog(
  action: string,
  notification: ClaimedNotification,
  extra: Record<string, unknown> = {},
): NewLogEntry {
  return {
    action,
    details: {
      notificationId: notification.id,
      ratingId: notification.ratingId,
      attempts: notification.attempts,
      source: 'dispatcher',
      ...extra,
    },
    userId: null,
    phoneNumber: null,
    ipAddress: null,
    userAgent: null,
  };
}

function sendFailureError(notification: ClaimedNotification, error: string): NewErrorLogEntry {
  return {
    errorMessage: `Failed to send notification: ${error}`,
    errorType: 'sms',
    severity: 'high',
    componentName: 'notification-dispatcher',
    details: { action: 'sms_notification_failed', notificationId: notification.id },
  };
}
