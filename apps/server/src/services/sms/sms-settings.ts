import { z } from 'zod';

export const SMS_PROVIDERS = ['console', 'sns', 'twilio'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

const rate = (fallback: number) => z.coerce.number().positive().max(10_000).default(fallback);

/** The SMS part of the environment (config/index.ts merges it into the one schema); docs/sms.md explains each. */
export const smsEnvShape = {
  SMS_PROVIDER: z.enum(SMS_PROVIDERS).default('console'),
  SMS_FALLBACK_PROVIDER: z.enum(['sns', 'twilio'], { message: 'must be sns or twilio' }).optional(),
  SNS_SENDER_ID: z.string().max(11).optional(),
  SNS_ORIGINATION_NUMBER: z.string().optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be an account SID (AC followed by 32 hex digits)')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, 'must be the account auth token').optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number such as +14155550100')
    .optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/, 'must be a messaging service SID (MG followed by 32 hex digits)')
    .optional(),
  TWILIO_API_URL: z.url({ message: 'must be an absolute URL' }).default('https://api.twilio.com'),
  AWS_SMS_CONFIGURATION_SET: z.string().min(1).optional(),
  AWS_SMS_ORIGINATION_IDENTITY: z.string().min(1).optional(),
  AWS_SMS_OPT_OUT_LIST: z.string().min(1).default('Default'),
  SNS_EVENTS_TOPIC_ARNS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((arn) => arn.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.string().regex(/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[\w-]+$/, 'must be SNS topic ARNs')),
    )
    .optional(),
  SMS_TWILIO_PER_SECOND: rate(1),
  SMS_SNS_PER_SECOND: rate(20),
  SMS_RECEIPT_TIMEOUT_HOURS: z.coerce.number().int().positive().default(72),
  SMS_WEBHOOK_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(600),
};

type SmsEnv = z.infer<z.ZodObject<typeof smsEnvShape>>;

export interface SmsSettings {
  provider: SmsProviderName;
  fallbackProvider: 'sns' | 'twilio' | undefined;
  sns: {
    senderId: string | undefined;
    originationNumber: string | undefined;
    /** Set: texts through End User Messaging SMS with receipts; unset: SNS Publish, no receipts. */
    configurationSet: string | undefined;
    originationIdentity: string | undefined;
    optOutList: string;
    /** The topics whose messages the SNS webhook accepts; any other topic's, even signed by AWS, is refused. */
    eventTopicArns: string[];
  };
  twilio:
    | {
        accountSid: string;
        authToken: string;
        from: string | undefined;
        messagingServiceSid: string | undefined;
        apiUrl: string;
      }
    | undefined;
  /** Messages per second per provider, across all instances together. */
  perSecond: Record<'sns' | 'twilio' | 'console', number>;
  receiptTimeoutHours: number;
  webhookRequestsPerMinute: number;
}

/** Reads the SMS settings; every missing setting the chosen providers need is added to `problems`. */
export function smsSettings(e: SmsEnv, problems: string[]): SmsSettings {
  const used = new Set<string>([
    e.SMS_PROVIDER,
    ...(e.SMS_FALLBACK_PROVIDER ? [e.SMS_FALLBACK_PROVIDER] : []),
  ]);
  if (e.SMS_FALLBACK_PROVIDER && e.SMS_FALLBACK_PROVIDER === e.SMS_PROVIDER) {
    problems.push('SMS_FALLBACK_PROVIDER: must differ from SMS_PROVIDER');
  }
  let twilio: SmsSettings['twilio'];
  if (used.has('twilio')) {
    if (!e.TWILIO_ACCOUNT_SID) problems.push('TWILIO_ACCOUNT_SID: required when Twilio sends texts');
    if (!e.TWILIO_AUTH_TOKEN) problems.push('TWILIO_AUTH_TOKEN: required when Twilio sends texts');
    if (!e.TWILIO_FROM && !e.TWILIO_MESSAGING_SERVICE_SID) {
      problems.push('TWILIO_FROM: required when Twilio sends texts (or set TWILIO_MESSAGING_SERVICE_SID)');
    }
    if (e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN) {
      twilio = {
        accountSid: e.TWILIO_ACCOUNT_SID,
        authToken: e.TWILIO_AUTH_TOKEN,
        from: e.TWILIO_FROM,
        messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
        apiUrl: e.TWILIO_API_URL,
      };
    }
  }
  if (used.has('sns') && e.AWS_SMS_CONFIGURATION_SET && !e.SNS_EVENTS_TOPIC_ARNS?.length) {
    problems.push(
      'SNS_EVENTS_TOPIC_ARNS: required with AWS_SMS_CONFIGURATION_SET (the topic its events reach ExRated by)',
    );
  }
  return {
    provider: e.SMS_PROVIDER,
    fallbackProvider: e.SMS_FALLBACK_PROVIDER,
    sns: {
      senderId: e.SNS_SENDER_ID,
      originationNumber: e.SNS_ORIGINATION_NUMBER,
      configurationSet: e.AWS_SMS_CONFIGURATION_SET,
      originationIdentity: e.AWS_SMS_ORIGINATION_IDENTITY ?? e.SNS_ORIGINATION_NUMBER,
      optOutList: e.AWS_SMS_OPT_OUT_LIST,
      eventTopicArns: e.SNS_EVENTS_TOPIC_ARNS ?? [],
    },
    twilio,
    perSecond: { sns: e.SMS_SNS_PER_SECOND, twilio: e.SMS_TWILIO_PER_SECOND, console: 1000 },
    receiptTimeoutHours: e.SMS_RECEIPT_TIMEOUT_HOURS,
    webhookRequestsPerMinute: e.SMS_WEBHOOK_REQUESTS_PER_MINUTE,
  };
}
