import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  type ClassifierSettings,
  classifierEnvShape,
  classifierSettings,
} from './services/screening/classifier-settings';
import { type SmsSettings, smsEnvShape, smsSettings } from './services/sms/sms-settings';

/**
 * The only reader of process.env. Every setting is validated once at start; a bad value stops the server
 * with a message naming the variable (docs/operations.md#configuration).
 */

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const countryList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((code) => code.trim().toUpperCase())
      .filter(Boolean),
  )
  .pipe(
    z.array(z.string().regex(/^[A-Z]{2}$/, 'must be a comma-separated list of ISO country codes')).min(1),
  );

/**
 * `SESSION_SECRET`: one secret, or a comma-separated list during a rotation: the first signs, every one of
 * them verifies (README, runbook: rotating the session secret).
 */
const sessionSecrets = z.string().transform((value, ctx) => {
  const secrets = value
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean);
  if (secrets.length === 0 || secrets.some((secret) => secret.length < 32)) {
    ctx.addIssue({ code: 'custom', message: 'must be at least 32 characters' });
    return z.NEVER;
  }
  return secrets;
});

/** `TRUST_PROXY`: false (default), true, a hop count, or a comma-separated list of proxy addresses/CIDRs. */
const trustProxy = z.string().transform((value, ctx): boolean | number | string[] => {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'false') return false;
  if (trimmed === 'true') return true;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const list = trimmed
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (list.every((entry) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry))) return list;
  ctx.addIssue({ code: 'custom', message: 'must be true, false, a hop count or a list of proxy addresses' });
  return z.NEVER;
});

const nonNegativeMinutes = (fallback: number) =>
  z.coerce.number({ message: 'must be a number of minutes' }).min(0, 'must be 0 or more').default(fallback);

/**
 * `RELEASE_QUIET_HOURS`: 'HH:MM-HH:MM' in the recipient's time zone (no rating texts from the first to the
 * second), or 'off'.
 */
const quietHours = z.string().transform((value, ctx): QuietHours | null => {
  const trimmed = value.trim().toLowerCase();
  if (trimmed === 'off') return null;
  const match = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/.exec(trimmed);
  const minutes = match?.slice(1).map(Number);
  const [startHour = 99, startMinute = 99, endHour = 99, endMinute = 99] = minutes ?? [];
  if (!match || startHour > 23 || endHour > 23 || startMinute > 59 || endMinute > 59) {
    ctx.addIssue({ code: 'custom', message: "must be 'HH:MM-HH:MM' (e.g. 21:00-08:00) or 'off'" });
    return z.NEVER;
  }
  const quiet = { startMinute: startHour * 60 + startMinute, endMinute: endHour * 60 + endMinute };
  if (quiet.startMinute === quiet.endMinute) {
    ctx.addIssue({ code: 'custom', message: "must not start and end at the same time (use 'off')" });
    return z.NEVER;
  }
  return quiet;
});

