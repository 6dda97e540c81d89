import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../database';
import { notifications, type SmsMessageKind, type SmsMessageStatus, smsMessages } from '../schema';
import { DELIVERY_RANK, firstDelivery } from './sms-delivery-state';

/** The providers' receipts, and the texts no final receipt ever named. */

export type ReceiptStatus = 'sent' | 'delivered' | 'undelivered' | 'unknown';
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
      ...firstDelivery(receipt),
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
