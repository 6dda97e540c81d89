import type { Database } from '@exrated/db';
import {
  clearUnprovenPhonesIdleSince,
  deleteAuditEntriesBefore,
  deleteErasedAccountRecordsBefore,
  deleteExpiredAdminSessions,
  deleteExpiredDeviceSessions,
  deletePassedDoNotRateLifts,
  deleteUnclaimedRatingsBefore,
} from '@exrated/db/queries';
import type { FastifyBaseLogger } from 'fastify';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Retention is about days, not seconds: once an hour is plenty, and cheap with the created_at indexes. */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
/** A rating whose author never proves a phone is deleted after 30 days (docs/operations.md, Runbook). */
export const UNCLAIMED_RATING_DAYS = 30;
/** A typed, unproven number outlives its session's last request by this long (docs/data-rights.md). */
export const UNPROVEN_PHONE_IDLE_HOURS = 24;

export interface RetentionResult {
  logs: number;
  errorLogs: number;
  deviceSessions: number;
  unclaimedRatings: number;
  unprovenPhones: number;
  erasedAccountRecords: number;
  doNotRateLifts: number;
}

/** Rows per statement: each batch stays well within a request's statement timeout (docs/reliability.md). */
export const RETENTION_BATCH = 5000;

/** Runs `step` until it handles less than a full batch; the rows handled in all. */
async function inBatches(step: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const handled = await step();
    total += handled;
    if (handled < RETENTION_BATCH) return total;
  }
}

/**
 * Retention (docs/operations.md, Runbook): logs and error logs older than LOG_RETENTION_DAYS, expired
 * sessions, and ratings no proven phone stood behind within UNCLAIMED_RATING_DAYS are deleted; a typed,
 * unproven number is cleared from sessions idle for a day, and a deleted account's records once their windows
 * have passed. Each in batches of RETENTION_BATCH rows.
 * Verification codes need nothing here: Redis (or the in-process store) expires them after 10 minutes.
 */
export async function applyRetention(
  db: Database,
  now: Date,
  retentionDays: number,
  repeatWindowDays: number,
): Promise<RetentionResult> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const audit = { logs: 0, errorLogs: 0 };
  for (;;) {
    const batch = await deleteAuditEntriesBefore(db, cutoff, RETENTION_BATCH);
    audit.logs += batch.logs;
    audit.errorLogs += batch.errorLogs;
    if (batch.logs < RETENTION_BATCH && batch.errorLogs < RETENTION_BATCH) break;
  }
  const deviceSessions = await inBatches(() => deleteExpiredDeviceSessions(db, now, RETENTION_BATCH));
  await deleteExpiredAdminSessions(db, now);
  const unclaimedSince = new Date(now.getTime() - UNCLAIMED_RATING_DAYS * DAY_MS);
  const unclaimedRatings = await inBatches(() =>
    deleteUnclaimedRatingsBefore(db, unclaimedSince, RETENTION_BATCH),
  );
  const idleSince = new Date(now.getTime() - UNPROVEN_PHONE_IDLE_HOURS * 60 * 60 * 1000);
  const unprovenPhones = await inBatches(() => clearUnprovenPhonesIdleSince(db, idleSince, RETENTION_BATCH));
  // A deleted account's records last as long as the windows they serve: the numbers it rated for the
  // once-per-N-days rule, its removals as long as logs (docs/data-rights.md#deletion-keeps-what-protects-others).
  const erasedAccountRecords = await inBatches(() =>
    deleteErasedAccountRecordsBefore(db, {
      ratedBefore: new Date(now.getTime() - repeatWindowDays * DAY_MS),
      removalsBefore: cutoff,
      limit: RETENTION_BATCH,
    }),
  );
  const doNotRateLifts = await deletePassedDoNotRateLifts(db, now);
  return { ...audit, deviceSessions, unclaimedRatings, unprovenPhones, erasedAccountRecords, doNotRateLifts };
}

/** Runs retention shortly after start and then every hour; `stop()` ends it (called when the app closes). */
export function startRetentionJob(options: {
  db: Database;
  now: () => Date;
  retentionDays: number;
  repeatWindowDays: number;
  logger: FastifyBaseLogger;
}): { stop(): void } {
  const run = async () => {
    try {
      const result = await applyRetention(
        options.db,
        options.now(),
        options.retentionDays,
        options.repeatWindowDays,
      );
      if (Object.values(result).some((deleted) => deleted > 0)) {
        options.logger.info({ retention: result }, 'retention: deleted old records');
      }
    } catch (error) {
      options.logger.error({ err: error }, 'retention run failed');
    }
  };
  const first = setTimeout(run, 30_000);
  const every = setInterval(run, RETENTION_INTERVAL_MS);
  first.unref();
  every.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
