import type { Database } from '@exrated/db';
import { forgetWebhookEventsBefore, markUnconfirmedTextsUnknown } from '@exrated/db/queries';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditObserver } from '../audit/audit-writer';

const HOUR_MS = 60 * 60 * 1000;
export const RECEIPT_JOB_INTERVAL_MS = 10 * 60 * 1000;
/**
 * A webhook call's key is kept this long to refuse its replay; older calls are refused by their timestamp
 * (SNS) or change nothing any more (a receipt's status only moves forward).
 */
export const WEBHOOK_REPLAY_MEMORY_MS = 48 * HOUR_MS;

/**
 * Texts a provider accepted but never confirmed within `receiptTimeoutHours` (72: carriers' receipts can
 * take that long) become `unknown`; webhook call keys past their memory are dropped.
 */
export async function settleUnconfirmedTexts(options: {
  db: Database;
  now: Date;
  receiptTimeoutHours: number;
  observeAudit?: AuditObserver | undefined;
}) {
  const { db, now } = options;
  const result = await markUnconfirmedTextsUnknown(db, {
    before: new Date(now.getTime() - options.receiptTimeoutHours * HOUR_MS),
    now,
  });
  for (const attempt of result.attempts) {
    options.observeAudit?.('sms_receipt', { ...attempt, status: 'unknown' });
  }
  await forgetWebhookEventsBefore(db, new Date(now.getTime() - WEBHOOK_REPLAY_MEMORY_MS));
  return { notifications: result.notifications, attempts: result.attempts.length };
}

export function startReceiptJob(options: {
  db: Database;
  now: () => Date;
  receiptTimeoutHours: number;
  logger: FastifyBaseLogger;
  observeAudit?: AuditObserver;
}): { stop(): void } {
  const run = async () => {
    try {
      const result = await settleUnconfirmedTexts({ ...options, now: options.now() });
      if (result.attempts > 0) options.logger.info(result, 'texts without a receipt marked unknown');
    } catch (error) {
      options.logger.warn({ err: error }, 'SMS receipt job failed');
    }
  };
  const timer = setInterval(() => void run(), RECEIPT_JOB_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
