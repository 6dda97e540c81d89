import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type LocalSns,
  snsXml,
  startLocalSns,
  stubLocalSnsEnvironment,
} from '../../../test/support/local-sns';
import { PHONE_FORMAT_NOT_SUPPORTED } from './sms-errors';
import { SmsDeliveryError } from './sms-sender';
import { SnsSmsSender } from './sns-sms-sender';

/**
 * The real AWS SDK against a small local server speaking the SNS query protocol (POST /, form-encoded
 * Action=..., XML replies), pointed at through the standard AWS environment like production is.
 */
let sns: LocalSns;

beforeAll(async () => {
  sns = await startLocalSns();
  stubLocalSnsEnvironment(sns.url);
});

afterEach(() => {
  sns.received.length = 0;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await sns.close();
});

describe('SnsSmsSender', () => {
  it('publishes a transactional text to the phone number from the AWS environment', async () => {
    sns.setReply(() => snsXml.publishOk('msg-123'));
    const sender = new SnsSmsSender();
    const result = await sender.send({
      to: '+14155550100',
      body: 'Your ExRated code is 123456.',
      kind: 'verification',
    });
    expect(result).toEqual({ messageId: 'msg-123' });
    expect(sns.received).toHaveLength(1);
    const { params, authorization } = sns.received[0] ?? { params: new URLSearchParams() };
    expect(params.get('Action')).toBe('Publish');
    expect(params.get('PhoneNumber')).toBe('+14155550100');
    expect(params.get('Message')).toBe('Your ExRated code is 123456.');
    expect(params.get('MessageAttributes.entry.1.Name')).toBe('AWS.SNS.SMS.SMSType');
    expect(params.get('MessageAttributes.entry.1.Value.DataType')).toBe('String');
    expect(params.get('MessageAttributes.entry.1.Value.StringValue')).toBe('Transactional');
    expect(params.get('MessageAttributes.entry.2.Name')).toBeNull();
    // Signed with the credentials from the environment.
    expect(authorization).toContain('Credential=AKIDEXAMPLE/');
    expect(authorization).toContain('/eu-west-2/sns/aws4_request');
    sender.close();
  });

  it('adds the sender id and origination number when configured', async () => {
    sns.setReply(() => snsXml.publishOk('msg-456'));
    const sender = new SnsSmsSender({ senderId: 'ExRated', originationNumber: '+18005550199' });
    await sender.send({ to: '+447911123456', body: 'hello', kind: 'rating' });
    const entries = new Map<string, string | null>();
    const params = sns.received[0]?.params ?? new URLSearchParams();
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
    sns.setReply(() =>
      snsXml.error(
        'InvalidParameter',
        'Invalid parameter: PhoneNumber Reason: +1555 is not valid to publish to',
      ),
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
    sns.setReply(() =>
      snsXml.error('AuthorizationError', 'User arn:aws:iam::123456789012:user/x is not authorized', 403),
    );
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
    vi.stubEnv('AWS_ENDPOINT_URL_SNS', sns.url);
    sns.setReply((params) => snsXml.optedOut(params.get('phoneNumber') === '+14155550111'));
    const sender = new SnsSmsSender();
    expect(await sender.isOptedOut('+14155550111')).toBe(true);
    expect(await sender.isOptedOut('+14155550100')).toBe(false);
    expect(sns.received.map((request) => request.params.get('Action'))).toEqual([
      'CheckIfPhoneNumberIsOptedOut',
      'CheckIfPhoneNumberIsOptedOut',
    ]);
    sender.close();
  });

  it('takes a number off the opt-out list', async () => {
    vi.stubEnv('AWS_ENDPOINT_URL_SNS', sns.url);
    sns.setReply(() => snsXml.optInOk());
    const sender = new SnsSmsSender();
    await sender.optIn('+14155550111');
    expect(sns.received.map((request) => Object.fromEntries(request.params))).toMatchObject([
      { Action: 'OptInPhoneNumber', phoneNumber: '+14155550111' },
    ]);
    sns.setReply(() => snsXml.error('Throttling', 'You can opt in a number only once every 30 days'));
    await expect(sender.optIn('+14155550111')).rejects.toBeInstanceOf(SmsDeliveryError);
    sender.close();
  });
});
