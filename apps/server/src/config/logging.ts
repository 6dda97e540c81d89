import { z } from 'zod';
import { positiveInt } from './env-values';

/**
 * What the server logs, how, for how long it keeps the activity log, and who may read /metrics (and, for the
 * bench only, /bench/probe).
 */
export const loggingEnvShape = {
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json'], { message: 'must be pretty or json' }).optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  BENCH_PROBE_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_RETENTION_DAYS: positiveInt(180),
};

type LoggingEnv = z.infer<z.ZodObject<typeof loggingEnvShape>> & { NODE_ENV: string };

export interface LoggingSettings {
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** Human-readable lines (pino-pretty) or one JSON object per line. */
  logFormat: 'pretty' | 'json';
  /** Bearer token of GET /metrics; without one the route does not exist. */
  metricsToken: string | undefined;
  /** Set by the bench: statements and Redis commands are counted and served at /bench/probe. */
  benchProbeToken: string | undefined;
  logRetentionDays: number;
}

export function loggingSettings(e: LoggingEnv): LoggingSettings {
  return {
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
    metricsToken: e.METRICS_TOKEN,
    benchProbeToken: e.BENCH_PROBE_TOKEN,
    logRetentionDays: e.LOG_RETENTION_DAYS,
  };
}
