import { describe, expect, it } from 'vitest';
import { type ClientErrorReport, describeError, ErrorReporter } from './error-reporting';

function setup(options: ConstructorParameters<typeof ErrorReporter>[1] = {}) {
  const sent: ClientErrorReport[] = [];
  let now = 1_000_000;
  const reporter = new ErrorReporter(
    async (report) => {
      sent.push(report);
    },
    options,
    () => now,
  );
  return {
    sent,
    reporter,
    advance(ms: number) {
      now += ms;
    },
  };
}

const boom: ClientErrorReport = {
  message: 'Boom',
  stack: 'Error: Boom\n  at a.js:1:1',
  errorType: 'runtime',
};

describe('ErrorReporter', () => {
  it('sends a report with the server limits applied and a medium severity by default', () => {
    const { sent, reporter } = setup();
    expect(reporter.report({ ...boom, message: 'x'.repeat(5000), componentName: 'c'.repeat(500) })).toBe(
      true,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.message).toHaveLength(2000);
    expect(sent[0]?.componentName).toHaveLength(200);
    expect(sent[0]?.severity).toBe('medium');
  });

  it('drops a duplicate inside the dedupe window and sends it again after', () => {
    const { sent, reporter, advance } = setup({ dedupeMs: 60_000, maxPerMinute: 100 });
    expect(reporter.report(boom)).toBe(true);
    expect(reporter.report(boom)).toBe(false);
    expect(reporter.report({ ...boom, errorType: 'render' })).toBe(true);
    advance(60_001);
    expect(reporter.report(boom)).toBe(true);
    expect(sent).toHaveLength(3);
  });

  it('throttles to a number of reports per minute and per page', () => {
    const { sent, reporter, advance } = setup({ maxPerMinute: 3, maxPerPage: 5 });
    for (let index = 0; index < 10; index += 1) reporter.report({ ...boom, message: `Error ${index}` });
    expect(sent).toHaveLength(3);
    advance(60_000);
    for (let index = 10; index < 20; index += 1) reporter.report({ ...boom, message: `Error ${index}` });
    expect(sent).toHaveLength(5);
    advance(10 * 60_000);
    expect(reporter.report({ ...boom, message: 'late' })).toBe(false);
  });

  it('ignores browser noise and empty messages', () => {
    const { sent, reporter } = setup();
    expect(reporter.report({ message: 'Script error.', errorType: 'runtime' })).toBe(false);
    expect(reporter.report({ message: 'ResizeObserver loop limit exceeded', errorType: 'runtime' })).toBe(
      false,
    );
    expect(reporter.report({ message: '   ', errorType: 'runtime' })).toBe(false);
    expect(sent).toHaveLength(0);
  });

  it('never throws when delivery fails', async () => {
    const reporter = new ErrorReporter(() => Promise.reject(new Error('offline')));
    expect(reporter.report(boom)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});

describe('describeError', () => {
  it('reads errors, strings and other values', () => {
    const error = new Error('bad');
    expect(describeError(error)).toEqual({ message: 'bad', stack: error.stack });
    expect(describeError('text')).toEqual({ message: 'text' });
    expect(describeError({ code: 1 })).toEqual({ message: '{"code":1}' });
    expect(describeError(undefined)).toEqual({ message: 'undefined' });
  });
});
