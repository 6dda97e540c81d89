import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configProblems } from '../../../test/support/config-problems';
import { loadConfig } from '../../config';

const dataDir = mkdtempSync(path.join(tmpdir(), 'exrated-sms-settings-'));

const problemsOf = (env: Record<string, string>) => configProblems({ DATA_DIR: dataDir, ...env });

describe('SMS settings', () => {
  it('names every setting Twilio needs, and a fallback that is the primary', () => {
    expect(problemsOf({ SMS_PROVIDER: 'twilio' })).toEqual([
      'TWILIO_ACCOUNT_SID: required when Twilio sends texts',
      'TWILIO_AUTH_TOKEN: required when Twilio sends texts',
      'TWILIO_FROM: required when Twilio sends texts (or set TWILIO_MESSAGING_SERVICE_SID)',
    ]);
    expect(problemsOf({ SMS_PROVIDER: 'sns', SMS_FALLBACK_PROVIDER: 'sns' })).toEqual([
      'SMS_FALLBACK_PROVIDER: must differ from SMS_PROVIDER',
    ]);
    expect(problemsOf({ TWILIO_ACCOUNT_SID: 'nope' })[0]).toMatch(
      /^TWILIO_ACCOUNT_SID: must be an account SID/,
    );
    expect(problemsOf({ SMS_SNS_PER_SECOND: '0' })[0]).toMatch(/^SMS_SNS_PER_SECOND/);
  });

  it('asks for the events topic with an End User Messaging configuration set', () => {
    expect(problemsOf({ SMS_PROVIDER: 'sns', AWS_SMS_CONFIGURATION_SET: 'texts' })).toEqual([
      'SNS_EVENTS_TOPIC_ARNS: required with AWS_SMS_CONFIGURATION_SET (the topic its events reach ExRated by)',
    ]);
    const config = loadConfig({
      DATA_DIR: dataDir,
      SMS_PROVIDER: 'twilio',
      SMS_FALLBACK_PROVIDER: 'sns',
      TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'an-auth-token-of-some-length',
      TWILIO_FROM: '+14155550100',
      AWS_SMS_CONFIGURATION_SET: 'texts',
      SNS_EVENTS_TOPIC_ARNS:
        'arn:aws:sns:us-east-1:123456789012:texts, arn:aws:sns:eu-west-2:123456789012:texts',
    });
    expect(config.sms).toMatchObject({
      provider: 'twilio',
      fallbackProvider: 'sns',
      sns: {
        configurationSet: 'texts',
        eventTopicArns: [
          'arn:aws:sns:us-east-1:123456789012:texts',
          'arn:aws:sns:eu-west-2:123456789012:texts',
        ],
      },
      perSecond: { twilio: 1, sns: 20 },
      receiptTimeoutHours: 72,
    });
  });
});
