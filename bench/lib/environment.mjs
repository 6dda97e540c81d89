import path from 'node:path';
import { REPO_ROOT } from './plan.mjs';

/** The production server bundle, as `pnpm build` leaves it. */
export const BUNDLE = path.join(REPO_ROOT, 'apps/server/dist/server/main.js');
// The production start command's flags (apps/server/package.json `start`, docker/Dockerfile CMD).
export const SERVER_NODE_ARGS = ['--max-old-space-size=128', '--heap-growing-percent=300'];
export const ADMIN_LOGIN = 'admin';
export const ADMIN_PASSWORD = 'bench-admin-password-0123';
const SESSION_SECRET = 'bench-session-secret-0123456789abcdef';
const BIG = 1_000_000_000;

/** Any URL of the Postgres server (its database part is ignored). */
const POSTGRES_SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
// `none`: the server's in-process stores (the bench smoke, where the test run has no Redis).
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The Redis the servers use, or null when they run on their in-process stores. */
export const BENCH_REDIS_URL = REDIS_URL === 'none' ? null : REDIS_URL;
/** The servers' bench probe token (GET /bench/probe): a run's own, never a deployment's. */
export const PROBE_TOKEN = `bench-probe-${process.pid}-${Math.random().toString(36).slice(2)}`;

/** The URL of database `name` on the bench's Postgres server. */
export function databaseUrl(name) {
  const url = new URL(POSTGRES_SERVER);
  url.pathname = `/${name}`;
  return url.toString();
}

// Every cap of config.ts that counts requests; LIMIT_SAME_PHONE_RATING_DAYS is a period, not a cap.
const CAPS = [
  'VERIFICATION_TEXTS_PER_PHONE_PER_DAY',
  'VERIFICATION_TEXTS_PER_DAY',
  'VERIFICATION_TEXTS_PER_COUNTRY_PER_HOUR',
  'VERIFICATION_SENDS_PER_IP_PER_HOUR',
  'VERIFICATION_CHECKS_PER_IP_PER_HOUR',
  'PHONE_SAVES_PER_IP_PER_HOUR',
  'RATINGS_PER_DEVICE_PER_HOUR',
  'RATINGS_PER_IP_PER_HOUR',
  'RATINGS_PER_NUMBER_PER_DAY',
  'RATING_TEXTS_PER_RECIPIENT_PER_DAY',
  'RATING_TEXTS_PER_DAY',
  'ADMIN_LOGINS_PER_IP_PER_15_MIN',
  'STAFF_LOGINS_PER_ACCOUNT_PER_5_MIN',
  'TELEMETRY_PER_IP_PER_MINUTE',
  'NOTICES_PER_IP_PER_HOUR',
  'ACCOUNT_CHANGES_PER_PHONE_PER_HOUR',
  'EXPORTS_PER_PHONE_PER_DAY',
  'CALLS_PER_IP_PER_MINUTE',
  'DEVICE_SESSIONS_PER_IP_PER_HOUR',
];

/** The server's environment for a run on database `databaseName`, texting through the SNS stub. */
export function serverEnv(databaseName, snsUrl) {
  return {
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    DATABASE_URL: databaseUrl(databaseName),
    ...(REDIS_URL === 'none'
      ? {}
      : { REDIS_URL, REDIS_KEY_PREFIX: `exrated-bench:${process.pid}:${databaseName}:` }),
    SESSION_SECRET,
    ADMIN_EMAIL: ADMIN_LOGIN,
    ADMIN_PASSWORD,
    COOKIE_SECURE: 'false',
    BENCH_PROBE_TOKEN: PROBE_TOKEN,
    SMS_PROVIDER: 'sns',
    AWS_ENDPOINT_URL_SNS: snsUrl,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'AKIDBENCH',
    AWS_SECRET_ACCESS_KEY: 'bench-secret',
    AWS_MAX_ATTEMPTS: '1',
    // The stub takes any rate: the bench measures what a code pair costs the server, not the provider's
    // throughput (the pacer's bound and its refusals are apps/server/test/sms-pacing.int.test.ts's).
    SMS_SNS_PER_SECOND: '1000',
    // Texts go out as ratings are made, as the baselines measured (release times: docs/anonymity.md).
    RELEASE_DELAY_MIN_MINUTES: '0',
    RELEASE_DELAY_SPREAD_MINUTES: '0',
    RELEASE_QUIET_HOURS: 'off',
    ...Object.fromEntries(CAPS.map((name) => [`LIMIT_${name}`, String(BIG)])),
  };
}
