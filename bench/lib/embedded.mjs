import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUNDLE, SERVER_NODE_ARGS } from './environment.mjs';
import { median } from './load.mjs';
import { startServer, stop } from './processes.mjs';

/**
 * The bundle with no configuration (PGlite in DATA_DIR): the first start in an empty data dir (which unpacks
 * the build's migrated cluster, dist/pglite-template.tar.gz, and runs the migrations), then a restart on it.
 */
export async function embeddedStart(plan) {
  const fresh = [];
  const restart = [];
  for (let i = 0; i < plan.embeddedRuns; i++) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exrated-bench-embedded-'));
    try {
      for (const times of [fresh, restart]) {
        const server = await startServer({
          bundle: BUNDLE,
          env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
          logFile: plan.logFile,
          nodeArgs: SERVER_NODE_ARGS,
        });
        times.push(server.readyMs);
        await stop(server.child);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return { freshMs: median(fresh), restartMs: median(restart), fresh, restart };
}
