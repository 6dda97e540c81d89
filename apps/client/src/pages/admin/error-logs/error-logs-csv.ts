// CSV export of the error-log page (docs/product.md#admin). Built here, not by a library, so the escaping
// rules are visible and tested: RFC 4180 quoting, and formula neutralizing for spreadsheets.
import { downloadFile } from '../../../lib/download-file';

export interface CsvErrorLog {
  createdAt: Date;
  severity: string;
  phoneNumber: string | null;
  errorMessage: string;
  componentName: string | null;
  errorType: string;
  url: string | null;
  userId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  errorStack: string | null;
  details: Record<string, unknown> | null;
}

const COLUMNS: Array<[header: string, value: (entry: CsvErrorLog) => string]> = [
  ['Date', (entry) => entry.createdAt.toISOString()],
  ['Severity', (entry) => entry.severity],
  ['Phone Number', (entry) => entry.phoneNumber ?? ''],
  ['Error', (entry) => entry.errorMessage],
  ['Component', (entry) => entry.componentName ?? ''],
  ['Error Type', (entry) => entry.errorType],
  ['URL', (entry) => entry.url ?? ''],
  ['User ID', (entry) => entry.userId ?? ''],
  ['IP Address', (entry) => entry.ipAddress ?? ''],
  ['User Agent', (entry) => entry.userAgent ?? ''],
  ['Stack Trace', (entry) => entry.errorStack ?? ''],
  ['Details', (entry) => (entry.details ? JSON.stringify(entry.details) : '')],
];

/**
 * One CSV cell. A cell a spreadsheet would read as a formula (starting with = + - @, or a tab or carriage
 * return that some strip first) gets a leading apostrophe: error messages and user agents come from the public
 * and must never run in the administrator's spreadsheet (CSV injection).
 */
export function csvCell(value: string): string {
  const neutralized = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(neutralized) ? `"${neutralized.replace(/"/g, '""')}"` : neutralized;
}

export function errorLogsToCsv(entries: CsvErrorLog[]): string {
  const lines = [
    COLUMNS.map(([header]) => csvCell(header)).join(','),
    ...entries.map((entry) => COLUMNS.map(([, value]) => csvCell(value(entry))).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** `error-logs-{YYYY-MM-DD}.csv`, dated by the administrator's local calendar day. */
export function errorLogsCsvFileName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `error-logs-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** Saves the CSV through a temporary link; the byte-order mark makes spreadsheets read it as UTF-8. */
export function downloadCsv(fileName: string, csv: string): void {
  downloadFile(fileName, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}
