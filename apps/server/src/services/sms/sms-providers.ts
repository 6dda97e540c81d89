import type { Config } from '../../config';
import { AwsSmsSender } from './aws-sms-sender';
import { ConsoleSmsSender } from './console-sms-sender';
import type { SmsSender } from './sms-sender';
import type { SmsProviderName } from './sms-settings';
import { SnsSmsSender } from './sns-sms-sender';
import { TwilioSmsSender } from './twilio-sms-sender';

/** Where each provider posts to ExRated (docs/sms.md lists them for the operator to register). */
export const WEBHOOK_PATHS = {
  twilioStatus: '/webhooks/sms/twilio/status',
  twilioInbound: '/webhooks/sms/twilio/inbound',
  sns: '/webhooks/sms/sns',
} as const;

/** Time one Twilio call may take before its outcome counts as unknown. */
const TWILIO_REQUEST_TIMEOUT_MS = 10_000;

/** The configured providers, primary first; `print` gets the console sender's lines. */
export function createSmsProviders(config: Config, print: (line: string) => void): SmsSender[] {
  const names: SmsProviderName[] = [config.sms.provider];
  if (config.sms.fallbackProvider) names.push(config.sms.fallbackProvider);
  return names.map((name) => createProvider(name, config, print));
}

function createProvider(name: SmsProviderName, config: Config, print: (line: string) => void): SmsSender {
  const { sns, twilio } = config.sms;
  switch (name) {
    case 'console':
      return new ConsoleSmsSender(print);
    case 'twilio':
      if (!twilio) throw new Error('Twilio settings missing (the configuration check lets none through)');
      return new TwilioSmsSender({
        ...twilio,
        statusCallbackUrl: `${config.publicUrl}${WEBHOOK_PATHS.twilioStatus}`,
        requestTimeoutMs: TWILIO_REQUEST_TIMEOUT_MS,
      });
    case 'sns':
      return sns.configurationSet
        ? new AwsSmsSender({
            configurationSetName: sns.configurationSet,
            originationIdentity: sns.originationIdentity,
            optOutListName: sns.optOutList,
          })
        : new SnsSmsSender({ senderId: sns.senderId, originationNumber: sns.originationNumber });
  }
}

/** Releases what a provider holds open (the AWS SDK's sockets). */
export function closeSmsProvider(provider: SmsSender) {
  if (provider instanceof SnsSmsSender || provider instanceof AwsSmsSender) provider.close();
}
