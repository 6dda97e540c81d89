// Client-side errors reach error_logs through telemetry.reportError (docs/security.md#audit). The server caps
// reports per IP; this side also deduplicates and throttles, so one bug looping in a browser does not spend the
// whole allowance or flood the log with copies.
import { createTrpcClient } from './trpc';

export type ClientErrorType = 'runtime' | 'unhandled_rejection' | 'render' | 'network';

export interface ClientErrorReport {
  message: string;
  stack?: string;
  componentName?: string;
  url?: string;
  errorType: ClientErrorType;
  severity?: 'low' | 'medium' | 'high';
}

export interface ErrorReporterOptions {
  /** The same error (type, message, top of the stack) is sent at most once in this many ms. */
  dedupeMs?: number;
  /** At most this many reports per rolling minute. */
  maxPerMinute?: number;
  /** At most this many reports per page load. */
  maxPerPage?: number;
}

// The server's limits (telemetry.reportError input): longer text would be refused as a whole.
const LIMITS = { message: 2000, stack: 10_000, componentName: 200, url: 2000 };

// Noise every browser produces that says nothing about our code.
const IGNORED_MESSAGES = [/^Script error\.?$/i, /ResizeObserver loop/i];

function clip(value: string | undefined, length: number): string | undefined {
  return value === undefined ? undefined : value.slice(0, length);
}

export class ErrorReporter {
  private readonly lastSent = new Map<string, number>();
  private readonly recent: number[] = [];
  private sentThisPage = 0;
  private readonly dedupeMs: number;
  private readonly maxPerMinute: number;
  private readonly maxPerPage: number;

  constructor(
    private readonly send: (report: ClientErrorReport) => Promise<unknown>,
    options: ErrorReporterOptions = {},
    private readonly now: () => number = Date.now,
  ) {
    this.dedupeMs = options.dedupeMs ?? 5 * 60_000;
    this.maxPerMinute = options.maxPerMinute ?? 5;
    this.maxPerPage = options.maxPerPage ?? 30;
  }

  /** Sends the report unless it is noise, a recent duplicate, or over the throttle; says whether it went. */
  report(report: ClientErrorReport): boolean {
    const message = report.message.trim();
    if (!message || IGNORED_MESSAGES.some((pattern) => pattern.test(message))) return false;
    const now = this.now();
    const fingerprint = [
      report.errorType,
      message,
      report.stack?.split('\n').slice(0, 3).join('\n') ?? '',
    ].join('|');
    const last = this.lastSent.get(fingerprint);
    if (last !== undefined && now - last < this.dedupeMs) return false;
    while (this.recent.length > 0 && now - (this.recent[0] ?? now) >= 60_000) this.recent.shift();
    if (this.recent.length >= this.maxPerMinute || this.sentThisPage >= this.maxPerPage) return false;

    this.lastSent.set(fingerprint, now);
    this.recent.push(now);
    this.sentThisPage += 1;
    const payload: ClientErrorReport = {
      message: message.slice(0, LIMITS.message),
      errorType: report.errorType,
      severity: report.severity ?? 'medium',
      stack: clip(report.stack, LIMITS.stack),
      componentName: clip(report.componentName, LIMITS.componentName),
      url: clip(report.url ?? currentUrl(), LIMITS.url),
    };
    // A report that cannot be delivered is dropped: reporting must never cause errors of its own.
    this.send(payload).catch(() => undefined);
    return true;
  }
}

/** The page's address without its query string and hash: those can carry phone numbers (/rate?phone=). */
function currentUrl(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  return `${window.location.origin}${window.location.pathname}`;
}

export function describeError(value: unknown): { message: string; stack?: string } {
  if (value instanceof Error) return { message: value.message || value.name, stack: value.stack };
  if (typeof value === 'string') return { message: value };
  try {
    return { message: JSON.stringify(value) ?? String(value) };
  } catch {
    return { message: String(value) };
  }
}

let trpcClient: ReturnType<typeof createTrpcClient> | null = null;

export const errorReporter = new ErrorReporter((report) => {
  trpcClient ??= createTrpcClient();
  return trpcClient.telemetry.reportError.mutate(report);
});

/** For error boundaries: a render error, with the component stack React gives when it has one. */
export function reportRenderError(error: unknown, componentName: string, componentStack?: string): void {
  const { message, stack } = describeError(error);
  errorReporter.report({
    message,
    stack: componentStack ? `${stack ?? ''}\n\nComponent stack:${componentStack}` : stack,
    componentName,
    errorType: 'render',
    severity: 'high',
  });
}

let installed = false;

/** window.onerror and unhandledrejection, once per page (main.tsx). */
export function installGlobalErrorReporting(
  target: Window = window,
  reporter: ErrorReporter = errorReporter,
): void {
  if (installed) return;
  installed = true;
  target.addEventListener('error', (event) => {
    const { message, stack } = event.error
      ? describeError(event.error)
      : { message: event.message, stack: undefined };
    reporter.report({
      message,
      stack: stack ?? (event.filename ? `at ${event.filename}:${event.lineno}:${event.colno}` : undefined),
      componentName: 'window.onerror',
      errorType: 'runtime',
    });
  });
  target.addEventListener('unhandledrejection', (event) => {
    const { message, stack } = describeError(event.reason);
    reporter.report({
      message,
      stack,
      componentName: 'unhandledrejection',
      errorType: 'unhandled_rejection',
    });
  });
}
