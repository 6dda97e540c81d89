import { randomBytes } from 'node:crypto';
import { RATING_CLAIMS_HEADER } from '@exrated/content/rating-claims';
import { staffAccounts } from '@exrated/db/schema';
import { createTestDatabase, type TestDatabase } from '@exrated/db/testing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, inject } from 'vitest';
import { type AppOverrides, buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { createInnerContext, type RequestInfo } from '../../src/context';
import { appRouter } from '../../src/routers';
import { ConsoleSmsSender } from '../../src/services/sms/console-sms-sender';
import { hashPassword } from '../../src/services/staff/passwords';
import { hashRecoveryCode, TotpSecretBox } from '../../src/services/staff/second-factor';
import { type CodeStoreOptions, codeLedgerKeyOf } from '../../src/services/verification/code-store';
import { MemoryCodeStore } from '../../src/services/verification/memory-code-store';
import { RedisCodeStore } from '../../src/services/verification/redis-code-store';
import { createCallerFactory } from '../../src/trpc/init';
import { MemoryCookieJar } from './cookie-jar';
import { IMMEDIATE_RELEASE_ENV } from './immediate-release';

export const TEST_ADMIN_PASSWORD = 'test-admin-password-123';
/** The first admin's name (ADMIN_EMAIL's default) and the TOTP secret every test app enrols it with. */
export const TEST_ADMIN_LOGIN = 'admin';
export const TEST_ADMIN_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/**
 * The test admin's recovery codes, one per login. Suites log the admin in many times a minute, and the server
 * accepts each TOTP step once per account (docs/staff.md#logging-in): a sheet of single-use codes lets every
 * login through without waiting for the clock. TOTP logins themselves are tested in staff.int.test.ts.
 */
const TEST_ADMIN_CODE_COUNT = 2000;
const TEST_ADMIN_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };
const testAdminCodes = Array.from(
  { length: TEST_ADMIN_CODE_COUNT },
  (_, index) => `adm${String(index).padStart(7, '0')}`,
);
let testAdminLogins = 0;

/** admin.login's input for the test admin, with a code it has not used yet. */
export function testAdminLogin() {
  const code = testAdminCodes[testAdminLogins % TEST_ADMIN_CODE_COUNT] ?? '';
  testAdminLogins += 1;
  return { account: TEST_ADMIN_LOGIN, password: TEST_ADMIN_PASSWORD, code };
}

/**
 * The first admin as if it had enrolled (with TEST_ADMIN_TOTP_SECRET and the recovery codes testAdminLogin
 * hands out): tests about everything else log in at
 * once. The enrolment itself has its own tests (staff.int.test.ts).
 */
export async function enrolTestAdmin(app: FastifyInstance): Promise<void> {
  const { config, db } = app.services;
  const box = new TotpSecretBox([config.sessionSecret, ...config.previousSessionSecrets]);
  await db
    .update(staffAccounts)
    .set({
      // The same password under scrypt's cheapest sound cost (1 MiB instead of 64): suites log the test admin
      // in hundreds of times, and at the production cost those logins were most of a busy machine's CPU.
      // Every other account, and the password checks of staff.int.test.ts, use the production cost.
      passwordHash: await hashPassword(TEST_ADMIN_PASSWORD, TEST_ADMIN_SCRYPT),
      totpSecret: box.seal(TEST_ADMIN_TOTP_SECRET),
      recoveryCodeHashes: testAdminCodes.map(hashRecoveryCode),
      enrolsWithPassword: null,
    })
    .where(eq(staffAccounts.login, TEST_ADMIN_LOGIN));
}

