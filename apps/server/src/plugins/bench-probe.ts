import { createHash, timingSafeEqual } from 'node:crypto';
import { getHeapSpaceStatistics } from 'node:v8';
import type { FastifyInstance } from 'fastify';
import type { WorkCounters } from '../services/metrics/work-counters';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /bench/probe, for the bench holding `BENCH_PROBE_TOKEN` as a bearer token (docs/performance.md#capacity):
 * the statements and Redis commands this instance has sent so far, its CPU time and its memory, read before
 * and after each measurement. Registered only with the token set: without one the route does not exist and
 * nothing is counted. It holds counts only, never anything a request carried.
 */
export async function benchProbeRoutes(
  app: FastifyInstance,
  options: { counters: WorkCounters; token: string },
) {
  const expected = digest(`Bearer ${options.token}`);
  app.get('/bench/probe', async (req, reply) => {
    if (!timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) {
      return reply.code(401).send({ error: { message: 'A valid bench probe token is required' } });
    }
    const cpu = process.cpuUsage();
    return reply.header('cache-control', 'no-store').send({
      ...options.counters.snapshot(),
      cpuMs: (cpu.user + cpu.system) / 1000,
      memory: process.memoryUsage(),
      heapSpaces: getHeapSpaceStatistics().map((space) => ({
        name: space.space_name,
        usedBytes: space.space_used_size,
        sizeBytes: space.space_size,
      })),
    });
  });
}