/** Every variable the server reads, with its rule and default (the docs' tables are held to it). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: positiveInt(10),
  DATA_DIR: z.string().min(1).default('.data'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z.string().default('exrated:'),
  ...smsEnvShape,
  ...classifierEnvShape,
  SESSION_SECRET: sessionSecrets.optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  ADMIN_EMAIL: z.string().trim().toLowerCase().min(1).max(200).default('admin'),
  COOKIE_SECURE: booleanFromEnv.optional(),
  TRUST_PROXY: trustProxy.default(false),
  TRPC_FAST_PATH: booleanFromEnv.default(true),
  CONTACT_URL: z.url({ message: 'must be an absolute URL' }).default('mailto:support@exrated.app'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json'], { message: 'must be pretty or json' }).optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_RETENTION_DAYS: positiveInt(180),
  ALLOWED_SMS_COUNTRIES: countryList.default(['US', 'GB', 'CA', 'AU']),
  CLIENT_DIST_DIR: z.string().optional(),
  LIMIT_VERIFICATION_TEXTS_PER_PHONE_PER_DAY: positiveInt(10),
  LIMIT_VERIFICATION_TEXTS_PER_DAY: positiveInt(5000),
  LIMIT_VERIFICATION_TEXTS_PER_COUNTRY_PER_HOUR: positiveInt(300),
  LIMIT_VERIFICATION_SENDS_PER_IP_PER_HOUR: positiveInt(20),
  LIMIT_VERIFICATION_CHECKS_PER_IP_PER_HOUR: positiveInt(30),
  LIMIT_PHONE_SAVES_PER_IP_PER_HOUR: positiveInt(20),
  LIMIT_RATINGS_PER_DEVICE_PER_HOUR: positiveInt(10),
  LIMIT_RATINGS_PER_IP_PER_HOUR: positiveInt(30),
  LIMIT_SAME_PHONE_RATING_DAYS: positiveInt(30),
  LIMIT_RATINGS_PER_NUMBER_PER_DAY: positiveInt(3),
  LIMIT_HELD_RATINGS_PER_PHONE_PER_DAY: positiveInt(3),
  LIMIT_HELD_RATINGS_PER_IP_PER_DAY: positiveInt(10),
  LIMIT_RATING_TEXTS_PER_RECIPIENT_PER_DAY: positiveInt(3),
  LIMIT_RATING_TEXTS_PER_DAY: positiveInt(2000),
  LIMIT_SMS_REPLIES_PER_DAY: positiveInt(500),
  LIMIT_ADMIN_LOGINS_PER_IP_PER_15_MIN: positiveInt(10),
  LIMIT_ADMIN_LOGINS_PER_IPV6_48_PER_15_MIN: positiveInt(30),
  LIMIT_STAFF_LOGINS_PER_ACCOUNT_PER_5_MIN: positiveInt(20),
  MODERATION_TARGET_HOURS: z
    .string()
    .default('1,4,24,48,72')
    .transform((value) => value.split(',').map((part) => Number(part.trim())))
    .refine(
      (hours) => hours.length === 5 && hours.every((hour) => Number.isFinite(hour) && hour > 0),
      'must be five positive numbers of hours: urgent, doxxing, notices, appeals, other',
    ),
  LIMIT_TELEMETRY_PER_IP_PER_MINUTE: positiveInt(60),
  LIMIT_NOTICES_PER_IP_PER_HOUR: positiveInt(10),
  LIMIT_ACCOUNT_CHANGES_PER_PHONE_PER_HOUR: positiveInt(30),
  LIMIT_EXPORTS_PER_PHONE_PER_DAY: positiveInt(5),
  LIMIT_CALLS_PER_IP_PER_MINUTE: positiveInt(60),
  LIMIT_DEVICE_SESSIONS_PER_IP_PER_HOUR: positiveInt(300),
  NOTIFICATION_MAX_ATTEMPTS: positiveInt(6),
  NOTIFICATION_RETRY_BASE_SECONDS: positiveInt(30),
  DISPATCHER_INTERVAL_MS: positiveInt(5000),
  // Longer than the longest run that is still working: 25 texts each cut off after 30 s (dispatcher.ts).
  DISPATCHER_STUCK_AFTER_MS: positiveInt(15 * 60 * 1000),
  // Rater anonymity (docs/anonymity.md): a rating reaches its subject after a random delay of at least the
  // minimum, spread uniformly over the next `spread` minutes, outside the recipient's quiet hours.
  RELEASE_DELAY_MIN_MINUTES: nonNegativeMinutes(60),
  RELEASE_DELAY_SPREAD_MINUTES: nonNegativeMinutes(12 * 60),
  RELEASE_QUIET_HOURS: quietHours.default({ startMinute: 21 * 60, endMinute: 8 * 60 }),
});

export type Environment = z.input<typeof envSchema>;

/**
 * The names of every variable this module reads: what a deployment may set (besides the standard AWS
 * environment, which the AWS SDK reads itself).
 */
