import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import { logs, type SmsMessageKind, type SmsMessageStatus, smsMessages } from '../schema';

/** Delivery and reply figures of the texts, for the admin dashboard. */

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
