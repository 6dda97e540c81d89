import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import { notifications, ratings, smsOptOuts } from '../schema';
import { preparedPerExecutor } from './prepared';

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

const markSent = preparedPerExecutor((db) =>
  db
    .update(notifications)
    .set({
      status: 'sent',
      sentAt: sql`${sql.placeholder('sentAt')}::timestamptz`,
      lastError: null,
      statusReason: null,
    })
    .where(and(eq(notifications.id, sql.placeholder('id')), eq(notifications.status, 'pending')))
    .prepare('mark_notification_sent'),
);

export async function markNotificationSent(db: Executor, params: { id: string; sentAt: Date }) {
  await markSent(db).execute({ id: params.id, sentAt: params.sentAt.toISOString() });
}

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

export async function isPhoneOptedOut(db: Executor, phoneNumber: string) {
  const [row] = await optOutLookup(db).execute({ phoneNumber });
  return row !== undefined;
}

// Asked before every rating text.
const optOutLookup = preparedPerExecutor((db) =>
  db
    .select({ phoneNumber: smsOptOuts.phoneNumber })
    .from(smsOptOuts)
    .where(eq(smsOptOuts.phoneNumber, sql.placeholder('phoneNumber')))
    .limit(1)
    .prepare('is_phone_opted_out'),
);

/** Adds the number to the opt-out list; true when it was not on it yet (an earlier opt-out stays as it was). */
export async function recordSmsOptOut(db: Executor, params: { phoneNumber: string; source: string }) {
  const inserted = await db
    .insert(smsOptOuts)
    .values(params)
    .onConflictDoNothing()
    .returning({ phoneNumber: smsOptOuts.phoneNumber });
  return inserted.length > 0;
}

/** Takes the number off the opt-out list (the person asked for texts again); true when it was on it. */
export async function deleteSmsOptOut(db: Executor, phoneNumber: string) {
  const deleted = await db
    .delete(smsOptOuts)
    .where(eq(smsOptOuts.phoneNumber, phoneNumber))
    .returning({ phoneNumber: smsOptOuts.phoneNumber });
  return deleted.length > 0;
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

/** The outbox's backlog for monitoring: texts still pending and when the oldest of them was created. */
export async function summarizePendingNotifications(
  db: Executor,
): Promise<{ pending: number; oldestCreatedAt: Date | null }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*)`.mapWith(Number),
      oldestCreatedAt: sql<Date | null>`min(${notifications.createdAt})`.mapWith((value) =>
        value === null ? null : new Date(value),
      ),
    })
    .from(notifications)
    .where(eq(notifications.status, 'pending'));
  return { pending: row?.pending ?? 0, oldestCreatedAt: row?.oldestCreatedAt ?? null };
}
