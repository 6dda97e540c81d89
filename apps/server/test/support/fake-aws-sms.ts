import { execFileSync } from 'node:child_process';
import { createSign, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { snsStringToSign } from '../../src/services/sms/webhooks/sns-signature';
import { listenOnLoopback, readBody, sendJson } from './loopback-http';

export const FAKE_TOPIC_ARN = 'arn:aws:sns:us-east-1:123456789012:exrated-sms-events';
export const FAKE_CERT_URL =
  'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-7506a1e35b36ef5a444dd1a8e7cc3ed8.pem';
/** Where the fake AWS serves SNS's certificate under other names as well (the cache's tests ask for many). */
const FAKE_CERT_PATH =
  /^https:\/\/sns\.us-east-1\.amazonaws\.com\/SimpleNotificationService-[0-9a-f]{32}\.pem$/;
/** A certificate path on a real SNS host that serves the impostor's certificate. */
export const IMPOSTOR_CERT_URL =
  'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-00000000000000000000000000000bad.pem';
export const FAKE_CONFIGURATION_SET = 'exrated-texts';

/** How the fake answers SendTextMessage (as `TwilioMode` does for Twilio); a refusal may carry a `Reason`. */
export type AwsMode =
  | { kind: 'ok' }
  | { kind: 'refuse'; type: string; reason?: string }
  | { kind: 'outage' }
  | { kind: 'throttle' }
  | { kind: 'lose' };

export interface FakeAwsText {
  messageId: string;
  to: string;
  body: string;
  context: Record<string, string>;
}

/**
 * A key and certificate made with the openssl command: `subject` signed by `issuer`'s key (a CA made on the
 * way), or self-signed without an issuer.
 */
function makeCertificate(subject: string, issuer: string | null) {
  const dir = mkdtempSync(path.join(tmpdir(), 'fake-sns-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  try {
    const leafKey = ['-newkey', 'rsa:2048', '-nodes', '-keyout', file('key.pem')];
    if (issuer) {
      openssl([
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        issuer,
        '-keyout',
        file('ca-key.pem'),
        '-out',
        file('ca.pem'),
      ]);
      openssl(['req', '-new', ...leafKey, '-subj', subject, '-out', file('leaf.csr')]);
      writeFileSync(
        file('leaf.ext'),
        'basicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nsubjectAltName=DNS:sns.amazonaws.com\n',
      );
      openssl([
        'x509',
        '-req',
        '-in',
        file('leaf.csr'),
        '-CA',
        file('ca.pem'),
        '-CAkey',
        file('ca-key.pem'),
        '-CAcreateserial',
        '-days',
        '2',
        '-sha256',
        '-extfile',
        file('leaf.ext'),
        '-out',
        file('cert.pem'),
      ]);
    } else {
      openssl(['req', '-x509', ...leafKey, '-days', '2', '-subj', subject, '-out', file('cert.pem')]);
    }
    return { key: readFileSync(file('key.pem'), 'utf8'), cert: readFileSync(file('cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * SNS's signing certificate as AWS issues it (subject CN=sns.amazonaws.com, issued by Amazon's RSA 2048 M01
 * intermediate, here a CA of the same name made for the test), and an impostor's: a key and certificate any
 * stranger can make, for another subject. Made once per test process.
 */
let keyPairs: { sns: { key: string; cert: string }; impostor: { key: string; cert: string } } | null = null;
function signingKeyPairs() {
  keyPairs ??= {
    sns: makeCertificate('/CN=sns.amazonaws.com', '/C=US/O=Amazon/CN=Amazon RSA 2048 M01'),
    impostor: makeCertificate('/CN=sns.attacker.example', null),
  };
  return keyPairs;
}

/**
 * AWS on loopback: End User Messaging SMS's API (the JSON 1.0 protocol the SDK speaks: POST /, the action
 * in X-Amz-Target, `__type` errors), and SNS's side of the webhook: each event of a text, carrying its
 * Context, wrapped in an SNS Notification signed with a certificate the app fetches from the AWS URL
 * (`certificates` stands in for that https fetch, as DNS would).
 */
export async function startFakeAwsSms() {
  const { sns, impostor } = signingKeyPairs();
  let certificateFetches: string[] = [];
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
      // An outage takes the whole API down, the reads the health check makes with it.
      if (mode.kind === 'outage') {
        return awsJson(res, 500, { __type: 'InternalServerException', Message: 'Internal failure' });
      }
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
    if (current.kind === 'refuse') {
      return awsJson(res, 400, { __type: current.type, Message: 'refused', Reason: current.reason });
    }
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
    options: {
      signatureVersion?: '1' | '2';
      timestamp?: Date;
      topicArn?: string;
      signingCertUrl?: string;
      signer?: 'sns' | 'impostor';
    } = {},
  ) => {
    const fields: Record<string, string> = {
      Type: type,
      MessageId: randomUUID(),
      TopicArn: options.topicArn ?? FAKE_TOPIC_ARN,
      Message: message,
      Timestamp: (options.timestamp ?? new Date()).toISOString(),
      SignatureVersion: options.signatureVersion ?? '2',
      SigningCertURL: options.signingCertUrl ?? FAKE_CERT_URL,
    };
    if (type === 'SubscriptionConfirmation') {
      fields.Token = randomUUID();
      fields.SubscribeURL = `https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&Token=${fields.Token}`;
    }
    const signer = createSign(fields.SignatureVersion === '1' ? 'RSA-SHA1' : 'RSA-SHA256');
    signer.update(snsStringToSign(fields as Parameters<typeof snsStringToSign>[0]), 'utf8');
    fields.Signature = signer.sign((options.signer === 'impostor' ? impostor : sns).key, 'base64');
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
    /** The GETs of SNS's certificate so far (any of its names), and a fresh count. */
    certificateFetches: () => [...certificateFetches],
    resetCertificateFetches() {
      certificateFetches = [];
    },
    /** The https GETs the app makes to AWS (certificate, subscription confirmation), answered here. */
    async certificates(url: string): Promise<string> {
      if (url === IMPOSTOR_CERT_URL) return impostor.cert;
      if (FAKE_CERT_PATH.test(url)) {
        certificateFetches.push(url);
        return sns.cert;
      }
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
