import type { Database } from '@exrated/db';
import {
  type ClaimedNotification,
  claimNotifications,
  findOpenSmsAttempt,
  isPhoneOptedOut,
  recordNotificationFailure,
  recordSmsOptOut,
  recordSmsRefused,
  releaseNotification,
  suppressNotification,
} from '@exrated/db/queries';
import type { NewErrorLogEntry, NewLogEntry } from '@exrated/db/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { AuditLog } from '../audit/audit-log';
import type { AuditObserver } from '../audit/audit-writer';
import type { RateLimiter } from '../limits/rate-limiter';
import { parsePhone } from '../phone/phone';
import type { SmsGateway } from '../sms/sms-gateway';
import { ratingTextCapRefusal, refundRatingTextCaps } from './text-caps';

/**
 * How long a claim keeps other instances away from a notification. Longer than one send can take (the send
 * is cut off after SEND_TIMEOUT_MS), so a live sender always finishes before its lease runs out; a sender
 * that dies mid-way leaves a lease that simply expires, and the row is looked at again: its attempt, recorded
 * before the send, is then asked about at the provider before anything is sent.
 */
const LEASE_MS = 120_000;
const BATCH_SIZE = 25;
/** Texts of one batch in flight at once; the pacer, not this, sets the rate. */
const CONCURRENCY = 5;
/** How long after a lost answer the provider is asked about it (its receipt may name it first). */
const LOOKUP_DELAY_MS = 30_000;
/**
 * How long an attempt whose provider cannot be asked (End User Messaging, SNS) waits for a receipt naming
 * it; none by then means the provider never took it, and the text is sent again (docs/sms.md).
 */
export const RESOLVE_WINDOW_MS = 10 * 60_000;
/** A throttled provider is left alone this long when it does not say for how long. */
const THROTTLE_PAUSE_MS = 5_000;

export type DeliveryOutcome =
  | { status: 'sent'; notificationId: string; attempts: number; provider: string }
  /** Failed this time; `willRetry` false means it gave up (status `failed`). */
  | { status: 'failed'; notificationId: string; attempts: number; error: string; willRetry: boolean }
  | { status: 'suppressed'; notificationId: string; attempts: number; reason: string }
  /** Handed back without a verdict: the provider throttled, or an earlier attempt is still being found out. */
  | { status: 'deferred'; notificationId: string; reason: string }
  /** Another sender holds it (or it was already handled): nothing was done here. */
  | { status: 'not_claimed'; notificationId: string };

export interface DispatchSummary {
  claimed: number;
  sent: number;
  failed: number;
  suppressed: number;
  deferred: number;
}

export interface DispatcherDeps {
  db: Database;
  auditLog: AuditLog;
  sms: SmsGateway;
  rateLimiter: RateLimiter;
  config: Pick<Config, 'notifications' | 'limits' | 'sessionSecret'>;
  logger: FastifyBaseLogger;
  now: () => Date;
  /** Sees the activity entries the dispatcher writes itself, as request audits are seen (metrics). */
  observeAudit?: AuditObserver;
}

/**
 * Delivers rating texts from the notifications table, which is the outbox. Every send happens here, never in
 * a request: a rating's text is due when it commits (or when a proof or a moderator releases it), and the
 * request only `kick`s the dispatcher once its response is out, so the rater's answer is the same, in the
 * same time, whatever becomes of the text (docs/reliability.md). Runs claim due rows with a locking
 * statement, so two instances, or a kick and the timer, never send one text twice. Before a text's first
 * attempt the daily caps are counted; failures back off exponentially (retryBaseSeconds * 2^(attempts - 1))
 * until maxAttempts, then `failed`. A full batch starts the next run at once, so a backlog (after an outage,
 * a deploy, many ratings released together) drains at the providers' configured throughput, which the
 * gateway's pacer holds across all instances (docs/sms.md).
 */
