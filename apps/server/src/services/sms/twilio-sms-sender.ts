import {
  NUMBER_OPTED_OUT,
  PHONE_FORMAT_NOT_SUPPORTED,
  PROVIDER_REFUSED,
  PROVIDER_THROTTLED,
  PROVIDER_UNREACHABLE,
} from './sms-errors';
import {
  type SmsAttemptQuery,
  SmsDeliveryError,
  type SmsLookupResult,
  type SmsMessage,
  type SmsSender,
  type SmsSendResult,
} from './sms-sender';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The number the texts come from (E.164), or use `messagingServiceSid`. */
  from: string | undefined;
  messagingServiceSid: string | undefined;
  /** https://api.twilio.com in production; the tests point it at a fake on loopback. */
  apiUrl: string;
  /** Where Twilio posts status callbacks (…/webhooks/sms/twilio/status); our reference is added to it. */
  statusCallbackUrl: string;
  requestTimeoutMs: number;
}

/** Twilio errors that say the number cannot get this text (https://www.twilio.com/docs/api/errors). */
const UNSUBSCRIBED_RECIPIENT = '21610';
const INVALID_NUMBER_CODES = new Set(['21211', '21614', '21612', '21408']);
/**
 * Twilio errors about our account or our sender, not the recipient: every text fails alike until the operator
 * acts, so they tell of the provider (provider-health.ts), as refused credentials do.
 */
const ACCOUNT_SIDE_CODES = new Set([
  '10001', // the account is not active
  '20005', // the account is not active (funds, trial)
  '20403', // the account is suspended or closed
  '20404', // the account's resource is not found (a wrong account SID)
  '21212', // the From number is not a valid phone number or sender id (or is on a do-not-originate list)
  '21603', // no From number nor messaging service
  '21606', // the From number is not a message-capable number of this account
  '21609', // the StatusCallback URL (PUBLIC_URL) is not valid
  '21611', // the From number's queue is full (more than its hours' worth of messages queued)
  '21660', // the From number belongs to another account
  '21661', // the From number is not SMS-capable
  '21701', // the messaging service does not exist for this account
  '21703', // the messaging service has no sender to send from
  '21704', // the messaging service holds an invalid sender
  '21705', // the messaging service SID is not valid
  '30002', // the account is suspended
  '63038', // the account's daily message limit is reached
]);
/** Connection errors that say the request never reached Twilio, so it cannot have taken the text. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

interface TwilioMessage {
  sid: string;
  to: string;
  body: string;
  date_created: string | null;
}

/**
 * Texts through Twilio's REST API (Messages resource) with plain fetch rather than the `twilio` package: two
 * calls (create, list) and a signature check are all ExRated needs, and the package brings a large dependency
 * tree into the server bundle for them. Every text carries a status callback with our reference, so a receipt
 * finds its attempt even when it comes before the create call's answer, or when that answer is lost.
 */
export class TwilioSmsSender implements SmsSender {
  readonly name = 'twilio';

  constructor(private readonly settings: TwilioSettings) {}

  async send(message: SmsMessage): Promise<SmsSendResult> {
    const form = new URLSearchParams({ To: message.to, Body: message.body });
    if (this.settings.messagingServiceSid) form.set('MessagingServiceSid', this.settings.messagingServiceSid);
    else if (this.settings.from) form.set('From', this.settings.from);
    form.set('StatusCallback', statusCallbackFor(this.settings.statusCallbackUrl, message.reference));
    const response = await this.request('POST', 'Messages.json', form);
    const body = (await response.json().catch(() => null)) as { sid?: unknown } | null;
    if (response.status === 201 || response.status === 200) {
      if (typeof body?.sid === 'string') return { messageId: body.sid };
      // Twilio answered that it created something without saying what: ask before sending it again.
      throw new SmsDeliveryError(PROVIDER_UNREACHABLE, { kind: 'unknown' });
    }
    throw twilioError(response, body);
  }

  /** Twilio keeps its STOP list to itself: a send to such a number answers 21610, which send() reports. */
  async isOptedOut(): Promise<boolean> {
    return false;
  }

