import type { Database, DatabaseHandle } from '@exrated/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { AuditLog } from './services/audit/audit-log';
import { AuditWriter, type RequestMeta } from './services/audit/audit-writer';
import type { RateLimiter } from './services/limits/rate-limiter';
import type { AppMetrics } from './services/metrics/app-metrics';
import type { NotificationDispatcher } from './services/notifications/dispatcher';
import type { UnlockedViewers } from './services/profile/unlocked-viewers';
import { claimsOfHeader } from './services/rating/rating-claims';
import type { ScreeningClassifier } from './services/screening/screening-classifier';
import type { CookieJar, SessionService } from './services/sessions/sessions';
import type { SettingsStore } from './services/settings/settings-store';
import type { SmsSender } from './services/sms/sms-sender';
import type { ReportCache } from './services/transparency/report-cache';
import type { TransparencyReport } from './services/transparency/report-shape';
import type { CodeStore } from './services/verification/code-store';

/** What every request can reach: built once by buildApp and shared by all requests. */
export interface AppServices {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  /** Null on the embedded default (no REDIS_URL): the in-process twins are used instead. */
  redis: Redis | null;
  rateLimiter: RateLimiter;
  /** Live verification codes: Redis, or the in-process twin when redis is null. */
  codeStore: CodeStore;
  sms: SmsSender;
  /** Reads rating texts after the rules; NO_CLASSIFIER when SCREENING_CLASSIFIER is off. */
  classifier: ScreeningClassifier;
  settings: SettingsStore;
  sessions: SessionService;
  logger: FastifyBaseLogger;
  now: () => Date;
  /** Sends rating texts: right after a rating commits, and retries of pending ones on a timer. */
  dispatcher: NotificationDispatcher;
  unlockedViewers: UnlockedViewers;
  metrics: AppMetrics;
  /** Writes every request's audit entries, several requests' in one insert when they end together. */
  auditLog: AuditLog;
  /** The public transparency report, computed once per published period. */
  transparencyReports: ReportCache<TransparencyReport>;
}

export interface RequestInfo extends RequestMeta {
  requestId: string;
  /** The viewer's country guess from proxy headers, lower-case ISO code or null. */
  countryHint: string | null;
}

/** Runs work once the response has gone out (its cost never shows in the response's timing). */
export type AfterResponse = (task: () => void) => void;

export interface InnerContextOptions {
  services: AppServices;
  cookies: CookieJar;
  request: RequestInfo;
  logger?: FastifyBaseLogger;
  /** Without HTTP (the tRPC caller), the work runs on the next turn of the event loop. */
  afterResponse?: AfterResponse;
  /** The tab's `x-rating-claims` header as it came (docs/security.md#sessions); none without it. */
  ratingClaimsHeader?: string | string[];
}

/** What a procedure sees: the shared services, and this request's cookies, metadata, logger and audit. */
export interface Context extends AppServices {
  cookies: CookieJar;
  request: RequestInfo;
  log: FastifyBaseLogger;
  audit: AuditWriter;
  afterResponse: AfterResponse;
  /**
   * The well-formed claims the tab sent, not yet checked: an unproven session is shown, and its proof takes,
   * only the ratings of the genuine ones (`claimedRatingIds`).
   */
  ratingClaims: readonly string[];
}

const nextTurn: AfterResponse = (task) => void setImmediate(task);

/**
 * The inner context: everything a procedure needs and nothing of HTTP, so tests build it without a server. Sessions are not loaded here: the base procedures load them only when needed.
 */
export function createInnerContext({
  services,
  cookies,
  request,
  logger,
  afterResponse = nextTurn,
  ratingClaimsHeader,
}: InnerContextOptions): Context {
  const log = logger ?? services.logger;
  // Each service by name rather than `...services`: V8 builds this literal in one fixed shape, where the spread
  // took ~8 µs per request (4 % of rating.questions' CPU in a profile). The return type catches a service
  // left out.
  return {
    config: services.config,
    database: services.database,
    db: services.db,
    redis: services.redis,
    rateLimiter: services.rateLimiter,
    codeStore: services.codeStore,
    sms: services.sms,
    classifier: services.classifier,
    settings: services.settings,
    sessions: services.sessions,
    logger: services.logger,
    now: services.now,
    dispatcher: services.dispatcher,
    unlockedViewers: services.unlockedViewers,
    metrics: services.metrics,
    auditLog: services.auditLog,
    transparencyReports: services.transparencyReports,
    cookies,
    request,
    log,
    audit: new AuditWriter(services.auditLog, request, log, services.metrics.observeAuditAction),
    afterResponse,
    ratingClaims: claimsOfHeader(ratingClaimsHeader),
  };
}
