import type { Database } from '@exrated/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { RateLimiter } from '../limits/rate-limiter';
import type { SmsGateway } from '../sms/sms-gateway';

/** What delivering one claimed text needs. */
export interface DeliveryDeps {
  db: Database;
  sms: SmsGateway;
  rateLimiter: RateLimiter;
  config: Pick<Config, 'notifications' | 'limits' | 'sessionSecret'>;
  logger: FastifyBaseLogger;
  now: () => Date;
}

export type DeliveryOutcome =
  | { status: 'sent'; notificationId: string; attempts: number; provider: string }
  /** Failed this time; `willRetry` false means it gave up (status `failed`). */
  | { status: 'failed'; notificationId: string; attempts: number; error: string; willRetry: boolean }
  | { status: 'suppressed'; notificationId: string; attempts: number; reason: string }
  /** Handed back without a verdict: the provider throttled, or an earlier attempt is still being found out. */
  | { status: 'deferred'; notificationId: string; reason: string }
  /** Another sender holds it (or it was already handled): nothing was done here. */
  | { status: 'not_claimed'; notificationId: string };

/** What the texts of one batch share. */
export interface RunState {
  /** Set when a provider throttled in this run: the rest of the batch waits instead of asking again. */
  throttledUntil: number;
}
