import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SmsDeliveryError } from './sms-sender';
import { PHONE_FORMAT_NOT_SUPPORTED, SnsSmsSender } from './sns-sms-sender';

/**
 * The real AWS SDK against a small local server speaking the SNS query protocol (POST /, form-encoded
 * Action=..., XML replies), pointed at through the standard AWS environment like production is.
 */
interface Received {
  params: URLSearchParams;
  authorization: string | undefined;
}

const received: Received[] = [];
let reply: (params: URLSearchParams) => { status: number; body: string } = () => ({ status: 500, body: '' });
let server: Server;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

const NS = 'http://sns.amazonaws.com/doc/2010-03-31/';
const publishOk = (id: string) => ({
  status: 200,
  body: `<PublishResponse xmlns="${NS}"><PublishResult><MessageId>${id}</MessageId></PublishResult><ResponseMetadata><RequestId>r-1</RequestId></ResponseMetadata></PublishResponse>`,
});
const errorReply = (code: string, message: string, status = 400) => ({
  status,
  body: `<ErrorResponse xmlns="${NS}"><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>r-2</RequestId></ErrorResponse>`,
});

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const params = new URLSearchParams(await readBody(req));
    received.push({ params, authorization: req.headers.authorization });
    const { status, body } =
      req.method === 'POST' && req.url === '/' ? reply(params) : { status: 404, body: '' };
    res.writeHead(status, { 'content-type': 'text/xml' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  vi.stubEnv('AWS_ENDPOINT_URL_SNS', `http://127.0.0.1:${port}`);
  vi.stubEnv('AWS_REGION', 'us-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'example-secret');
  vi.stubEnv('AWS_MAX_ATTEMPTS', '1');
});

afterEach(() => {
  received.length = 0;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
});

describe('SnsSmsSender', () => {
  it('publishes a transactional text to the phone number from the AWS environment', async () => {
    reply = () => publishOk('msg-123');
    const sender = new SnsSmsSender();
    const result = await sender.send({
      to: '+14155550100',
      body: 'Your ExRated code is 123456.',
      kind: 'verification',
    });
    expect(result).toEqual({ messageId: 'msg-123' });
    expect(received).toHaveLength(1);
    const { params, authorization } = received[0] ?? { params: new URLSearchParams() };
    expect(params.get('Action')).toBe('Publish');
    expect(params.get('PhoneNumber')).toBe('+14155550100');
    expect(params.get('Message')).toBe('Your ExRated code is 123456.');
    expect(params.get('MessageAttributes.entry.1.Name')).toBe('AWS.SNS.SMS.SMSType');
    expect(params.get('MessageAttributes.entry.1.Value.DataType')).toBe('String');
    expect(params.get('MessageAttributes.entry.1.Value.StringValue')).toBe('Transactional');
    expect(params.get('MessageAttributes.entry.2.Name')).toBeNull();
    // Signed with the credentials from the environment.
    expect(authorization).toContain('Credential=AKIDEXAMPLE/');
    expect(authorization).toContain('/us-east-1/sns/aws4_request');
    sender.close();
  });

  it('adds the sender id and origination number when configured', async () => {
    reply = () => publishOk('msg-456');
    const sender = new SnsSmsSender({ senderId: 'ExRated', originationNumber: '+18005550199' });
    await sender.send({ to: '+447911123456', body: 'hello', kind: 'rating' });
    const entries = new Map<string, string | null>();
    const params = received[0]?.params ?? new URLSearchParams();
    for (let i = 1; i <= 3; i++) {
      const name = params.get(`MessageAttributes.entry.${i}.Name`);
      if (name) entries.set(name, params.get(`MessageAttributes.entry.${i}.Value.StringValue`));
    }
    expect(Object.fromEntries(entries)).toEqual({
      'AWS.SNS.SMS.SMSType': 'Transactional',
      'AWS.SNS.SMS.SenderID': 'ExRated',
      'AWS.MM.SMS.OriginationNumber': '+18005550199',
    });
    sender.close();
  });

  it('turns a rejected number format into the user-facing format reason', async () => {
    reply = () =>
      errorReply(
        'InvalidParameter',
        'Invalid parameter: PhoneNumber Reason: +1555 is not valid to publish to',
      );
    const sender = new SnsSmsSender();
    const error = await sender
      .send({ to: '+1555', body: 'x', kind: 'verification' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect(error).toMatchObject({ reason: PHONE_FORMAT_NOT_SUPPORTED, invalidNumberFormat: true });
    sender.close();
  });

  it('never shows the provider text for other errors', async () => {
    reply = () =>
      errorReply('AuthorizationError', 'User arn:aws:iam::123456789012:user/x is not authorized', 403);
    const sender = new SnsSmsSender();
    const error = await sender
      .send({ to: '+14155550100', body: 'x', kind: 'rating' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect(error).toMatchObject({ invalidNumberFormat: false });
    expect((error as SmsDeliveryError).reason).not.toContain('arn:aws');
    expect((error as SmsDeliveryError).reason).toMatch(/could not send/);
    sender.close();
  });

  it('reports an unreachable endpoint as a delivery error', async () => {
    vi.stubEnv('AWS_ENDPOINT_URL_SNS', 'http://127.0.0.1:9');
    const unreachable = new SnsSmsSender();
    const error = await unreachable
      .send({ to: '+14155550100', body: 'x', kind: 'rating' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SmsDeliveryError', invalidNumberFormat: false });
    expect((error as SmsDeliveryError).reason).toMatch(/not reachable/);
    unreachable.close();
  });

  it('asks whether a number opted out', async () => {
    const { port } = server.address() as AddressInfo;
    vi.stubEnv('AWS_ENDPOINT_URL_SNS', `http://127.0.0.1:${port}`);
    reply = (params) => ({
      status: 200,
      body: `<CheckIfPhoneNumberIsOptedOutResponse xmlns="${NS}"><CheckIfPhoneNumberIsOptedOutResult><isOptedOut>${
        params.get('phoneNumber') === '+14155550111'
      }</isOptedOut></CheckIfPhoneNumberIsOptedOutResult><ResponseMetadata><RequestId>r-3</RequestId></ResponseMetadata></CheckIfPhoneNumberIsOptedOutResponse>`,
    });
    const sender = new SnsSmsSender();
    expect(await sender.isOptedOut('+14155550111')).toBe(true);
    expect(await sender.isOptedOut('+14155550100')).toBe(false);
    expect(received.map((request) => request.params.get('Action'))).toEqual([
      'CheckIfPhoneNumberIsOptedOut',
      'CheckIfPhoneNumberIsOptedOut',
    ]);
    sender.close();
  });
});