  /** Our recent texts to the number, matched on the body: Twilio has no field for our reference. */
  async lookup(query: SmsAttemptQuery): Promise<SmsLookupResult> {
    const params = new URLSearchParams({ To: query.to, PageSize: '50' });
    const response = await this.request('GET', `Messages.json?${params}`);
    if (!response.ok) throw twilioError(response, await response.json().catch(() => null));
    const page = (await response.json()) as { messages?: TwilioMessage[] };
    const earliest = query.since.getTime() - 60_000;
    const match = (page.messages ?? []).find(
      (candidate) =>
        candidate.body === query.body &&
        (candidate.date_created === null || Date.parse(candidate.date_created) >= earliest),
    );
    return match ? { found: true, messageId: match.sid } : { found: false, final: true };
  }

  /** The account answers and is active, sending nothing (provider-health.ts). */
  async checkHealth(): Promise<void> {
    const response = await this.request('GET', '.json');
    const body = (await response.json().catch(() => null)) as { status?: unknown } | null;
    if (!response.ok) throw twilioError(response, body);
    if (body?.status !== 'active') {
      throw new SmsDeliveryError(PROVIDER_REFUSED, {
        cause: new Error(`the Twilio account is ${String(body?.status)}`),
        accountRefused: true,
      });
    }
  }

  /** The account and the sending number, for `pnpm sms:check` (reads only). */
  async checkAccount(): Promise<string[]> {
    const problems: string[] = [];
    const account = await this.request('GET', '.json');
    if (!account.ok) problems.push(`Twilio refused the credentials (HTTP ${account.status})`);
    if (this.settings.from) {
      const params = new URLSearchParams({ PhoneNumber: this.settings.from });
      const numbers = await this.request('GET', `IncomingPhoneNumbers.json?${params}`);
      const page = (await numbers.json().catch(() => null)) as { incoming_phone_numbers?: unknown[] } | null;
      if (!numbers.ok || !page?.incoming_phone_numbers?.length) {
        problems.push(`TWILIO_FROM ${this.settings.from} is not a number of this Twilio account`);
      }
    }
    return problems;
  }

  private async request(method: 'GET' | 'POST', resource: string, form?: URLSearchParams) {
    const { accountSid, authToken, apiUrl, requestTimeoutMs } = this.settings;
    const base = resource === '.json' ? `Accounts/${accountSid}.json` : `Accounts/${accountSid}/${resource}`;
    const init: RequestInit = {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      signal: AbortSignal.timeout(requestTimeoutMs),
    };
    if (form) init.body = form.toString();
    try {
      return await fetch(`${apiUrl.replace(/\/+$/, '')}/2010-04-01/${base}`, init);
    } catch (error) {
      throw new SmsDeliveryError(PROVIDER_UNREACHABLE, {
        cause: error,
        kind: NOT_CONNECTED.has(connectionErrorCode(error) ?? '') ? 'unreachable' : 'unknown',
      });
    }
  }
}

export function statusCallbackFor(url: string, reference: string | undefined) {
  if (!reference) return url;
  const callback = new URL(url);
  callback.searchParams.set('ref', reference);
  return callback.toString();
}

function twilioError(response: Response, body: unknown): SmsDeliveryError {
  const details = (body ?? {}) as { code?: unknown; message?: unknown };
  const errorCode = details.code === undefined ? null : String(details.code);
  const cause = new Error(`Twilio HTTP ${response.status}: ${String(details.message ?? '')}`);
  if (response.status === 429) {
    const seconds = Number(response.headers.get('retry-after'));
    return new SmsDeliveryError(PROVIDER_THROTTLED, {
      cause,
      kind: 'throttled',
      errorCode,
      retryAfterMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null,
    });
  }
  if (response.status >= 500)
    return new SmsDeliveryError(PROVIDER_UNREACHABLE, { cause, kind: 'unreachable', errorCode });
  if (errorCode === UNSUBSCRIBED_RECIPIENT) {
    return new SmsDeliveryError(NUMBER_OPTED_OUT, {
      cause,
      errorCode,
      optedOut: true,
    });
  }
  if (errorCode && INVALID_NUMBER_CODES.has(errorCode)) {
    return new SmsDeliveryError(PHONE_FORMAT_NOT_SUPPORTED, { cause, errorCode, invalidNumberFormat: true });
  }
  return new SmsDeliveryError(PROVIDER_REFUSED, {
    cause,
    errorCode,
    accountRefused:
      response.status === 401 || response.status === 403 || ACCOUNT_SIDE_CODES.has(errorCode ?? ''),
  });
}

function connectionErrorCode(error: unknown): string | undefined {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}
