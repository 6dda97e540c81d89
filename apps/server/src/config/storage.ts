import { z } from 'zod';
import { positiveInt } from './env-values';

/** Where state lives: Postgres (or the embedded default under DATA_DIR) and Redis (or the in-process stores). */
export const storageEnvShape = {
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
};

type StorageEnv = z.infer<z.ZodObject<typeof storageEnvShape>>;

export interface StorageSettings {
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
}

/** Production needs a database of its own: the line naming the variable, or null. */
export function databaseProblem(e: { NODE_ENV: string; DATABASE_URL?: string | undefined }): string | null {
  return e.NODE_ENV === 'production' && !e.DATABASE_URL ? 'DATABASE_URL: required in production' : null;
}

export function storageSettings(e: StorageEnv): StorageSettings {
  return {
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
  };
}
