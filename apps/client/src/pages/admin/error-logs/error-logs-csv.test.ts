import { describe, expect, it } from 'vitest';
import { type CsvErrorLog, csvCell, errorLogsCsvFileName, errorLogsToCsv } from './error-logs-csv';

function entry(overrides: Partial<CsvErrorLog> = {}): CsvErrorLog {
  return {
    createdAt: new Date('2026-11-21T10:15:00.000Z'),
    severity: 'high',
    phoneNumber: '+15550000001',
    errorMessage: 'Boom',
    componentName: 'RatePage',
    errorType: 'runtime',
    url: 'https://exrated.app/rate',
    userId: 'a1b2',
    ipAddress: '203.0.113.5',
    userAgent: 'Mozilla/5.0',
    errorStack: null,
    details: null,
    ...overrides,
  };
}

describe('csvCell', () => {
  it('leaves plain text alone', () => {
    expect(csvCell('Plain text 123')).toBe('Plain text 123');
    expect(csvCell('')).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
  });

  it('neutralizes cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
    // Only the first character matters.
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('neutralizes a phone number starting with + too (it would otherwise become a number or formula)', () => {
    expect(csvCell('+15550000001')).toBe("'+15550000001");
  });
});

describe('errorLogsToCsv', () => {
  it('writes a header row and one row per entry, CRLF-terminated', () => {
    const csv = errorLogsToCsv([
      entry(),
      entry({ errorMessage: 'Bad, "very" bad\nreally', details: { step: 2 }, phoneNumber: null }),
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'Date,Severity,Phone Number,Error,Component,Error Type,URL,User ID,IP Address,User Agent,Stack Trace,Details',
    );
    expect(lines[1]).toBe(
      "2026-11-21T10:15:00.000Z,high,'+15550000001,Boom,RatePage,runtime,https://exrated.app/rate,a1b2,203.0.113.5,Mozilla/5.0,,",
    );
    expect(lines[2]).toBe(
      '2026-11-21T10:15:00.000Z,high,,"Bad, ""very"" bad\nreally",RatePage,runtime,https://exrated.app/rate,a1b2,203.0.113.5,Mozilla/5.0,,"{""step"":2}"',
    );
    expect(lines[3]).toBe('');
    expect(lines).toHaveLength(4);
  });

  it('writes only the header for an empty page', () => {
    expect(errorLogsToCsv([]).split('\r\n')).toHaveLength(2);
  });
});

describe('errorLogsCsvFileName', () => {
  it('is error-logs-{YYYY-MM-DD}.csv for the local day', () => {
    expect(errorLogsCsvFileName(new Date(2026, 0, 5, 23, 59))).toBe('error-logs-2026-01-05.csv');
  });
});