export class NotificationDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<DispatchSummary> | null = null;
  /** A kick came while a run was in progress: its rows may have been committed after that run's claim. */
  private kickedDuringRun = false;
  private stopped = false;
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
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.settled();
  }

  /** Sends every due pending notification (one batch). Overlapping calls share the run in progress. */
  runOnce(): Promise<DispatchSummary> {
    if (!this.running) {
      this.runStartedAt = this.deps.now().getTime();
      this.running = this.dispatchDue().then((summary) => {
        // A full batch: more may be due. Run again at once rather than at the next tick.
        if (summary.claimed === BATCH_SIZE) this.kickedDuringRun = true;
        return summary;
      });
      this.running = this.running.finally(() => {
        this.running = null;
        this.runStartedAt = null;
        if (this.kickedDuringRun && !this.stopped) {
          this.kickedDuringRun = false;
          this.kick();
        }
      });
    }
    return this.running;
  }

  /** Texts became due (a rating committed or was released): send them now rather than at the next tick. */
  kick() {
    if (this.stopped) return;
    if (this.running) {
      this.kickedDuringRun = true;
      return;
    }
    void this.runOnce().catch((error: unknown) =>
      this.deps.logger.error({ err: error }, 'notification dispatch failed'),
    );
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

  /** Resolves once no run is in progress or owed to a kick (tests, and close). */
  async settled(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
  }

  private async dispatchDue(): Promise<DispatchSummary> {
    const claimed = await claimNotifications(this.deps.db, {
      now: this.deps.now(),
      limit: BATCH_SIZE,
      leaseUntil: this.leaseUntil(),
    });
    const summary: DispatchSummary = {
      claimed: claimed.length,
      sent: 0,
      failed: 0,
      suppressed: 0,
      deferred: 0,
    };
    if (claimed.length === 0) return summary;
    const logs: NewLogEntry[] = [];
    const errors: NewErrorLogEntry[] = [];
    const run: RunState = { throttledUntil: 0 };
    const queue = [...claimed];
    const worker = async () => {
      for (let notification = queue.shift(); notification; notification = queue.shift()) {
        logs.push(systemLog('sms_notification_attempted', notification));
        const outcome = await this.deliver(notification, run);
        this.tally(summary, logs, errors, notification, outcome);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, worker));
    for (const entry of logs) this.deps.observeAudit?.(entry.action, entry.details ?? null);
    // The whole batch's audit in one hand-over; a failed write is logged there and never undoes a send.
    await this.deps.auditLog.write({ logs, errors });
    return summary;
  }

  private tally(
    summary: DispatchSummary,
    logs: NewLogEntry[],
    errors: NewErrorLogEntry[],
    notification: ClaimedNotification,
    outcome: DeliveryOutcome,
  ) {
    const country = parsePhone(notification.phoneNumber)?.country ?? null;
    if (outcome.status === 'sent') {
      summary.sent += 1;
      logs.push(systemLog('sms_notification_sent', notification, { country, provider: outcome.provider }));
    } else if (outcome.status === 'deferred') {
      summary.deferred += 1;
      logs.push(systemLog('sms_notification_deferred', notification, { reason: outcome.reason }));
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

  private async deliver(notification: ClaimedNotification, run: RunState): Promise<DeliveryOutcome> {
    const { db, sms, now } = this.deps;
    const base = { notificationId: notification.id, attempts: notification.attempts };
    try {
      const earlier = await this.settleOpenAttempt(notification);
      if (earlier) return earlier;
      const countsCaps = notification.attempts === 1;
      const reason =
        (await this.optOutReason(notification.phoneNumber)) ??
        (countsCaps ? await this.capReason(notification.phoneNumber) : null);
      if (reason) {
        // Never tried: the attempt the claim counted is taken back.
        await suppressNotification(db, { id: notification.id, reason, attempts: notification.attempts - 1 });
        return { status: 'suppressed', ...base, reason };
      }
      // Handed back unsent and uncounted: its first attempt, and so its caps, come again.
      const handBack = async (until: number, why: string) => {
        if (countsCaps) await this.refundCaps(notification.phoneNumber);
        return this.defer(notification, new Date(until), true, why);
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
          this.deps.logger.warn(
            { notificationId: notification.id, provider: result.provider, reference: result.reference },
            'rating text outcome unknown; the provider is asked before any resend',
          );
          return this.defer(
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
          return this.recordFailure(notification, result.error.reason);
      }
    } catch (error) {
      return this.recordFailure(notification, error instanceof Error ? error.message : String(error));
    }
  }

  /**
   * An attempt of an earlier run whose answer was lost (a time-out, a crash, the database away when the
   * acceptance came): the provider is asked before anything else. Found: the text is sent, never again.
   * Not found: a new attempt may go. Cannot tell yet: asked again later, until its receipts had time to
   * name it (RESOLVE_WINDOW_MS).
   */
  private async settleOpenAttempt(notification: ClaimedNotification): Promise<DeliveryOutcome | null> {
    const { db, sms, now } = this.deps;
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
      this.deps.logger.warn({ err: error, reference: open.id }, 'provider lookup failed; asking again later');
      return this.defer(notification, retryAt, true, 'lookup_failed');
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
      return this.defer(notification, retryAt, true, 'outcome_unknown');
    }
    await recordSmsRefused(db, {
      reference: open.id,
      reason: answer.final ? 'not found at the provider' : 'no receipt named it within the resolve window',
      at: now(),
    });
    return null;
  }

  private async defer(
    notification: ClaimedNotification,
    nextAttemptAt: Date,
    uncount: boolean,
    reason: string,
  ): Promise<DeliveryOutcome> {
    await releaseNotification(this.deps.db, { id: notification.id, nextAttemptAt, uncount });
    return { status: 'deferred', notificationId: notification.id, reason };
  }

  /** Opted out in our list (the number may have opted out since the rating) or at the provider. */
  private async optOutReason(phoneNumber: string): Promise<string | null> {
    if (await isPhoneOptedOut(this.deps.db, phoneNumber)) return 'opted_out';
    const optedOutAtProvider = await this.deps.sms.isOptedOut(phoneNumber).catch((error: unknown) => {
      // The provider's list is a second safety net; our own list was already honoured.
      this.deps.logger.warn({ err: error }, 'provider opt-out check failed');
      return false;
    });
    if (!optedOutAtProvider) return null;
    await recordSmsOptOut(this.deps.db, { phoneNumber, source: 'provider' });
    return 'opted_out';
  }

  /** The daily caps on rating texts, counted once per text; they fail open when the limiter is away. */
  private async capReason(phoneNumber: string): Promise<string | null> {
    try {
      return await ratingTextCapRefusal(this.deps.rateLimiter, this.deps.config, phoneNumber);
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'rate limiter unavailable; rating text caps not applied');
      return null;
    }
  }

  private async refundCaps(phoneNumber: string) {
    await refundRatingTextCaps(this.deps.rateLimiter, this.deps.config.sessionSecret, phoneNumber).catch(
      (error: unknown) => {
        this.deps.logger.warn({ err: error }, 'rate limiter unavailable; rating text caps not refunded');
      },
    );
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

interface RunState {
  /** Set when a provider throttled in this run: the rest of the batch waits instead of asking again. */
  throttledUntil: number;
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
