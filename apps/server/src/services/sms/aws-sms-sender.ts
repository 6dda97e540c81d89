import {
  DeleteOptedOutNumberCommand,
  DescribeConfigurationSetsCommand,
  DescribeOptedOutNumbersCommand,
  DescribePhoneNumbersCommand,
  PinpointSMSVoiceV2Client,
  SendTextMessageCommand,
} from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { AWS_CLIENT_DEFAULTS, awsFailure } from './aws-failure';
import type { SmsLookupResult, SmsMessage, SmsSender, SmsSendResult } from './sms-sender';

export interface AwsSmsSettings {
  /** The configuration set whose event destination is the SNS topic that posts to ExRated's webhook. */
  configurationSetName: string;
  /** Phone number, sender id or pool the texts come from (its id or ARN); AWS picks one when unset. */
  originationIdentity: string | undefined;
  /** The opt-out list the origination identity uses ('Default' unless the operator made another). */
  optOutListName: string;
  client?: PinpointSMSVoiceV2Client;
}

/**
 * Texts through AWS End User Messaging SMS (the pinpoint-sms-voice-v2 API). Each text names the
 * configuration set, whose events (queued, delivered, failed, with the carrier's status) reach ExRated
 * through an SNS topic, and carries our reference in its Context, which every event repeats: a receipt finds
 * its attempt even when it comes before the send's answer, and an attempt whose answer was lost is found by
 * its events. The client follows the standard AWS environment (region, credentials,
 * AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2).
 */
export class AwsSmsSender implements SmsSender {
  readonly name = 'sns';
  private readonly client: PinpointSMSVoiceV2Client;

  constructor(private readonly settings: AwsSmsSettings) {
    this.client = settings.client ?? new PinpointSMSVoiceV2Client({ ...AWS_CLIENT_DEFAULTS });
  }

  async send(message: SmsMessage): Promise<SmsSendResult> {
    try {
      const reply = await this.client.send(
        new SendTextMessageCommand({
          DestinationPhoneNumber: message.to,
          MessageBody: message.body,
          MessageType: 'TRANSACTIONAL',
          ConfigurationSetName: this.settings.configurationSetName,
          OriginationIdentity: this.settings.originationIdentity,
          Context: message.reference ? { reference: message.reference, kind: message.kind } : undefined,
        }),
      );
      if (!reply.MessageId) throw awsFailure(new Error('SendTextMessage answered without a MessageId'));
      return { messageId: reply.MessageId };
    } catch (error) {
      throw awsFailure(error);
    }
  }

  /** Reads the configuration set the texts name, sending nothing (provider-health.ts). */
  async checkHealth(): Promise<void> {
    try {
      await this.client.send(
        new DescribeConfigurationSetsCommand({ ConfigurationSetNames: [this.settings.configurationSetName] }),
      );
    } catch (error) {
      throw awsFailure(error);
    }
  }

  async isOptedOut(phoneNumber: string): Promise<boolean> {
    try {
      const reply = await this.client.send(
        new DescribeOptedOutNumbersCommand({
          OptOutListName: this.settings.optOutListName,
          OptedOutNumbers: [phoneNumber],
        }),
      );
      return (reply.OptedOutNumbers ?? []).some((entry) => entry.OptedOutNumber === phoneNumber);
    } catch (error) {
      // An opt-out list without this number answers ResourceNotFound for the number: not opted out.
      if (error instanceof Error && error.name === 'ResourceNotFoundException') return false;
      throw awsFailure(error);
    }
  }

  async optIn(phoneNumber: string): Promise<void> {
    try {
      await this.client.send(
        new DeleteOptedOutNumberCommand({
          OptOutListName: this.settings.optOutListName,
          OptedOutNumber: phoneNumber,
        }),
      );
    } catch (error) {
      if (error instanceof Error && error.name === 'ResourceNotFoundException') return;
      throw awsFailure(error);
    }
  }

  /** No API lists sent texts: only the events, which carry our reference, can tell. */
  async lookup(): Promise<SmsLookupResult> {
    return { found: false, final: false };
  }

  /** The configuration set and the origination number exist for these credentials (`pnpm sms:check`). */
  async checkAccount(): Promise<string[]> {
    const problems: string[] = [];
    try {
      await this.client.send(
        new DescribeConfigurationSetsCommand({ ConfigurationSetNames: [this.settings.configurationSetName] }),
      );
    } catch (error) {
      problems.push(`AWS_SMS_CONFIGURATION_SET ${this.settings.configurationSetName}: ${describe(error)}`);
    }
    const origination = this.settings.originationIdentity;
    if (origination?.startsWith('phone-') || origination?.startsWith('arn:')) {
      try {
        await this.client.send(new DescribePhoneNumbersCommand({ PhoneNumberIds: [origination] }));
      } catch (error) {
        problems.push(`AWS_SMS_ORIGINATION_IDENTITY ${origination}: ${describe(error)}`);
      }
    }
    return problems;
  }

  close() {
    this.client.destroy();
  }
}

function describe(error: unknown) {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
