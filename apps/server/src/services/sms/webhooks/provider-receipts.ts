import type { ReceiptStatus } from '@exrated/db/queries';
import type { Receipt } from './sms-webhooks';

/** Twilio's message statuses as ours: queued..sent are 'accepted', then delivered, or not (failed, undelivered). */
const TWILIO_STATUS: Record<string, ReceiptStatus> = {
  accepted: 'sent',
  scheduled: 'sent',
  queued: 'sent',
  sending: 'sent',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'undelivered',
  failed: 'undelivered',
  canceled: 'undelivered',
};

/** Readable reasons for the error codes Twilio's status callbacks carry most (its error dictionary). */
const TWILIO_REASONS: Record<string, string> = {
  '30001': 'Queue overflow at Twilio',
  '30002': 'Twilio account suspended',
  '30003': 'Unreachable destination handset (switched off or out of coverage)',
  '30004': 'Message blocked by the recipient or carrier',
  '30005': 'Unknown destination handset (number not in service)',
  '30006': 'Landline or unreachable carrier',
  '30007': 'Filtered by the carrier as spam',
  '30008': 'Unknown error from the carrier',
  '30034': 'Sent from a US number not registered for 10DLC',
  '30032': 'Toll-free number not verified',
  '21610': 'The recipient replied STOP to this sender',
};

export function twilioReceipt(params: URLSearchParams, reference: string | null): Receipt | null {
  const twilioStatus = params.get('MessageStatus') ?? params.get('SmsStatus') ?? '';
  const status = TWILIO_STATUS[twilioStatus];
  const messageSid = params.get('MessageSid') ?? params.get('SmsSid');
  if (!status || !messageSid) return null;
  // Twilio's error codes are numbers; anything else is not kept.
  const errorCode = /^\d{1,10}$/.test(params.get('ErrorCode') ?? '') ? params.get('ErrorCode') : null;
  return {
    provider: 'twilio',
    reference,
    providerMessageId: messageSid,
    status,
    errorCode,
    reason:
      status === 'undelivered'
        ? ((errorCode && TWILIO_REASONS[errorCode]) ??
          `Twilio reported ${twilioStatus}${errorCode ? ` (error ${errorCode})` : ''}`)
        : null,
  };
}

/** The fields of an End User Messaging SMS event that ExRated reads. */
export interface AwsSmsEvent {
  eventType: string;
  messageId: string;
  messageStatus: string;
  messageStatusDescription?: string;
  destinationPhoneNumber?: string;
  isFinal?: boolean;
  context?: Record<string, string>;
}

/** Whether a parsed message is an object with each of these fields a string. */
function hasStringFields<T>(value: unknown, keys: readonly (keyof T & string)[]): value is T {
  if (typeof value !== 'object' || value === null) return false;
  const fields = value as Record<string, unknown>;
  return keys.every((key) => typeof fields[key] === 'string');
}

export function isAwsSmsEvent(value: unknown): value is AwsSmsEvent {
  return hasStringFields<AwsSmsEvent>(value, ['eventType', 'messageId', 'messageStatus']);
}

/**
 * End User Messaging's message statuses as ours: QUEUED/PENDING/SUCCESSFUL (handed to the carrier) say it
 * was accepted, DELIVERED that it arrived, UNKNOWN that no final receipt came within 72 hours; any other
 * final status (BLOCKED, INVALID, CARRIER_UNREACHABLE, TTL_EXPIRED, SPAM, OPTED_OUT, ...) that it did not.
 */
export function awsReceipt(event: AwsSmsEvent): Receipt | null {
  const accepted = ['QUEUED', 'PENDING', 'SUCCESSFUL'];
  let status: ReceiptStatus | null;
  if (event.messageStatus === 'DELIVERED') status = 'delivered';
  else if (event.messageStatus === 'UNKNOWN') status = 'unknown';
  else if (accepted.includes(event.messageStatus)) status = 'sent';
  else status = event.isFinal === false ? null : 'undelivered';
  if (!status) return null;
  return {
    provider: 'sns',
    reference: event.context?.reference ?? null,
    providerMessageId: event.messageId,
    status,
    errorCode: status === 'undelivered' ? event.messageStatus : null,
    reason:
      status === 'undelivered'
        ? (event.messageStatusDescription ?? `End User Messaging reported ${event.messageStatus}`)
        : null,
    optedOutTo: event.messageStatus === 'OPTED_OUT' ? (event.destinationPhoneNumber ?? null) : null,
  };
}

/** A text someone sent to an End User Messaging number (two-way SMS to an SNS topic). */
export interface AwsInboundText {
  originationNumber: string;
  destinationNumber?: string;
  messageBody: string;
  inboundMessageId: string;
}

export function isAwsInboundText(value: unknown): value is AwsInboundText {
  return hasStringFields<AwsInboundText>(value, ['originationNumber', 'messageBody', 'inboundMessageId']);
}
