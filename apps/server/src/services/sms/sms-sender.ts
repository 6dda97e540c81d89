export type SmsKind = 'verification' | 'rating' | 'reply';

export interface SmsMessage {
  /** E.164 phone number. */
  to: string;
  body: string;
  /** 'verification' codes, 'rating' texts and 'reply' (the answer to HELP); providers may treat them differently. */
  kind: SmsKind;
  /**
   * Our reference for this attempt (the sms_messages row written before the send). Providers that can carry
   * it to their receipts do (Twilio's status callback URL, End User Messaging's Context).
   */
  reference?: string;
}

export interface SmsSendResult {
  messageId: string;
}

/**
 * What became of a send that did not end in an acceptance, as far as the sender can tell:
 * - `refused`: the provider answered and did not take it (a bad number, an opted-out number, bad credentials,
 *   an error on its side that says nothing was created); another provider may take it;
 * - `unreachable`: the request never reached the provider (connection refused, name not found);
 * - `throttled`: the provider asks us to slow down (429, ThrottlingException); not an attempt, no failover;
 * - `unknown`: the request left and its answer was lost (a time-out, a dropped connection): the provider may
 *   have accepted it, so it must be asked before the text is sent again by anyone.
 */
export type SmsFailureKind = 'refused' | 'unreachable' | 'throttled' | 'unknown';

/** Raised by a sender when the provider did not accept the message; `reason` is safe to show to the user. */
export class SmsDeliveryError extends Error {
  readonly invalidNumberFormat: boolean;
  readonly kind: SmsFailureKind;
  /** The provider's or carrier's own error code, for the logs and the notification's row. */
  readonly errorCode: string | null;
  /** The provider says the number opted out (a STOP reply it keeps on its own list). */
  readonly optedOut: boolean;
  /** For `throttled`: how long the provider asked us to wait, when it said. */
  readonly retryAfterMs: number | null;
  /** The provider refused our credentials or account: no text of anyone's can go through it now. */
  readonly accountRefused: boolean;

  constructor(
    readonly reason: string,
    options: {
      cause?: unknown;
      invalidNumberFormat?: boolean;
      kind?: SmsFailureKind;
      errorCode?: string | null;
      optedOut?: boolean;
      retryAfterMs?: number | null;
      accountRefused?: boolean;
    } = {},
  ) {
    super(reason, { cause: options.cause });
    this.name = 'SmsDeliveryError';
    this.invalidNumberFormat = options.invalidNumberFormat ?? false;
    this.kind = options.kind ?? 'refused';
    this.errorCode = options.errorCode ?? null;
    this.optedOut = options.optedOut ?? false;
    this.retryAfterMs = options.retryAfterMs ?? null;
    this.accountRefused = options.accountRefused ?? false;
  }
}

/**
 * A prompt text (a code) for which the provider's schedule had no slot within the bound: nothing was booked,
 * recorded or sent, and nothing will be. Not a provider failure: the person is told to try again.
 */
export class SmsBusyError extends Error {
  constructor(readonly retryAfterMs: number) {
    super('no SMS slot free within the bound');
    this.name = 'SmsBusyError';
  }
}

/** An attempt whose answer was lost, as the provider is asked about it. */
export interface SmsAttemptQuery {
  reference: string;
  to: string;
  body: string;
  /** When the attempt was recorded, before it left. */
  since: Date;
}

/**
 * Found: the provider has it (its message id). Not found and `final`: the provider says it never took it. Not
 * found and not `final`: the provider cannot say (yet): its receipts carry our reference and may still come.
 */
export type SmsLookupResult = { found: true; messageId: string } | { found: false; final: boolean };

export interface SmsSender {
  readonly name: 'console' | 'sns' | 'twilio' | string;
  send(message: SmsMessage): Promise<SmsSendResult>;
  /** Whether the provider reports this number as opted out of texts. */
  isOptedOut(phoneNumber: string): Promise<boolean>;
  /**
   * Takes the number off the provider's own opt-out list, for a person who asked for texts again. Only
   * providers that keep such a list have it.
   */
  optIn?(phoneNumber: string): Promise<void>;
  /**
   * Takes the slot of the schedule a code text would take, for a code request answered without a text: a
   * full schedule then refuses it as it would the text (SmsBusyError), so which requests are texted does not
   * show. Senders without a schedule have nothing to take.
   */
  holdCodeSlot?(): Promise<void>;
  /**
   * Asks the provider, sending no text, whether it answers and takes our credentials; throws an
   * SmsDeliveryError when not. Without it a provider counts as always able to take a text.
   */
  checkHealth?(): Promise<void>;
  /**
   * Whether an attempt whose answer was lost reached the provider. Without it, such an attempt counts as not
   * found once the receipt window has passed (a provider without lookups nor references in its receipts).
   */
  lookup?(query: SmsAttemptQuery): Promise<SmsLookupResult>;
}
