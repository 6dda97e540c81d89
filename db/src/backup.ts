import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startPglite, unpackPgliteTarball } from './database';

/**
 * Backups of both databases ExRated runs on (README, runbook "Back up and restore"):
 * - Postgres: `pg_dump` in its custom format (compressed, restorable table by table), restored with
 *   `pg_restore --clean --if-exists --no-owner --exit-on-error --single-transaction`: all or nothing.
 * - The embedded PGlite folder: a gzipped tarball of the cluster (PGlite's own dump of its data folder),
 *   restored by unpacking it into the folder; the folder it replaces is kept beside it.
 * pg_dump and pg_restore come from the PostgreSQL client tools (Debian: postgresql-client), at least the
 * server's major version.
 */

/** Runs a PostgreSQL client tool; rejects with its own words when it fails or is not installed. */
function runTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.once('error', (error) =>
      reject(
        new Error(
          `${tool} could not run (install the PostgreSQL client tools: postgresql-client): ${error.message}`,
        ),
      ),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

export async function backupPostgres(url: string, file: string): Promise<void> {
  await runTool('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${url}`]);
}

/** Restores over what the database holds: every object of the dump is dropped first, in one transaction. */
export async function restorePostgres(url: string, file: string): Promise<void> {
  await runTool('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    file,
  ]);
}

/**
 * Dumps the embedded cluster in `dataDir`. PGlite serves one process: stop the server first, or this open
 * competes with the server's for the same files.
 */
export async function backupPglite(dataDir: string, file: string): Promise<void> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new Error(`No embedded database in ${dataDir}`);
  const client = await startPglite(dataDir);
  try {
    // Everything in the data files, so the dump restores without WAL to replay.
    await client.exec('checkpoint');
    await writeFile(file, new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer()));
  } finally {
    await client.close();
  }
}

/**
 * Unpacks a backup into `dataDir`. A cluster already there is moved aside to `<dataDir>.before-restore-<time>`
 * (returned), never deleted: a restore of the wrong file is undone by moving it back.
 */
export async function restorePglite(file: string, dataDir: string, now = new Date()): Promise<string | null> {
  let keptAside: string | null = null;
  if (existsSync(dataDir)) {
    keptAside = `${dataDir}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    await rename(dataDir, keptAside);
  }
  await mkdir(dataDir, { recursive: true });
  await unpackPgliteTarball(file, dataDir);
  return keptAside;
}
