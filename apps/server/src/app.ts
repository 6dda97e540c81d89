import { randomUUID } from 'node:crypto';
import { createDatabase, type DatabaseHandle, PGLITE_TEMPLATE_FILE } from '@exrated/db';
import { summarizePendingNotifications } from '@exrated/db/queries';
import { DEFAULT_REPEAT_OFFENDER_THRESHOLD } from '@exrated/db/schema';
import fastifyCookie from '@fastify/cookie';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { Redis } from 'ioredis';
import { type Config, resolveClientDistDir } from './config';
import type { AppServices } from './context';
import { loggerOptions } from './logging/logger-options';
import { benchProbeRoutes } from './plugins/bench-probe';
import { clientPlugin } from './plugins/client';
import { devOutboxRoutes } from './plugins/dev-outbox';
import { healthRoutes } from './plugins/health';
import { metricsRoutes } from './plugins/metrics';
import { securityPlugin } from './plugins/security';
import { smsWebhooksPlugin } from './plugins/sms-webhooks';
import { trpcGuardsPlugin } from './plugins/trpc-guards';
import { type AppRouter, appRouter } from './routers';
import { AuditLog } from './services/audit/audit-log';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from './services/limits/rate-limiter';
import { AppMetrics } from './services/metrics/app-metrics';
import { WorkCounters } from './services/metrics/work-counters';
import { NotificationDispatcher } from './services/notifications/dispatcher';
import { UnlockedViewers } from './services/profile/unlocked-viewers';
import { startRetentionJob } from './services/retention/retention';
import { createScreeningClassifier } from './services/screening/classifier-provider';
import type { ScreeningClassifier } from './services/screening/screening-classifier';
import { RedisSessionBroadcast } from './services/sessions/session-broadcast';
import { cookieNamesFor, SessionService } from './services/sessions/sessions';
import { SettingsStore } from './services/settings/settings-store';
import { ConsoleSmsSender } from './services/sms/console-sms-sender';
import { startReceiptJob } from './services/sms/receipt-job';
import { MemorySendPacer, RedisSendPacer } from './services/sms/send-pacer';
import { SmsGateway } from './services/sms/sms-gateway';
import { closeSmsProvider, createSmsProviders } from './services/sms/sms-providers';
import type { SmsSender } from './services/sms/sms-sender';
import { ensureFirstAdmin } from './services/staff/first-admin';
import { ReportCache } from './services/transparency/report-cache';
import { type CodeStore, codeLedgerKeyOf } from './services/verification/code-store';
import { MemoryCodeStore } from './services/verification/memory-code-store';
import { RedisCodeStore } from './services/verification/redis-code-store';
import { createContextFactory } from './trpc/context';
import { trpcRoute } from './trpc/fastify-trpc-plugin';
import { GENERIC_ERROR_MESSAGE } from './trpc/init';

