import { execFileSync } from 'node:child_process';
import { createSign, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { snsStringToSign } from '../../src/services/sms/webhooks/sns-signature';
import { listenOnLoopback, readBody, sendJson } from './loopback-http';

export const FAKE_TOPIC_ARN = 'arn:aws:sns:us-east-1:123456789012:exrated-sms-events';
export const FAKE_CERT_URL = 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-fake.pem';
export const FAKE_CONFIGURATION_SET = 'exrated-texts';

/** How the fake answers SendTextMessage (as `TwilioMode` does for Twilio). */
export type AwsMode =
  | { kind: 'ok' }
  | { kind: 'refuse'; type: string }
  | { kind: 'outage' }
  | { kind: 'throttle' }
  | { kind: 'lose' };

export interface FakeAwsText {
  messageId: string;
  to: string;
  body: string;
  context: Record<string, string>;
}

/** The fake's signing key and certificate, made once per test process with the openssl command. */
let keyPair: { key: string; cert: string } | null = null;
function signingKeyPair() {
  if (keyPair) return keyPair;
  const dir = mkdtempSync(path.join(tmpdir(), 'fake-sns-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=sns.amazonaws.com',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    keyPair = {
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
    return keyPair;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * AWS on loopback: End User Messaging SMS's API (the JSON 1.0 protocol the SDK speaks: POST /, the action
 * in X-Amz-Target, `__type` errors), and SNS's side of the webhook: each event of a text, carrying its
 * Context, wrapped in an SNS Notification signed with a certificate the app fetches from the AWS URL
 * (`certificates` stands in for that https fetch, as DNS would).
 */
export async function startFakeAwsSms() {
  const { key, cert } = signingKeyPair();
  let mode: AwsMode = { kind: 'ok' };
  const texts: FakeAwsText[] = [];
  const optedOut = new Set<string>();
  const confirmedSubscriptions: string[] = [];

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
    const action = String(req.headers['x-amz-target'] ?? '').split('.')[1];
    if (action === 'DescribeOptedOutNumbers') {
      const asked = (body.OptedOutNumbers as string[] | undefined) ?? [];
      const found = asked.filter((number) => optedOut.has(number));
      return awsJson(res, 200, {
        OptOutListName: body.OptOutListName,
        OptedOutNumbers: found.map((number) => ({
          OptedOutNumber: number,
          OptedOutTimestamp: Date.now() / 1000,
          EndUserOptedOut: true,
        })),
      });
    }
    if (action === 'DeleteOptedOutNumber') {
      optedOut.delete(String(body.OptedOutNumber));
      return awsJson(res, 200, { OptedOutNumber: body.OptedOutNumber });
    }
    if (action === 'DescribeConfigurationSets') {
      const names = (body.ConfigurationSetNames as string[] | undefined) ?? [];
      if (!names.every((name) => name === FAKE_CONFIGURATION_SET)) {
        return awsJson(res, 400, {
          __type: 'ResourceNotFoundException',
          Message: 'No such configuration set',
        });
      }
      return awsJson(res, 200, { ConfigurationSets: names.map((name) => ({ ConfigurationSetName: name })) });
    }
    if (action !== 'SendTextMessage') {
      return awsJson(res, 400, { __type: 'UnknownOperationException', message: `unexpected ${action}` });
    }
    const current = mode;
    if (current.kind === 'outage') {
      return awsJson(res, 500, { __type: 'InternalServerException', Message: 'Internal failure' });
    }
    if (current.kind === 'throttle') {
      return awsJson(res, 400, { __type: 'ThrottlingException', Message: 'Rate exceeded' });
    }
    if (current.kind === 'refuse') return awsJson(res, 400, { __type: current.type, Message: 'refused' });
    const text: FakeAwsText = {
      messageId: randomUUID(),
      to: String(body.DestinationPhoneNumber),
      body: String(body.MessageBody),
      context: (body.Context as Record<string, string> | undefined) ?? {},
    };
    texts.push(text);
    if (current.kind === 'lose') return res.destroy();
    return awsJson(res, 200, { MessageId: text.messageId });
  }

  const { url, close } = await listenOnLoopback(server);

  const envelope = (
    type: 'Notification' | 'SubscriptionConfirmation',
    message: string,
    options: { signatureVersion?: '1' | '2'; timestamp?: Date; topicArn?: string } = {},
  ) => {
    const fields: Record<string, string> = {
      Type: type,
      MessageId: randomUUID(),
      TopicArn: options.topicArn ?? FAKE_TOPIC_ARN,
      Message: message,
      Timestamp: (options.timestamp ?? new Date()).toISOString(),
      SignatureVersion: options.signatureVersion ?? '2',
      SigningCertURL: FAKE_CERT_URL,
    };
    if (type === 'SubscriptionConfirmation') {
      fields.Token = randomUUID();
      fields.SubscribeURL = `https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&Token=${fields.Token}`;
    }
    const signer = createSign(fields.SignatureVersion === '1' ? 'RSA-SHA1' : 'RSA-SHA256');
    signer.update(snsStringToSign(fields as Parameters<typeof snsStringToSign>[0]), 'utf8');
    fields.Signature = signer.sign(key, 'base64');
    return fields;
  };

  return {
    url,
    setMode(next: AwsMode) {
      mode = next;
    },
    texts: () => [...texts],
    optOut(number: string) {
      optedOut.add(number);
    },
    confirmedSubscriptions: () => [...confirmedSubscriptions],
    /** The https GETs the app makes to AWS (certificate, subscription confirmation), answered here. */
    async certificates(url: string): Promise<string> {
      if (url === FAKE_CERT_URL) return cert;
      if (url.startsWith('https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription')) {
        confirmedSubscriptions.push(url);
        return '<ConfirmSubscriptionResponse/>';
      }
      throw new Error(`no such AWS URL: ${url}`);
    },
    /** An End User Messaging event for a text, as the SNS topic posts it (JSON envelope, signed). */
    event(
      text: FakeAwsText,
      messageStatus: string,
      options: {
        description?: string;
        isFinal?: boolean;
        signatureVersion?: '1' | '2';
        timestamp?: Date;
      } = {},
    ) {
      const event = {
        eventType: `TEXT_${messageStatus}`,
        eventVersion: '1.0',
        eventTimestamp: Date.now(),
        isFinal: options.isFinal ?? !['QUEUED', 'PENDING'].includes(messageStatus),
        originationPhoneNumber: '+18445550100',
        destinationPhoneNumber: text.to,
        messageId: text.messageId,
        messageStatus,
        messageStatusDescription: options.description ?? `Message ${messageStatus.toLowerCase()}`,
        context: text.context,
        totalMessageParts: 1,
      };
      return envelope('Notification', JSON.stringify(event), options);
    },
    /** A text someone sent to our AWS number (two-way SMS to the same topic). */
    inbound(from: string, body: string) {
      return envelope(
        'Notification',
        JSON.stringify({
          originationNumber: from,
          destinationNumber: '+18445550100',
          messageKeyword: body.trim().toUpperCase(),
          messageBody: body,
          inboundMessageId: randomUUID(),
        }),
      );
    },
    subscriptionConfirmation: () => envelope('SubscriptionConfirmation', 'You have chosen to subscribe.'),
    /** Any envelope, signed, for forgeries that differ in one field. */
    envelope,
    close,
  };
}

export type FakeAwsSms = Awaited<ReturnType<typeof startFakeAwsSms>>;

/** The environment that points the app's End User Messaging sender at the fake. */
export function fakeAwsSmsEnv(fake: FakeAwsSms): Record<string, string> {
  return {
    AWS_SMS_CONFIGURATION_SET: FAKE_CONFIGURATION_SET,
    SNS_EVENTS_TOPIC_ARNS: FAKE_TOPIC_ARN,
    AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2: fake.url,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'example-secret',
  };
}

function awsJson(res: ServerResponse, status: number, body: unknown) {
  sendJson(res, status, body, 'application/x-amz-json-1.0');
}
