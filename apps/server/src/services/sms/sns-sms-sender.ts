import {
  CheckIfPhoneNumberIsOptedOutCommand,
  GetSMSAttributesCommand,
  InvalidParameterException,
  InvalidParameterValueException,
  type MessageAttributeValue,
  OptedOutException,
  OptInPhoneNumberCommand,
  PublishCommand,
  SNSClient,
  ThrottledException,
} from '@aws-sdk/client-sns';
import { AWS_CLIENT_DEFAULTS, awsFailure } from './aws-failure';
import { NUMBER_OPTED_OUT, PHONE_FORMAT_NOT_SUPPORTED, PROVIDER_THROTTLED } from './sms-errors';
import { SmsDeliveryError, type SmsMessage, type SmsSender, type SmsSendResult } from './sms-sender';

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

/**
 * Texts through Amazon SNS direct publish to a phone number. SNS gives no delivery receipts to the app and
 * carries no reference of ours: its texts stay `sent` until the receipt job calls them `unknown`. The AWS
 * route with receipts is End User Messaging SMS (aws-sms-sender.ts); docs/sms.md says when to use which.
 */
export class SnsSmsSender implements SmsSender {
  readonly name = 'sns';
  private readonly client: SNSClient;

  constructor(private readonly options: SnsSmsSenderOptions = {}) {
    // Nothing changes the middleware after start: resolving it once per command type instead of on every
    // call saves about a tenth of the SDK's CPU per text.
    this.client = options.client ?? new SNSClient({ cacheMiddleware: true, ...AWS_CLIENT_DEFAULTS });
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

  /** Reads the account's SMS type, sending nothing (provider-health.ts). */
  async checkHealth(): Promise<void> {
    try {
      await this.client.send(new GetSMSAttributesCommand({ attributes: ['DefaultSMSType'] }));
    } catch (error) {
      throw awsFailure(error);
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
 * Provider errors become a reason a person can act on and the kind of failure the dispatcher acts on; the
 * provider's own text (account ids, ARNs) stays in the cause for the logs.
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
    return new SmsDeliveryError(NUMBER_OPTED_OUT, { cause: error, optedOut: true });
  }
  if (error instanceof ThrottledException) {
    return new SmsDeliveryError(PROVIDER_THROTTLED, { cause: error, kind: 'throttled' });
  }
  return awsFailure(error);
}