/** Caps far above what a suite's many calls need, so a cap never hides what validation does. */
export const UNCAPPED_LIMITS_ENV = {
  LIMIT_VERIFICATION_SENDS_PER_IP_PER_HOUR: '100000',
  LIMIT_VERIFICATION_TEXTS_PER_PHONE_PER_DAY: '100000',
  LIMIT_VERIFICATION_TEXTS_PER_DAY: '100000',
  LIMIT_VERIFICATION_TEXTS_PER_COUNTRY_PER_HOUR: '100000',
  LIMIT_PHONE_SAVES_PER_IP_PER_HOUR: '100000',
  LIMIT_RATINGS_PER_NUMBER_PER_DAY: '100000',
  LIMIT_VERIFICATION_CHECKS_PER_IP_PER_HOUR: '100000',
  LIMIT_RATINGS_PER_DEVICE_PER_HOUR: '100000',
  LIMIT_RATINGS_PER_IP_PER_HOUR: '100000',
  LIMIT_HELD_RATINGS_PER_PHONE_PER_DAY: '100000',
  LIMIT_HELD_RATINGS_PER_IP_PER_DAY: '100000',
  LIMIT_APPEALS_PER_PHONE_PER_DAY: '100000',
  LIMIT_APPEALS_PER_IP_PER_DAY: '100000',
  LIMIT_ADMIN_LOGINS_PER_IP_PER_15_MIN: '100000',
  LIMIT_ADMIN_LOGINS_PER_IPV6_48_PER_15_MIN: '100000',
  LIMIT_TELEMETRY_PER_IP_PER_MINUTE: '100000',
  LIMIT_RATING_TEXTS_PER_RECIPIENT_PER_DAY: '100000',
  LIMIT_NOTICES_PER_IP_PER_HOUR: '100000',
  LIMIT_ACCOUNT_CHANGES_PER_PHONE_PER_HOUR: '100000',
};

export interface TestAppOptions {
  /** Extra environment for loadConfig (e.g. limits). */
  env?: Record<string, string>;
  overrides?: Omit<AppOverrides, 'database' | 'redis'>;
  /** Use the in-process stores even when a Redis server is available. */
  withoutRedis?: boolean;
  /** Leave the first admin as the environment made it (no second factor yet), for the enrolment tests. */
  adminNotEnrolled?: boolean;
  /**
   * The code store's rules, for tests that prove the same numbers over and over and are not about the waits
   * between code texts (e.g. `NO_RESEND_WAITS`).
   */
  codeStoreOptions?: CodeStoreOptions;
}

