import { claimNotifications } from '@exrated/db/queries';
import type { AuditLog } from '../audit/audit-log';
import type { AuditObserver } from '../audit/audit-writer';
import { deliverNotification } from './delivery';
import type { DeliveryDeps, RunState } from './delivery-types';
import { type DispatchAudit, type DispatchSummary, recordAttempt, recordOutcome } from './dispatch-audit';

/**
 * How long a claim keeps other instances away from a notification. Longer than one send can take (the send
 * is cut off after SEND_TIMEOUT_MS), so a live sender always finishes before its lease runs out; a sender
 * that dies mid-way leaves a lease that simply expires, and the row is looked at again: its attempt, recorded
 * before the send, is then asked about at the provider before anything is sent (open-attempt.ts).
 */
const LEASE_MS = 120_000;
const BATCH_SIZE = 25;
/** Texts of one batch in flight at once; the pacer, not this, sets the rate. */
const CONCURRENCY = 5;

export interface DispatcherDeps extends DeliveryDeps {
  auditLog: AuditLog;
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

  /** Claims one batch of due texts and delivers them (delivery.ts), a few at a time; audits the batch. */
  private async dispatchDue(): Promise<DispatchSummary> {
    const claimed = await claimNotifications(this.deps.db, {
      now: this.deps.now(),
      limit: BATCH_SIZE,
      leaseUntil: new Date(this.deps.now().getTime() + LEASE_MS),
    });
    const summary: DispatchSummary = {
      claimed: claimed.length,
      sent: 0,
      failed: 0,
      suppressed: 0,
      deferred: 0,
    };
    if (claimed.length === 0) return summary;
    const audit: DispatchAudit = { logs: [], errors: [] };
    const run: RunState = { throttledUntil: 0 };
    const queue = [...claimed];
    const worker = async () => {
      for (let notification = queue.shift(); notification; notification = queue.shift()) {
        recordAttempt(audit, notification);
        const outcome = await deliverNotification(this.deps, notification, run);
        recordOutcome(summary, audit, notification, outcome);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, worker));
    for (const entry of audit.logs) this.deps.observeAudit?.(entry.action, entry.details ?? null);
    // The whole batch's audit in one hand-over; a failed write is logged there and never undoes a send.
    await this.deps.auditLog.write(audit);
    return summary;
  }
}