export const ENVIRONMENT_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/** Per-IP limits count an IPv4 address, or an IPv6 /64 prefix (services/limits/network-key.ts). */
export interface Limits {
  /** Code texts one number gets per day, whoever asks (docs/security.md#codes). */
  verificationTextsPerPhonePerDay: number;
  /** Code texts per day in all. */
  verificationTextsPerDay: number;
  /** Code texts to one country per hour; past it, that country's code texts pause (SMS pumping alarm). */
  verificationTextsPerCountryPerHour: number;
  verificationSendsPerIpPerHour: number;
  verificationChecksPerIpPerHour: number;
  /** profile.savePhone calls per IP per hour (each may create a profile row). */
  phoneSavesPerIpPerHour: number;
  ratingsPerDevicePerHour: number;
  ratingsPerIpPerHour: number;
  samePhoneRatingDays: number;
  /**
   * Standing ratings one number gets per day; the ones beyond wait for moderation (docs/security.md#limits).
   */
  ratingsPerNumberPerDay: number;
  /**
   * Ratings whose own text screening holds, per proven phone and per network per day: the moderation items
   * one author can create (docs/trust-and-safety.md#the-queue-under-a-flood).
   */
  heldRatingsPerPhonePerDay: number;
  heldRatingsPerIpPerDay: number;
  ratingTextsPerRecipientPerDay: number;
  ratingTextsPerDay: number;
  /** Automatic replies (the answer to HELP) per day in all; one number gets at most one a day. */
  smsRepliesPerDay: number;
  adminLoginsPerIpPer15Min: number;
  /** The same attempts per IPv6 /48 (every /64 in it together), besides each /64's own cap. */
  adminLoginsPerIpv6SitePer15Min: number;
  /** Staff password checks per account per 5 minutes from browsers and networks it never logged in from. */
  staffLoginsPerAccountPer5Min: number;
  telemetryPerIpPerMinute: number;
  /** Notices (reports of content) filed from one IP address per hour, whichever form they come from. */
  noticesPerIpPerHour: number;
  /** Changes of a proven number's settings and account (switches, name, deletion) per phone per hour. */
  accountChangesPerPhonePerHour: number;
  /** 'Download my data' per proven phone per day (each export reads everything about the number). */
  exportsPerPhonePerDay: number;
  /** Calls per IP per minute of each procedure that has no cap of its own (services/limits). */
  callsPerIpPerMinute: number;
  /**
   * New device sessions (browsers without a cookie) per IP per hour: each is a row, so past it a network gets
   * no more rows until the hour ends; a shared NAT's visitors keep their cookies and never meet it.
   */
  deviceSessionsPerIpPerHour: number;
}

export interface Config {
  env: 'development' | 'test' | 'production';
  host: string;
  port: number;
  publicUrl: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  smsProvider: SmsSettings['provider'];
  /** Providers, credentials, throughput and receipts (docs/sms.md). */
  sms: SmsSettings;
  /** The screening classifier behind the rules, its time-out and its cost (docs/screening.md). */
  classifier: ClassifierSettings;
  /** Signs cookies and keys the code HMAC: the first of `SESSION_SECRET`. */
  sessionSecret: string;
  /** The rest of `SESSION_SECRET`: cookies signed with them still verify during a rotation. */
  previousSessionSecrets: string[];
  /** Undefined only outside production: buildApp then generates one and prints it once. */
  adminPassword: string | undefined;
  /** The first admin's name or e-mail (docs/staff.md), made on an empty database only. */
  adminLogin: string;
  /** How long an item may wait for a decision, per queue priority (urgent, doxxing, notice, appeal, other). */
  moderationTargetHours: number[];
  cookieSecure: boolean;
  trustProxy: boolean | number | string[];
  /** JSON tRPC calls answered by `trpc/fast-path/` (false: the stock adapter for every call). */
  trpcFastPath: boolean;
  contactUrl: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** Human-readable lines (pino-pretty) or one JSON object per line. */
  logFormat: 'pretty' | 'json';
  /** Bearer token of GET /metrics; without one the route does not exist. */
  metricsToken: string | undefined;
  logRetentionDays: number;
  allowedSmsCountries: string[];
  clientDistDir: string | undefined;
  limits: Limits;
  notifications: {
    maxAttempts: number;
    retryBaseSeconds: number;
    dispatchIntervalMs: number;
    /** A dispatcher run older than this counts as stuck and makes the instance unready. */
    stuckAfterMs: number;
  };
  release: ReleaseSettings;
}

