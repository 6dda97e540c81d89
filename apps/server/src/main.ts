import { buildApp } from './app';
import { configOrExit, loadConfig } from './config';
import { drainOnSignals } from './shutdown';

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

  drainOnSignals(app);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `ExRated failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
