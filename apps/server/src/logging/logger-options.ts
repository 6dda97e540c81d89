import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import { redactPhoneNumbers } from './phone-redaction';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Request logs carry the path only: query strings can hold phone numbers (/rate?phone=, tRPC GET input). */
function pathOnly(url: string) {
  const index = url.indexOf('?');
  return index === -1 ? url : url.slice(0, index);
}

/**
 * pino-pretty for people reading a terminal: one line per entry, request lines as `GET /path 200 3.1ms`,
 * the fields nobody reads locally left out. Resolved to a file path here, since the transport's worker
 * resolves a bare name from pino's own folder, where pnpm gives it no pino-pretty.
 */
function prettyTransport() {
  return {
    target: createRequire(import.meta.url).resolve('pino-pretty'),
    options: {
      // Colours for a terminal, plain text when the output goes to a file or another program.
      colorize: process.stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId,req,res,responseTime',
      messageFormat: '{if req.method}{req.method} {req.url} {res.statusCode} {responseTime}ms {end}{msg}',
      singleLine: true,
    },
  };
}

/**
 * The server's pino options: JSON lines in production (and tests), pino-pretty in development
 * (`LOG_FORMAT`), and phone numbers masked in every line whichever the format. `override` (tests: a capture
 * stream) is applied last; a stream of its own replaces the pretty transport.
 */
export function loggerOptions(config: Config, override: LoggerOptions = {}): LoggerOptions {
  const options: LoggerOptions = {
    level: config.logLevel,
    serializers: {
      req: (req) => ({ id: req.id, method: req.method, url: pathOnly(req.url), remoteAddress: req.ip }),
    },
    hooks: { streamWrite: redactPhoneNumbers },
    ...override,
  };
  if (config.logFormat === 'pretty' && !('stream' in override)) options.transport = prettyTransport();
  return options;
}
