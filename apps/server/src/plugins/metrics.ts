import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from '../services/metrics/app-metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics in the Prometheus text format, for a scraper holding `METRICS_TOKEN` as a bearer token. It is
 * registered only when the token is set: without one the route does not exist (404), so an instance never
 * serves its numbers to anyone by default. The proxy in front (docker/Caddyfile) does not pass it on either;
 * Prometheus scrapes each replica directly.
 */
export async function metricsRoutes(app: FastifyInstance, options: { metrics: AppMetrics; token: string }) {
  const expected = digest(`Bearer ${options.token}`);
  options.metrics.collectProcessMetrics();
  app.get('/metrics', async (req, reply) => {
    // Hashes of equal length, compared in constant time: the token leaks through no timing.
    if (!timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: { message: 'A valid metrics token is required' } });
    }
    const { contentType, body } = await options.metrics.exposition();
    return reply.type(contentType).header('cache-control', 'no-store').send(body);
  });
}
