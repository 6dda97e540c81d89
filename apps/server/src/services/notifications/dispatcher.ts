import type { Database } from '@exrated/db';
import {
  type ClaimedNotification,
  claimNotifications,
  insertAuditEntries,
  isPhoneOptedOut,
  markNotificationSent,
  recordNotificationFailure,
  recordSmsOptOut,
  suppressNotification,
} from '@exrated/db/queries';
import type { NewErrorLogEntry, NewLogEntry } from '@exrated/db/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { AuditObserver } from '../audit-writer';
import { SmsDeliveryError, type SmsSender } from '../sms/sms-sender';

/**
 * How long a claim keeps other instances away from a notification. Longer than one send can take (the send
 * is cut off after SEND_TIMEOUT_MS), so a live sender always finishes before its lease runs out; a sender
 * that dies mid-way leaves a lease that simply expires, and the row is retried.
 */
const LEASE_MS = 120_000;
const SEND_TIMEOUT_MS = 30_000;
const BATCH_SIZE = 25;

export type DeliveryOutcome =
  | { status: 'sent'; notificationId: string; attempts: number }
  /** Failed this time; `willRetry` false means it gave up (status `failed`). */
  | { status: 'failed'; notificationId: string; attempts: number; error: string; willRetry: boolean }
  | { status: 'suppressed'; notificationId: string; attempts: number; reason: string }
  /** Another sender holds it (or it was already handled): nothing was done here. */
  | { status: 'not_claimed'; notificationId: string };

export interface DispatchSummary {
  claimed: number;
  sent: number;
  failed: number;
  suppressed: number;
}

export interface DispatcherDeps {
  db: Database;
  sms: SmsSender;
  config: Pick<Config, 'notifications'>;
  logger: FastifyBaseLogger;
  now: () => Date;
  /** Sees the activity entries the dispatcher writes itself, as request audits are seen (metrics). */
  observeAudit?: AuditObserver;
}

/**
 * Delivers rating texts from the notifications table, which is the outbox: the send right after a rating
 * commits (`deliverFresh`, on a row created leased to its request) and the periodic retry of everything still
 * pending (`runOnce`, which claims due rows with a locking statement), so two instances, or a request and the
 * timer, never send one text twice.
 * Failures back off exponentially (retryBaseSeconds * 2^(attempts - 1)) until maxAttempts, then `failed`.
 */
