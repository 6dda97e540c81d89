import { buildApp } from './app';
import { configOrExit, loadConfig } from './config';

async function main() {
  const config = configOrExit(() => loadConfig());

  const app = await buildApp(config);
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  app.log.info(`ExRated is ready at ${url}`);
  if (config.env !== 'production' && config.smsProvider === 'console') {
    app.log.info(`Texts (verification codes, rating links): ${url}/dev/outbox`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    // Stops accepting, lets in-flight requests finish, then closes database, Redis and timers (onClose hooks).
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
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

main().catch((error: unknown) => {
  process.stderr.write(
    `ExRated failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
