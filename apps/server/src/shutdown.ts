import type { FastifyInstance } from 'fastify';

/**
 * How long SIGTERM waits for in-flight requests, the dispatcher's run and the connections to close before the
 * process gives up and exits 1. A deployment's grace period must be longer (docs/operations.md#kubernetes).
 */
export const SHUTDOWN_DRAIN_MS = 15_000;

/** SIGTERM and SIGINT stop accepting, let in-flight work finish, close what the app opened, then exit. */
export function drainOnSignals(app: FastifyInstance): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    // Stops accepting, lets in-flight requests finish, then closes database, Redis and timers (onClose hooks).
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_DRAIN_MS);
    timer.unref();
    // A keep-alive connection whose request finishes after the signal would otherwise hold close() until the
    // client drops it (browsers and proxies keep them for a minute or more): close each once it goes idle.
    const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
    idleSweep.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