/** The recipient's night, in minutes after their local midnight: no rating text from start until end. */
export interface QuietHours {
  startMinute: number;
  endMinute: number;
}

/** When a rating reaches the person it is about (docs/anonymity.md). */
export interface ReleaseSettings {
  delayMinMinutes: number;
  delaySpreadMinutes: number;
  /** Null: texts go out at any hour (local development and tests). */
  quietHours: QuietHours | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the configuration. Throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(presentValues(env));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];
  if (production && !e.SESSION_SECRET) problems.push('SESSION_SECRET: required in production');
  if (production && !e.ADMIN_PASSWORD) problems.push('ADMIN_PASSWORD: required in production');
  if (production && e.SMS_PROVIDER === 'console') {
    problems.push('SMS_PROVIDER: the console sender is refused in production; use sns (AWS) or twilio');
  }
  const sms = smsSettings(e, problems);
  const classifier = classifierSettings(e, problems);
  if (production && !e.PUBLIC_URL) problems.push('PUBLIC_URL: required in production (links in texts)');
  if (production && !e.DATABASE_URL) problems.push('DATABASE_URL: required in production');
  if (problems.length > 0) throw new ConfigError(problems);
  const [sessionSecret = localSessionSecret(e.DATA_DIR), ...previousSessionSecrets] = e.SESSION_SECRET ?? [];

  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    smsProvider: e.SMS_PROVIDER,
    sms,
    classifier,
    sessionSecret,
    previousSessionSecrets,
    adminPassword: e.ADMIN_PASSWORD,
    adminLogin: e.ADMIN_EMAIL,
    moderationTargetHours: e.MODERATION_TARGET_HOURS,
    cookieSecure: e.COOKIE_SECURE ?? production,
    trustProxy: e.TRUST_PROXY,
    trpcFastPath: e.TRPC_FAST_PATH,
    contactUrl: e.CONTACT_URL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
    metricsToken: e.METRICS_TOKEN,
    logRetentionDays: e.LOG_RETENTION_DAYS,
    allowedSmsCountries: e.ALLOWED_SMS_COUNTRIES,
    clientDistDir: e.CLIENT_DIST_DIR,
    limits: {
      verificationTextsPerPhonePerDay: e.LIMIT_VERIFICATION_TEXTS_PER_PHONE_PER_DAY,
      verificationTextsPerDay: e.LIMIT_VERIFICATION_TEXTS_PER_DAY,
      verificationTextsPerCountryPerHour: e.LIMIT_VERIFICATION_TEXTS_PER_COUNTRY_PER_HOUR,
      verificationSendsPerIpPerHour: e.LIMIT_VERIFICATION_SENDS_PER_IP_PER_HOUR,
      verificationChecksPerIpPerHour: e.LIMIT_VERIFICATION_CHECKS_PER_IP_PER_HOUR,
      phoneSavesPerIpPerHour: e.LIMIT_PHONE_SAVES_PER_IP_PER_HOUR,
      ratingsPerDevicePerHour: e.LIMIT_RATINGS_PER_DEVICE_PER_HOUR,
      ratingsPerIpPerHour: e.LIMIT_RATINGS_PER_IP_PER_HOUR,
      samePhoneRatingDays: e.LIMIT_SAME_PHONE_RATING_DAYS,
      ratingsPerNumberPerDay: e.LIMIT_RATINGS_PER_NUMBER_PER_DAY,
      heldRatingsPerPhonePerDay: e.LIMIT_HELD_RATINGS_PER_PHONE_PER_DAY,
      heldRatingsPerIpPerDay: e.LIMIT_HELD_RATINGS_PER_IP_PER_DAY,
      ratingTextsPerRecipientPerDay: e.LIMIT_RATING_TEXTS_PER_RECIPIENT_PER_DAY,
      ratingTextsPerDay: e.LIMIT_RATING_TEXTS_PER_DAY,
      smsRepliesPerDay: e.LIMIT_SMS_REPLIES_PER_DAY,
      adminLoginsPerIpPer15Min: e.LIMIT_ADMIN_LOGINS_PER_IP_PER_15_MIN,
      adminLoginsPerIpv6SitePer15Min: e.LIMIT_ADMIN_LOGINS_PER_IPV6_48_PER_15_MIN,
      staffLoginsPerAccountPer5Min: e.LIMIT_STAFF_LOGINS_PER_ACCOUNT_PER_5_MIN,
      telemetryPerIpPerMinute: e.LIMIT_TELEMETRY_PER_IP_PER_MINUTE,
      noticesPerIpPerHour: e.LIMIT_NOTICES_PER_IP_PER_HOUR,
      accountChangesPerPhonePerHour: e.LIMIT_ACCOUNT_CHANGES_PER_PHONE_PER_HOUR,
      exportsPerPhonePerDay: e.LIMIT_EXPORTS_PER_PHONE_PER_DAY,
      callsPerIpPerMinute: e.LIMIT_CALLS_PER_IP_PER_MINUTE,
      deviceSessionsPerIpPerHour: e.LIMIT_DEVICE_SESSIONS_PER_IP_PER_HOUR,
    },
    notifications: {
      maxAttempts: e.NOTIFICATION_MAX_ATTEMPTS,
      retryBaseSeconds: e.NOTIFICATION_RETRY_BASE_SECONDS,
      dispatchIntervalMs: e.DISPATCHER_INTERVAL_MS,
      stuckAfterMs: e.DISPATCHER_STUCK_AFTER_MS,
    },
    release: {
      delayMinMinutes: e.RELEASE_DELAY_MIN_MINUTES,
      delaySpreadMinutes: e.RELEASE_DELAY_SPREAD_MINUTES,
      quietHours: e.RELEASE_QUIET_HOURS,
    },
  };
}

