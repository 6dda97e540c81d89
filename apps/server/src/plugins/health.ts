import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../context';

/**
 * Liveness says the process answers, and depends on nothing else (a restart would not bring a lost database
 * back). Readiness says it can serve: the database and Redis (when used) reply, and the notification
 * dispatcher is not stuck.
 */
export async function healthRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (req, reply) => {
    const checks: Record<string, 'ok' | 'down' | 'stuck'> = {};
    const [database, redis] = await Promise.allSettled([
      withTimeout(services.database.ping(), 2000),
      services.redis ? withTimeout(services.redis.ping(), 2000) : Promise.resolve(null),
    ]);
    checks.database = database.status === 'fulfilled' ? 'ok' : 'down';
    if (services.redis) checks.redis = redis.status === 'fulfilled' ? 'ok' : 'down';
    const dispatcher = services.dispatcher.health();
    if (dispatcher !== 'off') checks.dispatcher = dispatcher;
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
