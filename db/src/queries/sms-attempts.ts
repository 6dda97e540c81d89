import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import { notifications, type SmsMessageKind, smsMessages } from '../schema';
import { preparedPerExecutor } from './prepared';
import { firstDelivery } from './sms-delivery-state';

/** Every send attempt (sms_messages): written before the request leaves, then the provider's answer. */

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
 * provider message id of a notification is never replaced. One prepared statement (the attempt's update, then
 * its notification's, in that order): every code text pays for it after the provider's answer, and a
 * transaction around two statements was four round trips.
 */
export async function recordSmsAccepted(
  db: Executor,
  params: { reference: string; provider: string; providerMessageId: string; at: Date },
) {
  await smsAccepted(db).execute({
    reference: params.reference,
    provider: params.provider,
    providerMessageId: params.providerMessageId,
    at: params.at.toISOString(),
  });
}

const smsAccepted = preparedPerExecutor((db) => {
  const value = (name: string) => sql.placeholder(name);
  const attempt = db.$with('accepted_attempt', {}).as(
    db
      .update(smsMessages)
      .set({
        providerMessageId: sql`coalesce(${smsMessages.providerMessageId}, ${value('providerMessageId')}::text)`,
        status: sql`case when ${smsMessages.status} in ('sending', 'refused') then 'sent' else ${smsMessages.status} end`,
        updatedAt: sql`${value('at')}::timestamptz`,
      })
      .where(eq(smsMessages.id, sql`${value('reference')}::uuid`))
      .returning({ notificationId: smsMessages.notificationId })
      .getSQL(),
  );
  return db
    .with(attempt)
    .update(notifications)
    .set({
      status: sql`case when ${notifications.status} in ('pending', 'failed') then 'sent' else ${notifications.status} end`,
      statusReason: sql`case when ${notifications.status} in ('pending', 'failed') then null else ${notifications.statusReason} end`,
      lastError: null,
      ...firstDelivery({
        provider: value('provider'),
        providerMessageId: value('providerMessageId'),
        at: value('at'),
      }),
    })
    .where(eq(notifications.id, sql`(select notification_id from ${attempt})`))
    .prepare('record_sms_accepted');
});

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
