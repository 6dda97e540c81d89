export interface SmsMessage {
  /** E.164 phone number. */
  to: string;
  body: string;
  /** 'verification' codes and 'rating' texts; providers may treat them differently. */
  kind: 'verification' | 'rating';
}

export interface SmsSendResult {
  messageId: string;
}

/** Raised by a sender when the provider refused the message; `reason` is safe to show to the user. */
export class SmsDeliveryError extends Error {
  constructor(
    readonly reason: string,
    options: { cause?: unknown; invalidNumberFormat?: boolean } = {},
  ) {
    super(reason, { cause: options.cause });
    this.name = 'SmsDeliveryError';
    this.invalidNumberFormat = options.invalidNumberFormat ?? false;
  }

  readonly invalidNumberFormat: boolean;
}

export interface SmsSender {
  readonly name: 'console' | 'sns' | string;
  send(message: SmsMessage): Promise<SmsSendResult>;
  /** Whether the provider reports this number as opted out of texts. */
  isOptedOut(phoneNumber: string): Promise<boolean>;
  /**
   * Takes the number off the provider's own opt-out list, for a person who asked for texts again. Only
   * providers that keep such a list have it.
   */
  optIn?(phoneNumber: string): Promise<void>;
}
