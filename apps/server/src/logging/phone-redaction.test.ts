import { describe, expect, it } from 'vitest';
import { maskPhoneNumber, redactPhoneNumbers } from './phone-redaction';

describe('maskPhoneNumber', () => {
  it('keeps the last four digits and the separators', () => {
    expect(maskPhoneNumber('+14155550187')).toBe('+*******0187');
    expect(maskPhoneNumber('+44 7400 123456')).toBe('+** **** **3456');
    expect(maskPhoneNumber('(415) 555-0187')).toBe('(***) ***-0187');
  });
});

describe('redactPhoneNumbers', () => {
  it('masks numbers in E.164, international and North American formats wherever they sit in a line', () => {
    const line = JSON.stringify({
      msg: 'SMS to +14155550187: Your ExRated code is 123456.',
      phoneNumber: '+447400123456',
      err: { message: 'Failed query: insert ... params: +61412345678,(202) 555-0101,202.555.0102' },
      nested: { formatted: '+1 (415) 555-0199', dashed: '+1-415-555-0198' },
      req: { url: '/rate/%2B14155550177' },
    });
    const redacted = redactPhoneNumbers(line);
    for (const whole of [
      '4155550187',
      '7400123456',
      '412345678',
      '(202) 555',
      '202.555',
      '415) 555',
      '415-555',
      '4155550177',
    ])
      expect(redacted).not.toContain(whole);
    expect(redacted).toContain('SMS to +*******0187: Your ExRated code is 123456.');
    expect(redacted).toContain('"phoneNumber":"+********3456"');
    expect(redacted).toContain('+*******5678,(***) ***-0101,***.***.0102');
    expect(redacted).toContain('"formatted":"+* (***) ***-0199"');
    expect(redacted).toContain('"dashed":"+*-***-***-0198"');
    expect(redacted).toContain('"url":"/rate/%2B*******0177"');
  });

  it('leaves timestamps, durations, ids, addresses and codes alone', () => {
    const line =
      '{"level":30,"time":1764060000000,"pid":4242,"reqId":"3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c",' +
      '"req":{"url":"/r/3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c","remoteAddress":"198.51.100.7"},' +
      '"responseTime":12.5,"msg":"code 123456 at 2026-11-25T08:57:46+00:00"}';
    expect(redactPhoneNumbers(line)).toBe(line);
  });
});
