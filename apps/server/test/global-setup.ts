import { portAnswers, type ResolvedService, resolveTestPostgres } from '@exrated/db/testing';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseServerUrl: string | null;
    testRedisUrl: string | null;
  }
}

/** Redis for tests, in the order of DESIGN.md section 8; null means the in-process twins are used. */
async function resolveTestRedis(env = process.env): Promise<ResolvedService> {
  if (env.TEST_REDIS_URL) return { url: env.TEST_REDIS_URL, source: 'env' };
  if (await portAnswers('127.0.0.1', 6379)) return { url: 'redis://127.0.0.1:6379', source: 'local' };
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    const { RedisContainer } = await import('@testcontainers/redis');
    const container = await new RedisContainer('redis:7-alpine').start();
    return {
      url: container.getConnectionUrl(),
      source: 'testcontainers',
      stop: async () => void (await container.stop()),
    };
  } catch {
    process.stdout.write(
      '[tests] No Redis found (TEST_REDIS_URL, 127.0.0.1:6379, Testcontainers): using in-process stores.\n',
    );
    return { url: null, source: 'embedded' };
  }
}

export default async function setup(project: TestProject) {
  const [postgres, redis] = await Promise.all([resolveTestPostgres(), resolveTestRedis()]);
  project.provide('testDatabaseServerUrl', postgres.url);
  project.provide('testRedisUrl', redis.url);
  return async () => {
    await Promise.all([postgres.stop?.(), redis.stop?.()]);
  };
}
