import { and, asc, count, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import {
  logs,
  type NotificationStatus,
  notifications,
  ratings,
  type SmsMessageKind,
  type SmsMessageStatus,
  smsMessages,
  smsOptOuts,
  smsWebhookEvents,
} from '../schema';
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

/** A text's statuses only move forward: a receipt that arrives late, twice or out of order changes nothing. */
const DELIVERY_RANK: Record<SmsMessageStatus | NotificationStatus, number> = {
  pending: 0,
  held: 0,
  failed: 0,
  suppressed: 0,
  sending: 0,
  refused: 0,
  sent: 1,
  unknown: 2,
  delivered: 3,
  undelivered: 3,
};

export type ReceiptStatus = 'sent' | 'delivered' | 'undelivered' | 'unknown';

/** Before the request leaves: the attempt, whose id is the reference the provider carries back. */
export async function recordSmsAttempt(
  db: Executor,
  params: { kind: SmsMessageKind; notificationId: string | null; provider: string; country: string | null },
): Promise<string> {
  const [row] = await db.insert(smsMessages).values(params).returning({ id: smsMessages.id });
  if (!row) throw new Error('sms_messages insert returned no row');
  return row.id;
}

/**
 * The provider accepted the attempt: its message id is kept, and the attempt's notification becomes `sent`
 * with it. A receipt that came first already moved both further; nothing here moves them back, and the first
 * provider message id of a notification is never replaced.
 */
export async function recordSmsAccepted(
  db: Executor,
  params: { reference: string; provider: string; providerMessageId: string; at: Date },
) {
  await db.transaction(async (tx) => {
    const [attempt] = await tx
      .update(smsMessages)
      .set({
        providerMessageId: sql`coalesce(${smsMessages.providerMessageId}, ${params.providerMessageId})`,
        status: sql`case when ${smsMessages.status} in ('sending', 'refused') then 'sent' else ${smsMessages.status} end`,
        updatedAt: params.at,
      })
      .where(eq(smsMessages.id, params.reference))
      .returning({ notificationId: smsMessages.notificationId });
    if (!attempt?.notificationId) return;
    await tx
      .update(notifications)
      .set({
        status: sql`case when ${notifications.status} in ('pending', 'failed') then 'sent' else ${notifications.status} end`,
        statusReason: sql`case when ${notifications.status} in ('pending', 'failed') then null else ${notifications.statusReason} end`,
        lastError: null,
        provider: sql`coalesce(${notifications.provider}, ${params.provider})`,
        providerMessageId: sql`coalesce(${notifications.providerMessageId}, ${params.providerMessageId})`,
        sentAt: sql`coalesce(${notifications.sentAt}, ${params.at.toISOString()}::timestamptz)`,
      })
      .where(eq(notifications.id, attempt.notificationId));
  });
}

/** The provider did not take the attempt (refused, unreachable, throttled, or not found when asked). */
export async function recordSmsRefused(
  db: Executor,
  params: { reference: string; reason: string; errorCode?: string | null; at: Date },
) {
  await db
    .update(smsMessages)
    .set({
      status: 'refused',
      reason: params.reason.slice(0, 500),
      errorCode: params.errorCode ?? null,
      updatedAt: params.at,
    })
    .where(and(eq(smsMessages.id, params.reference), eq(smsMessages.status, 'sending')));
}

/** The notification's attempt whose outcome is not known yet (its answer was lost), if any. */
export async function findOpenSmsAttempt(db: Executor, notificationId: string) {
  const [row] = await db
    .select({ id: smsMessages.id, provider: smsMessages.provider, createdAt: smsMessages.createdAt })
    .from(smsMessages)
    .where(and(eq(smsMessages.notificationId, notificationId), eq(smsMessages.status, 'sending')))
    .orderBy(asc(smsMessages.createdAt))
    .limit(1);
  return row ?? null;
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

export interface AppliedReceipt {
  reference: string;
  kind: SmsMessageKind;
  provider: string;
  country: string | null;
  notificationId: string | null;
  status: SmsMessageStatus;
  /** False when the receipt was a duplicate or came after a later one: nothing moved. */
  moved: boolean;
}

/**
 * A provider's receipt, found by our reference when it carries one (it may come before the send's own
 * answer), else by the provider's message id. Moves the attempt and its notification forward only.
 */
export async function applySmsReceipt(
  db: Executor,
  params: {
    provider: string;
    reference: string | null;
    providerMessageId: string | null;
    status: ReceiptStatus;
    errorCode: string | null;
    reason: string | null;
    at: Date;
  },
): Promise<AppliedReceipt | null> {
  const match = params.reference
    ? eq(smsMessages.id, params.reference)
    : params.providerMessageId
      ? and(
          eq(smsMessages.provider, params.provider),
          eq(smsMessages.providerMessageId, params.providerMessageId),
        )
      : null;
  if (!match) return null;
  return db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(smsMessages).where(match).limit(1).for('update');
    if (!attempt) return null;
    const moved = DELIVERY_RANK[params.status] > DELIVERY_RANK[attempt.status];
    const status = moved ? params.status : attempt.status;
    const providerMessageId = attempt.providerMessageId ?? params.providerMessageId;
    await tx
      .update(smsMessages)
      .set({
        status,
        providerMessageId,
        errorCode: moved ? params.errorCode : attempt.errorCode,
        reason: moved ? params.reason : attempt.reason,
        updatedAt: params.at,
      })
      .where(eq(smsMessages.id, attempt.id));
    if (attempt.notificationId) {
      await applyReceiptToNotification(tx, attempt.notificationId, {
        ...params,
        provider: attempt.provider,
        providerMessageId,
      });
    }
    return {
      reference: attempt.id,
      kind: attempt.kind,
      provider: attempt.provider,
      country: attempt.country,
      notificationId: attempt.notificationId,
      status,
      moved,
    };
  });
}

