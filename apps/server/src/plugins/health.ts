import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../trpc/context';

/** Liveness says the process answers; readiness says it can serve: the database and Redis (when used) reply. */
export async function healthRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (req, reply) => {
    const checks: Record<string, 'ok' | 'down'> = {};
    const [database, redis] = await Promise.allSettled([
      withTimeout(services.database.ping(), 2000),
      services.redis ? withTimeout(services.redis.ping(), 2000) : Promise.resolve(null),
    ]);
    checks.database = database.status === 'fulfilled' ? 'ok' : 'down';
    if (services.redis) checks.redis = redis.status === 'fulfilled' ? 'ok' : 'down';
    const ready = Object.values(checks).every((state) => state === 'ok');
    if (!ready) req.log.warn({ checks }, 'not ready');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
