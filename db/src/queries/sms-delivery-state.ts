import { type Placeholder, sql } from 'drizzle-orm';
import { type NotificationStatus, notifications, type SmsMessageStatus } from '../schema';

/** A text's statuses only move forward: a receipt that arrives late, twice or out of order changes nothing. */
export const DELIVERY_RANK: Record<SmsMessageStatus | NotificationStatus, number> = {
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

/**
 * The columns a notification keeps from the first provider that took it: a later acceptance or receipt
 * (another provider after a fallback, a duplicate) never replaces the provider, its message id or the send time.
 */
export function firstDelivery(delivery: {
  provider: string | Placeholder;
  providerMessageId: string | null | Placeholder;
  /** A placeholder for a prepared statement stands for the time as ISO text. */
  at: Date | Placeholder;
}) {
  const at = delivery.at instanceof Date ? delivery.at.toISOString() : delivery.at;
  return {
    provider: sql`coalesce(${notifications.provider}, ${delivery.provider}::text)`,
    providerMessageId: sql`coalesce(${notifications.providerMessageId}, ${delivery.providerMessageId}::text)`,
    sentAt: sql`coalesce(${notifications.sentAt}, ${at}::timestamptz)`,
  };
}