async function applyReceiptToNotification(
  db: Executor,
  id: string,
  receipt: {
    provider: string;
    providerMessageId: string | null;
    status: ReceiptStatus;
    errorCode: string | null;
    reason: string | null;
    at: Date;
  },
) {
  const [row] = await db
    .select({ status: notifications.status })
    .from(notifications)
    .where(eq(notifications.id, id))
    .limit(1)
    .for('update');
  // Held and suppressed texts were never handed to a provider: no receipt is about them.
  if (!row || row.status === 'held' || row.status === 'suppressed') return;
  if (DELIVERY_RANK[receipt.status] <= DELIVERY_RANK[row.status]) return;
  const final = receipt.status !== 'sent';
  await db
    .update(notifications)
    .set({
      status: receipt.status,
      statusReason: receipt.status === 'undelivered' ? receipt.reason?.slice(0, 500) : null,
      errorCode: receipt.status === 'undelivered' ? receipt.errorCode : null,
      lastError: null,
      provider: sql`coalesce(${notifications.provider}, ${receipt.provider})`,
      providerMessageId: sql`coalesce(${notifications.providerMessageId}, ${receipt.providerMessageId})`,
      sentAt: sql`coalesce(${notifications.sentAt}, ${receipt.at.toISOString()}::timestamptz)`,
      receiptAt: final ? receipt.at : undefined,
    })
    .where(eq(notifications.id, id));
}

/** Texts accepted before `before` whose provider never sent a final receipt become `unknown`. */
export async function markUnconfirmedTextsUnknown(db: Executor, params: { before: Date; now: Date }) {
  const changed = await db
    .update(notifications)
    .set({ status: 'unknown', receiptAt: params.now })
    .where(and(eq(notifications.status, 'sent'), lt(notifications.sentAt, params.before)))
    .returning({ id: notifications.id });
  const attempts = await db
    .update(smsMessages)
    .set({ status: 'unknown', updatedAt: params.now })
    .where(
      and(
        lt(smsMessages.createdAt, params.before),
        // A code or help text whose answer was lost and that no receipt ever named is unknown too; a rating
        // text's open attempt is the dispatcher's to settle.
        or(
          eq(smsMessages.status, 'sent'),
          and(eq(smsMessages.status, 'sending'), isNull(smsMessages.notificationId)),
        ),
      ),
    )
    .returning({ kind: smsMessages.kind, provider: smsMessages.provider, country: smsMessages.country });
  return { notifications: changed.length, attempts };
}

/** True the first time a webhook call's key is seen; a second call with it is a replay. */
export async function rememberWebhookEvent(db: Executor, key: string) {
  const inserted = await db
    .insert(smsWebhookEvents)
    .values({ key })
    .onConflictDoNothing()
    .returning({ key: smsWebhookEvents.key });
  return inserted.length > 0;
}

/** A call whose handling failed: its retry by the provider is not a replay. */
export async function forgetWebhookEvent(db: Executor, key: string) {
  await db.delete(smsWebhookEvents).where(eq(smsWebhookEvents.key, key));
}

export async function forgetWebhookEventsBefore(db: Executor, before: Date) {
  await db.delete(smsWebhookEvents).where(lt(smsWebhookEvents.createdAt, before));
}

export interface DeliveryFigure {
  kind: SmsMessageKind;
  provider: string;
  country: string | null;
  /** Taken by the provider (whatever came after). */
  sent: number;
  delivered: number;
  undelivered: number;
  unknown: number;
  /** Attempts the provider did not take (refused, unreachable, throttled). */
  refused: number;
}

/** Texts tried since `since`, by kind, provider and country (the admin dashboard's delivery table). */
export async function summarizeSmsDelivery(db: Executor, since: Date): Promise<DeliveryFigure[]> {
  const statusCount = (...statuses: SmsMessageStatus[]) =>
    sql<number>`count(*) filter (where ${inArray(smsMessages.status, statuses)})`.mapWith(Number);
  return db
    .select({
      kind: smsMessages.kind,
      provider: smsMessages.provider,
      country: smsMessages.country,
      sent: statusCount('sent', 'delivered', 'undelivered', 'unknown'),
      delivered: statusCount('delivered'),
      undelivered: statusCount('undelivered'),
      unknown: statusCount('unknown'),
      refused: statusCount('refused'),
    })
    .from(smsMessages)
    .where(gte(smsMessages.createdAt, since))
    .groupBy(smsMessages.kind, smsMessages.provider, smsMessages.country)
    .orderBy(smsMessages.kind, smsMessages.provider, smsMessages.country);
}

/** Replies (STOP, START, HELP, anything else) received since `since`, by provider. */
export async function countSmsRepliesSince(db: Executor, since: Date) {
  const provider = sql<string>`${logs.details}->>'provider'`;
  return db
    .select({ provider, replies: count().mapWith(Number) })
    .from(logs)
    .where(and(eq(logs.action, 'sms_reply'), gte(logs.createdAt, since)))
    .groupBy(provider);
}
