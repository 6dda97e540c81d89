import { describe, expect, it } from 'vitest';
import { TimestampDate } from './timestamp-date';

describe('TimestampDate.fromPostgresText', () => {
  it('reads what new Date reads, fractions cut to milliseconds, and writes the same ISO text and JSON', () => {
    for (const text of [
      '2026-11-25 10:11:12+00',
      '2026-11-25 10:11:12.1+00',
      '2026-11-25 10:11:12.12+00',
      '2026-11-25 10:11:12.123+00',
      '2026-11-25 10:11:12.1239+00',
      '2026-11-25 23:59:59.999999+00',
      '2024-02-29 00:00:00.000001+00',
      '1970-01-01 00:00:00+00',
      '9999-12-31 23:59:59.5+00',
    ]) {
      const read = TimestampDate.fromPostgresText(text);
      const plain = new Date(text);
      expect(read, text).toBeInstanceOf(TimestampDate);
      expect(read).toBeInstanceOf(Date);
      expect(read?.getTime(), text).toBe(plain.getTime());
      expect(read?.toISOString(), text).toBe(plain.toISOString());
      expect(JSON.stringify({ at: read }), text).toBe(JSON.stringify({ at: plain }));
    }
  });

  it('leaves every other form to new Date', () => {
    for (const text of [
      '2026-11-25 10:11:12+01',
      '2026-11-25 10:11:12.123+05:30',
      '0099-01-01 00:00:00+00',
      '12026-11-25 10:11:12+00',
      '2026-11-25 10:11:12 BC+00',
      '2026-11-25T10:11:12.123Z',
      '2026-11-25 10:11:12.+00',
      '2026-13-45 10:11:12+00',
      'infinity',
      '',
    ]) {
      expect(TimestampDate.fromPostgresText(text), text).toBeNull();
    }
  });

  it('formats anew once a setter changed it', () => {
    const read = TimestampDate.fromPostgresText('2026-11-25 10:11:12.123+00');
    read?.setUTCFullYear(2027);
    expect(read?.toISOString()).toBe('2027-11-25T10:11:12.123Z');
    expect(JSON.stringify(read)).toBe('"2027-11-25T10:11:12.123Z"');
  });
});
