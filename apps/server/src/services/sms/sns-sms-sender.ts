import {
  AuthorizationErrorException,
  CheckIfPhoneNumberIsOptedOutCommand,
  InvalidParameterException,
  InvalidParameterValueException,
  type MessageAttributeValue,
  OptedOutException,
  OptInPhoneNumberCommand,
  PublishCommand,
  SNSClient,
  SNSServiceException,
  ThrottledException,
} from '@aws-sdk/client-sns';
import { SmsDeliveryError, type SmsMessage, type SmsSender, type SmsSendResult } from './sms-sender';

export const PHONE_FORMAT_NOT_SUPPORTED =
  'Phone number format not supported. Please use a full international format with country code';

export interface SnsSmsSenderOptions {
  /** Alphanumeric sender id (AWS.SNS.SMS.SenderID), where the destination country supports one. */
  senderId?: string | undefined;
  /** The long code, toll-free number or short code the texts come from (AWS.MM.SMS.OriginationNumber). */
  originationNumber?: string | undefined;
  /**
   * The SNS client. By default it is configured from the standard AWS environment (AWS_REGION, credentials,
   * AWS_ENDPOINT_URL_SNS, shared config files), so it can point at any SNS-compatible endpoint.
   */
  client?: SNSClient;
}

/** Production SMS through Amazon SNS direct publish to a phone number (DESIGN.md section 1). */
export class SnsSmsSender implements SmsSender {
  readonly name = 'sns';
  private readonly client: SNSClient;

  constructor(private readonly options: SnsSmsSenderOptions = {}) {
    // Nothing changes the middleware after start: resolving it once per command type instead of on every
    // call saves about a tenth of the SDK's CPU per text.
    this.client = options.client ?? new SNSClient({ cacheMiddleware: true });
  }

  async send(message: SmsMessage): Promise<SmsSendResult> {
    // Transactional: SNS routes these for reliability (codes, rating alerts), not lowest cost.
    const attributes: Record<string, MessageAttributeValue> = {
      'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
    };
    if (this.options.senderId) {
      attributes['AWS.SNS.SMS.SenderID'] = { DataType: 'String', StringValue: this.options.senderId };
    }
    if (this.options.originationNumber) {
      attributes['AWS.MM.SMS.OriginationNumber'] = {
        DataType: 'String',
        StringValue: this.options.originationNumber,
      };
    }
    try {
      const reply = await this.client.send(
        new PublishCommand({ PhoneNumber: message.to, Message: message.body, MessageAttributes: attributes }),
      );
      if (!reply.MessageId)
        throw new SmsDeliveryError('The text message service did not accept the message.');
      return { messageId: reply.MessageId };
    } catch (error) {
      throw toDeliveryError(error);
    }
  }

  async isOptedOut(phoneNumber: string): Promise<boolean> {
    try {
      const reply = await this.client.send(new CheckIfPhoneNumberIsOptedOutCommand({ phoneNumber }));
      return reply.isOptedOut === true;
    } catch (error) {
      throw toDeliveryError(error);
    }
  }

  /** SNS allows this once every 30 days per number; a refusal becomes a delivery error with a reason. */
  async optIn(phoneNumber: string): Promise<void> {
    try {
      await this.client.send(new OptInPhoneNumberCommand({ phoneNumber }));
    } catch (error) {
      throw toDeliveryError(error);
    }
  }

  close() {
    this.client.destroy();
  }
}

/**
 * Provider errors become a reason a person can act on; the provider's own text (account ids, ARNs) stays in
 * the cause for the logs.
 */
export function toDeliveryError(error: unknown): SmsDeliveryError {
  if (error instanceof SmsDeliveryError) return error;
  if (
    (error instanceof InvalidParameterException || error instanceof InvalidParameterValueException) &&
    /phone|number|short code/i.test(error.message)
  ) {
    return new SmsDeliveryError(PHONE_FORMAT_NOT_SUPPORTED, { cause: error, invalidNumberFormat: true });
  }
  if (error instanceof OptedOutException) {
    return new SmsDeliveryError('This number has opted out of text messages. Reply START to opt back in.', {
      cause: error,
    });
  }
  if (error instanceof ThrottledException) {
    return new SmsDeliveryError(
      'Too many text messages are being sent right now. Please try again shortly.',
      {
        cause: error,
      },
    );
  }
  if (error instanceof AuthorizationErrorException || error instanceof SNSServiceException) {
    return new SmsDeliveryError(
      'Our text message service could not send the message. Please try again later.',
      {
        cause: error,
      },
    );
  }
  return new SmsDeliveryError(
    'Our text message service is not reachable right now. Please try again in a few minutes.',
    { cause: error },
  );
}