/** Code texts without waits and without a daily ceiling. */
export const NO_RESEND_WAITS: CodeStoreOptions = { resendWaitsMs: [0], maxSendsPerDay: 100_000 };

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  redis: Redis | null;
  sms: ConsoleSmsSender;
  /** A tRPC caller acting as one browser (its own cookie jar) from `ip`. */
  caller(options?: {
    cookies?: MemoryCookieJar;
    ip?: string;
    userAgent?: string;
    countryHint?: string | null;
    /** The tab's rating claims, read at each call as the client's link reads them (docs/security.md#sessions). */
    claims?: readonly string[];
  }): {
    trpc: ReturnType<typeof createCaller>;
    cookies: MemoryCookieJar;
  };
  /** HTTP through app.inject, keeping cookies like a browser does when `browser` is passed. */
  http(options: InjectOptions, browser?: HttpBrowser): Promise<LightMyRequestResponse>;
  /** Resolves once the texts that requests made due are sent: the dispatcher sends them after responses. */
  textsSent(): Promise<void>;
  /**
   * A test wrote these device session rows itself: the app reads them again instead of serving the reads it
   * holds (SessionCache), as it does after writing them itself.
   */
  sessionRowsWritten(ids: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

const createCaller = createCallerFactory(appRouter);

/** Cookies an HTTP test client keeps between requests. */
export class HttpBrowser {
  readonly cookies = new Map<string, string>();
  /**
   * The claims `rating.submit` gave this tab before it proved a phone, as the client keeps them: sent with
   * every request (injectWithCookies). A new HttpBrowser with the same cookies is another tab of the browser.
   */
  readonly claims: string[] = [];

  /** A proof presents the claims of the tab's unproven ratings, as the client's verification step does. */
  withClaims(path: string, input: unknown): unknown {
    if (path !== 'verification.check' || this.claims.length === 0) return input;
    if (typeof input !== 'object' || input === null || 'claims' in input) return input;
    return { ...input, claims: [...this.claims] };
  }

  keepClaims(path: string, reply: { data: unknown; error: unknown }) {
    const claim = (reply.data as { claim?: unknown } | undefined)?.claim;
    if (path === 'rating.submit' && typeof claim === 'string') this.claims.push(claim);
    if (path === 'verification.check' && !reply.error) this.claims.length = 0;
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  remember(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      if (cookie.maxAge === 0 || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}

/** HTTP through app.inject, sending and keeping cookies like a browser does when `browser` is passed. */
export async function injectWithCookies(
  app: FastifyInstance,
  injectOptions: InjectOptions,
  browser?: HttpBrowser,
): Promise<LightMyRequestResponse> {
  const headers = { ...(injectOptions.headers ?? {}) } as Record<string, string>;
  if (browser && browser.cookies.size > 0) headers.cookie = browser.header();
  // Every request of the tab carries its claims, as the client's tRPC link sends them.
  if (browser && browser.claims.length > 0 && !(RATING_CLAIMS_HEADER in headers)) {
    headers[RATING_CLAIMS_HEADER] = browser.claims.join(',');
  }
  const response = await app.inject({ ...injectOptions, headers });
  browser?.remember(response);
  return response;
}

/** `http` as TestApp has it, for an app a test built itself (looked up when a request is made). */
export function httpOf(app: () => FastifyInstance): Pick<TestApp, 'http'> {
  return { http: (injectOptions, browser) => injectWithCookies(app(), injectOptions, browser) };
}

/** The configuration every test app starts from (no client build, fixed secret and admin password), plus `env`. */
export function testConfig(env: Record<string, string | undefined> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    // Suites log the test admin in from many fresh browsers; the per-account cap has its own test.
    LIMIT_STAFF_LOGINS_PER_ACCOUNT_PER_5_MIN: '100000',
    // Suites make hundreds of fresh browsers from one address; the cap on new sessions has its own test.
    LIMIT_DEVICE_SESSIONS_PER_IP_PER_HOUR: '100000',
    PUBLIC_URL: 'http://localhost:3000',
    CLIENT_DIST_DIR: '/nonexistent',
    ...IMMEDIATE_RELEASE_ENV,
    ...env,
  });
}

/**
 * The real app on this test file's own database and Redis prefix, as docs/testing.md#services says. Every
 * external port but SMS is real; SMS is the console sender whose outbox the test reads.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(inject('testDatabaseServerUrl'));
  const redisUrl = options.withoutRedis ? null : inject('testRedisUrl');
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : null;
  const config = testConfig({ REDIS_KEY_PREFIX: prefix, ...options.env });
  const sms = (options.overrides?.sms as ConsoleSmsSender | undefined) ?? new ConsoleSmsSender(() => {});
  const codeStore =
    options.overrides?.codeStore ??
    (options.codeStoreOptions
      ? redis
        ? new RedisCodeStore(redis, prefix, {
            keyOf: codeLedgerKeyOf(config.sessionSecret),
            ...options.codeStoreOptions,
          })
        : new MemoryCodeStore(options.codeStoreOptions)
      : undefined);
  const app = await buildApp(config, {
    logger: false,
    ...options.overrides,
    ...(codeStore ? { codeStore } : {}),
    sms,
    database,
    redis,
  });
  await app.ready();
  if (!options.adminNotEnrolled) await enrolTestAdmin(app);

  return {
    app,
    config,
    database,
    redis,
    sms,
    caller({
      cookies = new MemoryCookieJar(),
      ip = '203.0.113.10',
      userAgent = 'vitest',
      countryHint = null,
      claims = [],
    } = {}) {
      const request: RequestInfo = {
        requestId: randomBytes(4).toString('hex'),
        ipAddress: ip,
        userAgent,
        countryHint,
      };
      const trpc = createCaller(() =>
        createInnerContext({
          services: app.services,
          cookies,
          request,
          ratingClaimsHeader: claims.join(','),
        }),
      );
      return { trpc, cookies };
    },
    http: (injectOptions, browser) => injectWithCookies(app, injectOptions, browser),
    async textsSent() {
      // A kick is queued when the response ends, which may be just after the caller got it.
      await new Promise((resolve) => setImmediate(resolve));
      await app.services.dispatcher.settled();
    },
    sessionRowsWritten: (ids) => app.services.sessions.forgetDevices(ids),
    async close() {
      await app.close();
      if (redis) {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      }
      await database.dispose();
    },
  };
}

/**
 * This suite's test app (createTestApp with `options`): started before its first test and closed after its
 * last, by hooks registered where it is called (a file or a describe block). The handle can be used right
 * away in helpers and closures; its members are the running app's from beforeAll on.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await createTestApp(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  const current = () => {
    if (!started) throw new Error('the test app starts in beforeAll: use it inside a hook or a test');
    return started;
  };
  return {
    get app() {
      return current().app;
    },
    get config() {
      return current().config;
    },
    get database() {
      return current().database;
    },
    get redis() {
      return current().redis;
    },
    get sms() {
      return current().sms;
    },
    caller: (callerOptions) => current().caller(callerOptions),
    http: (injectOptions, browser) => current().http(injectOptions, browser),
    textsSent: () => current().textsSent(),
    sessionRowsWritten: (ids) => current().sessionRowsWritten(ids),
    // The hooks above close it; a suite that closes it early is not closed twice.
    close: async () => {
      const app = started;
      started = undefined;
      await app?.close();
    },
  };
}
