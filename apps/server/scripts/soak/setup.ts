// The soak's system under test: a fresh Postgres database and the built server, configured for the run.
import { randomBytes } from 'node:crypto';
import type postgres from 'postgres';
import { type ServerProcess, startServerProcess } from '../../test/support/processes';
import { POSTGRES_SERVER_URL } from './settings';

/** Creates database `databaseName` on the soak's Postgres server and returns its URL. */
export async function createDatabase(admin: postgres.Sql, databaseName: string): Promise<string> {
  await admin.unsafe(`create database ${databaseName}`);
  return Object.assign(new URL(POSTGRES_SERVER_URL), {
    pathname: `/${databaseName}`,
  }).toString();
}

/** Starts the built server in production mode against the given database, Redis (proxy) and SNS stub. */
export function startSoakServer(options: {
  databaseUrl: string;
  redisProxyPort: number;
  redisPrefix: string;
  snsUrl: string;
  adminPassword: string;
}): Promise<ServerProcess> {
  const unlimited = '1000000';
  return startServerProcess({
    NODE_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${options.redisProxyPort}`,
    REDIS_KEY_PREFIX: options.redisPrefix,
    SMS_PROVIDER: 'sns',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    ADMIN_PASSWORD: options.adminPassword,
    AWS_ENDPOINT_URL_SNS: options.snsUrl,
    AWS_REGION: 'eu-west-2',
    AWS_ACCESS_KEY_ID: 'AKIDSOAK',
    AWS_SECRET_ACCESS_KEY: 'soak-secret',
    AWS_MAX_ATTEMPTS: '1',
    // One client IP drives everything, so the per-IP and per-device caps are raised out of the way.
    LIMIT_VERIFICATION_TEXTS_PER_PHONE_PER_DAY: unlimited,
    LIMIT_VERIFICATION_SENDS_PER_IP_PER_HOUR: unlimited,
    LIMIT_VERIFICATION_CHECKS_PER_IP_PER_HOUR: unlimited,
    LIMIT_RATINGS_PER_DEVICE_PER_HOUR: unlimited,
    LIMIT_RATINGS_PER_IP_PER_HOUR: unlimited,
    LIMIT_RATING_TEXTS_PER_DAY: unlimited,
    LIMIT_ADMIN_LOGINS_PER_IP_PER_15_MIN: unlimited,
    LIMIT_DEVICE_SESSIONS_PER_IP_PER_HOUR: unlimited,
    // Fast retries so texts held back by the SNS fault are delivered within the drain wait.
    NOTIFICATION_RETRY_BASE_SECONDS: '5',
    NOTIFICATION_MAX_ATTEMPTS: '10',
    DISPATCHER_INTERVAL_MS: '1000',
    // Warnings and errors only: a 10-minute run at info level is mostly request lines.
    LOG_LEVEL: 'warn',
  });
}