export class NotificationDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<DispatchSummary> | null = null;
  /** When the run in progress started; null between runs. */
  private runStartedAt: number | null = null;

  constructor(private readonly deps: DispatcherDeps) {}

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => {
      void this.runOnce().catch((error: unknown) =>
        this.deps.logger.error({ err: error }, 'notification dispatch failed'),
      );
    }, this.deps.config.notifications.dispatchIntervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a run in progress, so nothing touches the database after close. */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Sends every due pending notification (one batch). Overlapping calls share the run in progress. */
  runOnce(): Promise<DispatchSummary> {
    if (!this.running) {
      this.runStartedAt = this.deps.now().getTime();
      this.running = this.dispatchDue().finally(() => {
        this.running = null;
        this.runStartedAt = null;
      });
    }
    return this.running;
  }

  /**
   * For readiness: 'stuck' when the timer runs and a run has been going for longer than any run that still
   * works can take (`notifications.stuckAfterMs`): a hung statement or send, which no timeout ended. A
   * provider that fails or answers slowly is not stuck: its runs end, and its texts are retried. 'off' when
   * the timer was never started (tests drive `runOnce` themselves).
   */
  health(): 'ok' | 'stuck' | 'off' {
    if (!this.timer) return 'off';
    const startedAt = this.runStartedAt;
    const stuck =
      startedAt !== null &&
      this.deps.now().getTime() - startedAt > this.deps.config.notifications.stuckAfterMs;
    return stuck ? 'stuck' : 'ok';
  }

  /**
   * The send right after a rating commits; the caller logs the outcome with its request. The row was inserted
   * already leased to this request with its first attempt counted (`freshLease`), so no claim is needed: the
   * timer leaves it alone until the lease ends, and retries it then if this process died before sending.
   */
  deliverFresh(notification: ClaimedNotification): Promise<DeliveryOutcome> {
    return this.deliver(notification, { checkOptOutList: false });
  }

  /** What a just-created notification row carries so that `deliverFresh` may send it without a claim. */
  freshLease() {
    return { attempts: 1, nextAttemptAt: this.leaseUntil() };
  }

  private async dispatchDue(): Promise<DispatchSummary> {
    const claimed = await claimNotifications(this.deps.db, {
      now: this.deps.now(),
      limit: BATCH_SIZE,
      leaseUntil: this.leaseUntil(),
    });
    const summary: DispatchSummary = { claimed: claimed.length, sent: 0, failed: 0, suppressed: 0 };
    if (claimed.length === 0) return summary;
    const logs: NewLogEntry[] = [];
    const errors: NewErrorLogEntry[] = [];
    for (const notification of claimed) {
      logs.push(systemLog('sms_notification_attempted', notification));
      const outcome = await this.deliver(notification, { checkOptOutList: true });
      if (outcome.status === 'sent') {
        summary.sent += 1;
        logs.push(systemLog('sms_notification_sent', notification));
      } else if (outcome.status === 'failed') {
        summary.failed += 1;
        logs.push(
          systemLog('sms_notification_failed', notification, {
            error: outcome.error,
            willRetry: outcome.willRetry,
          }),
        );
        errors.push(sendFailureError(notification, outcome.error));
      } else if (outcome.status === 'suppressed') {
        summary.suppressed += 1;
        logs.push(systemLog('sms_notification_suppressed', notification, { reason: outcome.reason }));
      }
    }
    for (const entry of logs) this.deps.observeAudit?.(entry.action, entry.details ?? null);
    // The whole batch's audit in one insert; a failure to write it never undoes a send.
    await insertAuditEntries(this.deps.db, { logs, errors }).catch((error: unknown) =>
      this.deps.logger.error({ err: error }, 'audit write failed (notification dispatch)'),
    );
    return summary;
  }

  private async deliver(
    notification: ClaimedNotification,
    options: { checkOptOutList: boolean },
  ): Promise<DeliveryOutcome> {
    const { db, sms, now } = this.deps;
    const base = { notificationId: notification.id, attempts: notification.attempts };
    try {
      const reason = await this.optOutReason(notification.phoneNumber, options.checkOptOutList);
      if (reason) {
        await suppressNotification(db, { id: notification.id, reason });
        return { status: 'suppressed', ...base, reason };
      }
      await withTimeout(
        sms.send({ to: notification.phoneNumber, body: notification.message, kind: 'rating' }),
        SEND_TIMEOUT_MS,
      );
    } catch (error) {
      return this.recordFailure(notification, describeSendError(error));
    }
    try {
      await markNotificationSent(db, { id: notification.id, sentAt: now() });
    } catch (error) {
      // The text went out: report it as sent. The row stays leased, and is resent at worst once the lease
      // ends if the database never recovers in between.
      this.deps.logger.error({ err: error, notificationId: notification.id }, 'could not mark text sent');
    }
    return { status: 'sent', ...base };
  }

  /** Opted out in our list (checked on retries; a fresh row was checked when created) or at the provider. */
  private async optOutReason(phoneNumber: string, checkOptOutList: boolean): Promise<string | null> {
    if (checkOptOutList && (await isPhoneOptedOut(this.deps.db, phoneNumber))) return 'opted_out';
    const optedOutAtProvider = await this.deps.sms.isOptedOut(phoneNumber).catch((error: unknown) => {
      // The provider's list is a second safety net; our own list was already honoured.
      this.deps.logger.warn({ err: error }, 'provider opt-out check failed');
      return false;
    });
    if (!optedOutAtProvider) return null;
    await recordSmsOptOut(this.deps.db, { phoneNumber, source: 'provider' });
    return 'opted_out';
  }

  private async recordFailure(notification: ClaimedNotification, error: string): Promise<DeliveryOutcome> {
    const { maxAttempts, retryBaseSeconds } = this.deps.config.notifications;
    const giveUp = notification.attempts >= maxAttempts;
    const delayMs = retryBaseSeconds * 1000 * 2 ** (notification.attempts - 1);
    this.deps.logger.warn(
      { notificationId: notification.id, attempts: notification.attempts, error, giveUp },
      'rating text not sent',
    );
    try {
      await recordNotificationFailure(this.deps.db, {
        id: notification.id,
        error,
        nextAttemptAt: new Date(this.deps.now().getTime() + delayMs),
        giveUp,
      });
    } catch (writeError) {
      // The lease set by the claim still stands: the row is retried once it ends.
      this.deps.logger.error(
        { err: writeError, notificationId: notification.id },
        'could not record failure',
      );
    }
    return {
      status: 'failed',
      notificationId: notification.id,
      attempts: notification.attempts,
      error,
      willRetry: !giveUp,
    };
  }

  /** When a claim made now runs out. */
  private leaseUntil() {
    return new Date(this.deps.now().getTime() + LEASE_MS);
  }
}

function describeSendError(error: unknown): string {
  if (error instanceof SmsDeliveryError) return error.reason;
  if (error instanceof Error) return error.message;
  return String(error);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the SMS provider did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
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
