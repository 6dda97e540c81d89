import type { Database } from '@exrated/db';
import {
  type AppliedReceipt,
  applySmsReceipt,
  deleteSmsOptOut,
  forgetWebhookEvent,
  type ReceiptStatus,
  recordSmsOptOut,
  rememberWebhookEvent,
} from '@exrated/db/queries';
import type { NewErrorLogEntry, NewLogEntry } from '@exrated/db/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Limits } from '../../../config';
import type { AuditLog } from '../../audit/audit-log';
import type { AuditObserver } from '../../audit/audit-writer';
import type { RateLimiter } from '../../limits/rate-limiter';
import { isE164, parsePhone } from '../../phone/phone';
import type { SessionService } from '../../sessions/sessions';
import type { SmsGateway } from '../sms-gateway';
import { type AutoReplyOutcome, sendAutoReply } from './auto-reply';
import { helpText, replyKeyword } from './replies';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface WebhookDeps {
  db: Database;
  auditLog: AuditLog;
  gateway: SmsGateway;
  rateLimiter: RateLimiter;
  limits: Pick<Limits, 'smsRepliesPerDay'>;
  sessionSecret: string;
  logger: FastifyBaseLogger;
  now: () => Date;
  contactUrl: string;
  /** A STOP from a number ends every session that proved it (docs/security.md#sessions). */
  sessions: Pick<SessionService, 'endProofsOf'>;
  observeAudit?: AuditObserver;
}

/** A receipt as both providers' webhooks hand it over. */
export interface Receipt {
  provider: 'twilio' | 'sns';
  reference: string | null;
  providerMessageId: string | null;
  status: ReceiptStatus;
  errorCode: string | null;
  reason: string | null;
  /** The provider says the number opted out (AWS: OPTED_OUT). */
  optedOutTo?: string | null;
}

/**
 * Runs `handle` once per webhook call `key`: a second call with the same key is a replay and is refused
 * (false). A handler that fails forgets the key again, so the provider's retry is handled.
 */
export async function handleOnce(db: Database, key: string, handle: () => Promise<void>): Promise<boolean> {
  if (!(await rememberWebhookEvent(db, key))) return false;
  try {
    await handle();
  } catch (error) {
    await forgetWebhookEvent(db, key).catch(() => undefined);
    throw error;
  }
  return true;
}

/** Moves the attempt and its notification forward; an undelivered text goes to the error log with its reason. */
export async function applyReceipt(deps: WebhookDeps, receipt: Receipt): Promise<AppliedReceipt | null> {
  const reference = receipt.reference && UUID.test(receipt.reference) ? receipt.reference : null;
  const applied = await applySmsReceipt(deps.db, {
    provider: receipt.provider,
    reference,
    providerMessageId: receipt.providerMessageId,
    status: receipt.status,
    errorCode: receipt.errorCode,
    reason: receipt.reason,
    at: deps.now(),
  });
  if (receipt.optedOutTo) {
    // The number replied STOP to the provider: as a STOP to us.
    await recordSmsOptOut(deps.db, { phoneNumber: receipt.optedOutTo, source: 'provider' });
    await deps.sessions.endProofsOf(receipt.optedOutTo);
  }
  if (!applied) {
    // Another deployment's text, or one whose rows were deleted since (a deleted account): nothing to move.
    deps.logger.info({ provider: receipt.provider, status: receipt.status }, 'receipt for an unknown text');
    return null;
  }
  if (!applied.moved) return applied;
  const details = {
    reference: applied.reference,
    notificationId: applied.notificationId,
    kind: applied.kind,
    provider: applied.provider,
    country: applied.country,
    status: applied.status,
    errorCode: receipt.errorCode,
    source: 'webhook',
  };
  const logs: NewLogEntry[] = [systemEntry('sms_receipt', details)];
  const errors: NewErrorLogEntry[] = [];
  if (applied.status === 'undelivered') {
    errors.push({
      errorMessage: `Text not delivered (${applied.provider}${receipt.errorCode ? ` ${receipt.errorCode}` : ''}): ${receipt.reason ?? 'no reason given'}`,
      errorType: 'sms',
      severity: 'medium',
      componentName: 'sms-receipts',
      details: { action: 'sms_undelivered', ...details },
    });
  }
  deps.observeAudit?.('sms_receipt', details);
  await deps.auditLog.write({ logs, errors });
  return applied;
}

export type ReplyOutcome = { keyword: ReturnType<typeof replyKeyword>; answer: AutoReplyOutcome | null };

/**
 * A text someone sent to our number (`from` is E.164: the routes drop anything else unread). Opt-out words
 * put the number on the same list as the one-tap opt-out of /r/{id} and end every session that proved it, so
 * only START or a fresh code undoes them; START and UNSTOP take it off (and off the providers' own lists, so
 * both agree); HELP gets the help text, sent like every other text (auto-reply.ts) from the number the reply
 * came to.
 */
export async function handleReply(
  deps: WebhookDeps,
  reply: { provider: 'twilio' | 'sns'; from: string; body: string },
): Promise<ReplyOutcome> {
  const keyword = replyKeyword(reply.body);
  let answer: AutoReplyOutcome | null = null;
  let changed = false;
  if (keyword === 'opt_out') {
    changed = await recordSmsOptOut(deps.db, { phoneNumber: reply.from, source: 'reply' });
    await deps.sessions.endProofsOf(reply.from);
  } else if (keyword === 'opt_in') {
    changed = await deleteSmsOptOut(deps.db, reply.from);
    await deps.gateway.optIn(reply.from).catch((error: unknown) => {
      // Our list is what decides our texts; a provider that still blocks the number says so at the next send.
      deps.logger.warn({ err: error }, 'provider opt-in after START failed');
    });
  } else if (keyword === 'help') {
    const body = helpText(deps.contactUrl);
    answer = await sendAutoReply(deps, { provider: reply.provider, to: reply.from, body });
  }
  const details = { provider: reply.provider, keyword, changed, source: 'reply' };
  deps.observeAudit?.('sms_reply', details);
  const logs = [{ ...systemEntry('sms_reply', details), phoneNumber: reply.from }];
  if (answer) {
    const answered = {
      ...answer,
      provider: reply.provider,
      country: parsePhone(reply.from)?.country ?? null,
      source: 'reply',
    };
    deps.observeAudit?.('sms_auto_reply', answered);
    logs.push({ ...systemEntry('sms_auto_reply', answered), phoneNumber: reply.from });
  }
  await deps.auditLog.write({ logs, errors: [] });
  return { keyword, answer };
}

/**
 * A number a provider handed us, if it has the E.164 shape; anything else (a NUL, letters, a short code) is
 * logged by its field and length, never stored, and the call is answered as handled so the provider does not
 * retry it.
 */
export function providerNumber(
  logger: FastifyBaseLogger,
  provider: 'twilio' | 'sns',
  field: string,
  value: string | null | undefined,
): string | null {
  if (typeof value === 'string' && isE164(value)) return value;
  logger.warn(
    { provider, field, length: typeof value === 'string' ? value.length : null },
    'provider number that is not E.164 ignored',
  );
  return null;
}

function systemEntry(action: string, details: Record<string, unknown>): NewLogEntry {
  return { action, details, userId: null, phoneNumber: null, ipAddress: null, userAgent: null };
}