/** For the entry points: a bad configuration prints what is wrong and exits 1 instead of a stack trace. */
export function configOrExit<T>(load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Unset and empty variables both mean 'use the default'. */
function presentValues(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
}

/**
 * What the one-shot migration command (src/migrate.ts) needs: only the database, so the migrations job of a
 * deployment runs without the app's secrets.
 */
export function loadMigrationConfig(env: Record<string, string | undefined> = process.env): {
  databaseUrl: string | undefined;
  dataDir: string;
} {
  const parsed = envSchema
    .pick({ NODE_ENV: true, DATABASE_URL: true, DATA_DIR: true })
    .safeParse(presentValues(env));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const { NODE_ENV, DATABASE_URL, DATA_DIR } = parsed.data;
  if (NODE_ENV === 'production' && !DATABASE_URL) {
    throw new ConfigError(['DATABASE_URL: required in production']);
  }
  return { databaseUrl: DATABASE_URL, dataDir: DATA_DIR };
}

/**
 * Outside production an unset SESSION_SECRET is generated once and kept in the data folder, so a restart
 * keeps everybody's cookies and live codes valid.
 */
function localSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Where the built client is: next to the server in the source tree and in the bundle (dist/server/main.js). */
export function resolveClientDistDir(config: Config): string | undefined {
  const candidates = config.clientDistDir
    ? [config.clientDistDir]
    : ['../../client/dist', '../../../client/dist'].map((relative) =>
        fileURLToPath(new URL(relative, import.meta.url)),
      );
  return candidates.find((candidate) => existsSync(path.join(candidate, 'index.html')));
}
