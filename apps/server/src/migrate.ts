import { createDatabase, PGLITE_TEMPLATE_FILE } from '@exrated/db';
import { configOrExit, loadMigrationConfig } from './config';

/**
 * One-shot migrations (the `migrate` service of docker/compose.yaml, or a release step): applies the committed
 * migrations under the same advisory lock the app takes at start, then exits. The app still migrates at start,
 * so this step is what makes a failing migration stop a release before any replica is replaced.
 */
async function main() {
  const config = configOrExit(() => loadMigrationConfig());
  const started = Date.now();
  const database = await createDatabase({
    url: config.databaseUrl,
    dataDir: `${config.dataDir}/pglite`,
    pgliteTemplate: PGLITE_TEMPLATE_FILE,
    maxConnections: 1,
  });
  await database.close();
  // One JSON line like the server's own logs, so the same log pipeline reads it.
  process.stdout.write(
    `${JSON.stringify({ level: 30, time: Date.now(), msg: 'migrations applied', database: database.kind, ms: Date.now() - started })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Migrations failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
