import { z } from 'zod';
import {
  type ClassifierSettings,
  classifierEnvShape,
  classifierSettings,
} from '../services/screening/classifier-settings';
import { type SmsSettings, smsEnvShape, smsSettings } from '../services/sms/sms-settings';
import { ConfigError, parseEnv } from './env-values';
import { type Limits, limitsEnvShape, limitsSettings } from './limits';
import { type LoggingSettings, loggingEnvShape, loggingSettings } from './logging';
import { type ModerationSettings, moderationEnvShape, moderationSettings } from './moderation';
import { type SecretsSettings, secretsEnvShape, secretsProblems, secretsSettings } from './secrets';
import { type ServerSettings, serverEnvShape, serverSettings } from './server';
import { databaseProblem, type StorageSettings, storageEnvShape, storageSettings } from './storage';
import { type TextsSettings, textsEnvShape, textsSettings } from './texts';

/**
 * The only reader of process.env. Every setting is validated once at start; a bad value stops the server
 * with a message naming the variable (docs/operations.md#configuration). Each file of this folder holds one
 * part of the environment: its variables with their rules and defaults, and the settings they become.
 */

export { ConfigError } from './env-values';
export type { Limits } from './limits';
export { resolveClientDistDir } from './server';
export type { QuietHours, ReleaseSettings } from './texts';

/** Every variable the server reads, with its rule and default (the docs' tables are held to it). */
export const envSchema = z.object({
  ...serverEnvShape,
  ...storageEnvShape,
  ...smsEnvShape,
  ...classifierEnvShape,
  ...secretsEnvShape,
  ...loggingEnvShape,
  ...limitsEnvShape,
  ...moderationEnvShape,
  ...textsEnvShape,
});

export type Environment = z.input<typeof envSchema>;

/**
 * The names of every variable this module reads: what a deployment may set (besides the standard AWS
 * environment, which the AWS SDK reads itself).
 */
export const ENVIRONMENT_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export interface Config
  extends ServerSettings,
    StorageSettings,
    SecretsSettings,
    LoggingSettings,
    ModerationSettings,
    TextsSettings {
  smsProvider: SmsSettings['provider'];
  /** Providers, credentials, throughput and receipts (docs/sms.md). */
  sms: SmsSettings;
  /** The screening classifier behind the rules, its time-out and its cost (docs/screening.md). */
  classifier: ClassifierSettings;
  limits: Limits;
}

/** Reads and validates the configuration. Throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const e = parseEnv(envSchema, env);
  const problems = secretsProblems(e);
  if (e.NODE_ENV === 'production' && e.SMS_PROVIDER === 'console') {
    problems.push('SMS_PROVIDER: the console sender is refused in production; use sns (AWS) or twilio');
  }
  const sms = smsSettings(e, problems);
  const classifier = classifierSettings(e, problems);
  const server = serverSettings(e, problems);
  const database = databaseProblem(e);
  if (database) problems.push(database);
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    ...server,
    ...storageSettings(e),
    smsProvider: e.SMS_PROVIDER,
    sms,
    classifier,
    ...secretsSettings(e),
    ...moderationSettings(e),
    ...loggingSettings(e),
    ...textsSettings(e),
    limits: limitsSettings(e),
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

/**
 * What the one-shot migration command (src/migrate.ts) needs: only the database, so the migrations job of a
 * deployment runs without the app's secrets.
 */
export function loadMigrationConfig(env: Record<string, string | undefined> = process.env): {
  databaseUrl: string | undefined;
  dataDir: string;
} {
  const e = parseEnv(envSchema.pick({ NODE_ENV: true, DATABASE_URL: true, DATA_DIR: true }), env);
  const database = databaseProblem(e);
  if (database) throw new ConfigError([database]);
  return { databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR };
}
