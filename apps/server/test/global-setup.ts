import { portAnswers, type ResolvedService, resolveTestPostgres } from '@exrated/db/testing';
import type { TestProject } from 'vitest/node';
import { redisServerInstalled, startOwnRedis } from './support/own-redis';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseServerUrl: string;
    testRedisUrl: string | null;
    redisServerInstalled: boolean;
  }
}

/**
 * Redis for tests, in the order of docs/testing.md#services, then a redis-server of the run's own when the
 * binary is installed but nothing runs; null means the in-process twins are used.
 */
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
    if (redisServerInstalled()) {
      const own = await startOwnRedis();
      process.stdout.write(`[tests] No Redis found: started redis-server at ${own.url}.\n`);
      return { url: own.url, source: 'embedded', stop: own.stop };
    }
    process.stdout.write(
      '[tests] No Redis found (TEST_REDIS_URL, 127.0.0.1:6379, Testcontainers, redis-server): using in-process stores.\n',
    );
    return { url: null, source: 'embedded' };
  }
}

export default async function setup(project: TestProject) {
  const [postgres, redis] = await Promise.all([resolveTestPostgres(), resolveTestRedis()]);
  project.provide('testDatabaseServerUrl', postgres.url);
  project.provide('testRedisUrl', redis.url);
  project.provide('redisServerInstalled', redisServerInstalled());
  return async () => {
    await Promise.all([postgres.stop?.(), redis.stop?.()]);
  };
}
