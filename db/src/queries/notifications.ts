import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import { notifications, ratings } from '../schema';
import { preparedPerExecutor } from './prepared';

/** The outbox of rating texts: claiming due rows, and what becomes of a claimed one. */

export interface ClaimedNotification {
  id: string;
  ratingId: string;
  message: string;
  /** Attempts including the one this claim starts. */
  attempts: number;
  phoneNumber: string;
}

/**
 * Claims the pending notifications whose time has come, in ONE statement: the rows are locked with FOR UPDATE
 * SKIP LOCKED and their lease (next_attempt_at) is pushed to `leaseUntil` while locked, so no other instance
 * can claim them again until the lease runs out, even after this transaction ends or this process dies.
 */
export async function claimNotifications(
  db: Executor,
  params: { leaseUntil: Date; now: Date; limit: number },
): Promise<ClaimedNotification[]> {
  return claimDue(db).execute({
    leaseUntil: params.leaseUntil.toISOString(),
    now: params.now.toISOString(),
    limit: params.limit,
  });
}

// Every rating text is claimed by it (and every kick of the dispatcher asks): prepared, one round trip.
const claimDue = preparedPerExecutor((db) => {
  const claimable = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.status, 'pending'),
        lte(notifications.nextAttemptAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .orderBy(asc(notifications.nextAttemptAt))
    .limit(sql.placeholder('limit'))
    .for('update', { skipLocked: true });
  return db
    .update(notifications)
    .set({
      nextAttemptAt: sql`${sql.placeholder('leaseUntil')}::timestamptz`,
      attempts: sql`${notifications.attempts} + 1`,
    })
    .from(ratings)
    .where(and(inArray(notifications.id, claimable), eq(ratings.id, notifications.ratingId)))
    .returning({
      id: notifications.id,
      ratingId: notifications.ratingId,
      message: notifications.message,
      attempts: notifications.attempts,
      phoneNumber: ratings.phoneNumber,
    })
    .prepare('claim_due_notifications');
});

/** A failed attempt: stays pending until `nextAttemptAt`, or becomes `failed` when `giveUp`. */
export async function recordNotificationFailure(
  db: Executor,
  params: { id: string; error: string; nextAttemptAt: Date; giveUp: boolean },
) {
  await db
    .update(notifications)
    .set({
      status: params.giveUp ? 'failed' : 'pending',
      statusReason: params.giveUp ? 'max_attempts' : null,
      lastError: params.error.slice(0, 1000),
      nextAttemptAt: params.nextAttemptAt,
    })
    .where(and(eq(notifications.id, params.id), eq(notifications.status, 'pending')));
}

/**
 * A pending text that must not go out. `attempts` corrects the count when the text was never tried (a row
 * created leased to its request, then held back by a cap).
 */
export async function suppressNotification(
  db: Executor,
  params: { id: string; reason: string; attempts?: number },
) {
  await db
    .update(notifications)
    .set({ status: 'suppressed', statusReason: params.reason, attempts: params.attempts })
    .where(and(eq(notifications.id, params.id), eq(notifications.status, 'pending')));
}

/** The /r/:id landing: the rated entry's name and phone, or null for an unknown id. */
export async function findNotificationRecipient(db: Executor, id: string) {
  const [row] = await db
    .select({ id: notifications.id, name: ratings.name, phoneNumber: ratings.phoneNumber })
    .from(notifications)
    .innerJoin(ratings, eq(ratings.id, notifications.ratingId))
    .where(eq(notifications.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * The outbox's backlog for monitoring: texts still pending and since when the oldest of them has waited. A
 * text waiting for its release time (never tried, due later; docs/anonymity.md) is not backlog, and one
 * released joins the backlog at its release time, not at the rating's.
 */
export async function summarizePendingNotifications(
  db: Executor,
): Promise<{ pending: number; oldestCreatedAt: Date | null }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*)`.mapWith(Number),
      oldestCreatedAt: sql<Date | null>`min(case when ${notifications.attempts} = 0
        then ${notifications.nextAttemptAt} else ${notifications.createdAt} end)`.mapWith((value) =>
        value === null ? null : new Date(value),
      ),
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.status, 'pending'),
        sql`not (${notifications.attempts} = 0 and ${notifications.nextAttemptAt} > now())`,
      ),
    );
  return { pending: row?.pending ?? 0, oldestCreatedAt: row?.oldestCreatedAt ?? null };
}

/**
 * Hands a claimed notification back without a verdict: throttled by the provider, or its attempt's outcome
 * still being found out. `uncount` takes back the attempt the claim counted: nothing was tried.
 */
export async function releaseNotification(
  db: Executor,
  params: { id: string; nextAttemptAt: Date; uncount: boolean; error?: string },
) {
  await db
    .update(notifications)
    .set({
      nextAttemptAt: params.nextAttemptAt,
      attempts: params.uncount ? sql`greatest(${notifications.attempts} - 1, 0)` : undefined,
      lastError: params.error?.slice(0, 1000),
    })
    .where(and(eq(notifications.id, params.id), eq(notifications.status, 'pending')));
}