/** Replaceable parts, for tests and benchmarks (a failing SMS sender, a fixed clock, a shared database). */
export interface AppOverrides {
  database?: DatabaseHandle;
  redis?: Redis | null;
  sms?: SmsSender;
  /** A screening classifier in place of the configured one. */
  classifier?: ScreeningClassifier;
  /** A code store with a short TTL, for expiry tests. */
  codeStore?: CodeStore;
  /** The caps' counts: an in-process limiter on a test clock lets a test pass windows without waiting. */
  rateLimiter?: RateLimiter;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** False keeps the notification dispatcher's timer off, so a test drives it with `runOnce()`. */
  runDispatcher?: boolean;
  /**
   * Fetches an SNS signing certificate (or confirms a subscription) by its already checked https URL; the
   * tests hand one that answers from their fake AWS on loopback.
   */
  snsCertificates?: (url: string) => Promise<string>;
  /** False answers every tRPC call through the stock adapter alone (the conformance test's reference). */
  trpcFastPath?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/**
 * One log line per request, written when it ends, instead of Fastify's two (one on arrival): log writes are
 * synchronous, and the bench's CPU profiles show every write as a measurable share of a short request.
 * Fastify's other request logs (errors, not found) stay as they are.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    // Milliseconds to a tenth: the digits beyond that are noise in a log line.
    const entry = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...entry, err: error }, 'request errored');
    else reply.log.info(entry, 'request completed');
  }
}

/**
 * Builds the whole server: used by main, by the tests and by the benchmarks alike. It does not listen.
 * Everything it opens (database, Redis, timers) is closed by `app.close()`.
 */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      overrides.logger === false
        ? false
        : loggerOptions(config, typeof overrides.logger === 'object' ? overrides.logger : {}),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    genReqId: () => randomUUID(),
    logController: new OneLinePerRequest(),
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: 5000 },
  });

  const counters = config.benchProbeToken ? new WorkCounters() : null;
  const database =
    overrides.database ??
    (await createDatabase({
      url: config.databaseUrl,
      dataDir: `${config.dataDir}/pglite`,
      pgliteTemplate: PGLITE_TEMPLATE_FILE,
      maxConnections: config.databasePoolSize,
      statementCounter: counters ?? undefined,
    }));
  const ownsDatabase = !overrides.database;
  const redis = overrides.redis !== undefined ? overrides.redis : await connectRedis(config, app);
  if (counters && redis) counters.watchRedis(redis);
  const ownsRedis = overrides.redis === undefined && redis !== null;

  const metrics = new AppMetrics(() => summarizePendingNotifications(database.db));
  const rateLimiter = metrics.countingRefusals(
    overrides.rateLimiter ??
      (redis ? new RedisRateLimiter(redis, config.redisKeyPrefix) : new MemoryRateLimiter()),
  );
  const smsProviders = overrides.sms
    ? [overrides.sms]
    : createSmsProviders(config, (line) => app.log.info(line));
  const rates: Record<string, number> = config.sms.perSecond;
  const perSecond = (provider: string) => rates[provider] ?? config.sms.perSecond.console;
  const now = overrides.now ?? (() => new Date());
  const sms = new SmsGateway({
    db: database.db,
    providers: smsProviders,
    pacer: redis
      ? new RedisSendPacer(redis, config.redisKeyPrefix, perSecond, (error) =>
          app.log.warn({ err: error }, 'SMS pacing without Redis'),
        )
      : new MemorySendPacer(perSecond),
    allowedCountries: config.allowedSmsCountries,
    logger: app.log,
    now,
    observe: metrics.observeAuditAction,
  });
  const codeStoreOptions = {
    maxSendsPerDay: config.limits.verificationTextsPerPhonePerDay,
    keyOf: codeLedgerKeyOf(config.sessionSecret),
  };
  const codeStore =
    overrides.codeStore ??
    (redis
      ? new RedisCodeStore(redis, config.redisKeyPrefix, codeStoreOptions)
      : new MemoryCodeStore(codeStoreOptions));
  const settings = new SettingsStore(
    database.db,
    {
      maintenanceMode: false,
      logLevel: config.logLevel,
      repeatOffenderThreshold: DEFAULT_REPEAT_OFFENDER_THRESHOLD,
    },
    (values) => {
      app.log.level = values.logLevel;
    },
  );
  await ensureFirstAdmin(database.db, config, app.log);

  // With Redis there may be other instances: each tells the others which sessions it ended.
  const sessionBroadcast = redis ? new RedisSessionBroadcast(redis, config.redisKeyPrefix, app.log) : null;

  const auditLog = new AuditLog(database.db, app.log);
  const dispatcher = new NotificationDispatcher({
    db: database.db,
    auditLog,
    sms,
    rateLimiter,
    config,
    logger: app.log,
    now,
    observeAudit: metrics.observeAuditAction,
  });

  const services: AppServices = {
    config,
    database,
    db: database.db,
    redis,
    rateLimiter,
    codeStore,
    sms,
    classifier: overrides.classifier ?? createScreeningClassifier(config.classifier),
    settings,
    sessions: new SessionService(database.db, cookieNamesFor(config.cookieSecure), now, {
      broadcast: sessionBroadcast,
      newDeviceCap: {
        limiter: rateLimiter,
        rule: { limit: config.limits.deviceSessionsPerIpPerHour, windowSeconds: 3600 },
        onUnavailable: (error) =>
          app.log.warn({ err: error }, 'rate limiter unavailable; new device session cap not applied'),
      },
    }),
    logger: app.log,
    now,
    dispatcher,
    unlockedViewers: new UnlockedViewers(),
    metrics,
    auditLog,
    transparencyReports: new ReportCache(),
  };
  app.decorate('services', services);
  await settings.get();

  const retention = startRetentionJob({
    db: database.db,
    now,
    retentionDays: config.logRetentionDays,
    repeatWindowDays: config.limits.samePhoneRatingDays,
    logger: app.log,
  });
  app.addHook('onClose', async () => retention.stop());
  const receipts = startReceiptJob({
    db: database.db,
    now,
    receiptTimeoutHours: config.sms.receiptTimeoutHours,
    logger: app.log,
    observeAudit: metrics.observeAuditAction,
  });
  const stopHealthWatch = sms.watchHealth();
  app.addHook('onClose', async () => {
    receipts.stop();
    stopHealthWatch();
    for (const provider of smsProviders) closeSmsProvider(provider);
    services.classifier.close?.();
  });

  app.addHook('onClose', async () => {
    await dispatcher.stop();
    await sessionBroadcast?.close();
    if (ownsRedis && redis) await redis.quit().catch(() => redis.disconnect());
    if (ownsDatabase) await database.close();
  });

  app.setErrorHandler((error: { statusCode?: number; message: string }, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    // Never a stack trace or internal text in a response (production or not): 4xx messages are Fastify's own.
    reply.code(status).send({ error: { message: status >= 500 ? GENERIC_ERROR_MESSAGE : error.message } });
  });

  // The first secret signs; cookies signed with a previous one still verify during a rotation.
  await app.register(fastifyCookie, { secret: [config.sessionSecret, ...config.previousSessionSecrets] });
  await app.register(securityPlugin, { config });
  await app.register(trpcGuardsPlugin);
  await app.register(healthRoutes, { services });
  if (config.metricsToken) await app.register(metricsRoutes, { metrics, token: config.metricsToken });
  if (counters && config.benchProbeToken) {
    await app.register(benchProbeRoutes, { counters, token: config.benchProbeToken });
  }
  const [primarySms] = smsProviders;
  if (config.env !== 'production' && primarySms instanceof ConsoleSmsSender) {
    await app.register(devOutboxRoutes, { sender: primarySms });
  }
  await app.register(smsWebhooksPlugin, {
    services,
    gateway: sms,
    snsCertificates: overrides.snsCertificates,
  });
  await app.register(trpcRoute<AppRouter>, {
    prefix: '/trpc',
    trpcOptions: { router: appRouter, createContext: createContextFactory(services) },
    fastPath: config.trpcFastPath && overrides.trpcFastPath !== false,
  });

  const clientRoot = resolveClientDistDir(config);
  if (clientRoot) {
    await app.register(clientPlugin, { root: clientRoot, contactUrl: config.contactUrl });
  } else {
    app.log.warn('client build not found (run the build first); serving the API only');
  }

  if (overrides.runDispatcher !== false) dispatcher.start();
  return app;
}

/** Fastify takes a hop count as a function: trust the nearest `hops` proxies. */
function fastifyTrustProxy(value: Config['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

async function connectRedis(config: Config, app: FastifyInstance): Promise<Redis | null> {
  if (!config.redisUrl) return null;
  // Fail fast while Redis is away instead of queueing: verification then answers 'temporarily unavailable'
  // at once, and ioredis keeps reconnecting in the background.
  const redis = new Redis(config.redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // A Redis that accepts and then stops answering fails a command after a second, not never
    // (docs/reliability.md); connecting gives up after two.
    commandTimeout: 1000,
    connectTimeout: 2000,
  });
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'redis error'));
  await redis
    .connect()
    .catch((error: unknown) => app.log.error({ err: error }, 'redis unavailable at start'));
  return redis;
}
