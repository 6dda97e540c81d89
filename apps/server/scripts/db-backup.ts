// `pnpm db:backup [file]` and `pnpm db:restore <file>` (README, runbook "Back up and restore"): the database
// the server is configured with (DATABASE_URL, or the embedded one in DATA_DIR/pglite), read from the same
// environment as the server. Paths are taken relative to where the command was typed.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { backupPglite, backupPostgres, createDatabase, restorePglite, restorePostgres } from '@exrated/db';
import { summarizePendingNotifications } from '@exrated/db/queries';
import { configOrExit, loadMigrationConfig } from '../src/config';

const USAGE = 'usage: pnpm db:backup [file]  |  pnpm db:restore <file>';
const here = process.env.INIT_CWD ?? process.cwd();
const [command, fileArgument] = process.argv.slice(2);
const config = configOrExit(() => loadMigrationConfig());
const pgliteDir = path.resolve(process.cwd(), config.dataDir, 'pglite');
const say = (line: string) => process.stdout.write(`${line}\n`);

function defaultBackupFile(): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  mkdirSync(path.join(here, 'backups'), { recursive: true });
  return path.join(here, 'backups', `exrated-${stamp}${config.databaseUrl ? '.dump' : '.pglite.tar.gz'}`);
}

async function backup(file: string) {
  if (config.databaseUrl) await backupPostgres(config.databaseUrl, file);
  else await backupPglite(pgliteDir, file);
  say(
    `Backed up ${config.databaseUrl ? 'the Postgres database (pg_dump custom format)' : pgliteDir} to ${file}`,
  );
}

async function restore(file: string) {
  if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, file);
    say(`Restored ${file} into the Postgres database.`);
  } else {
    const keptAside = await restorePglite(file, pgliteDir);
    say(`Restored ${file} into ${pgliteDir}.`);
    if (keptAside) say(`The folder it replaced is kept at ${keptAside}.`);
  }
  // A backup older than the code: bring its schema up to date, as the server would at start.
  const database = await createDatabase({ url: config.databaseUrl, dataDir: pgliteDir, maxConnections: 1 });
  try {
    const { pending } = await summarizePendingNotifications(database.db);
    say('Migrations applied.');
    if (pending > 0) {
      say(
        `${pending} rating text(s) were pending at backup time and go out when the server starts. If they may have ` +
          `been sent since the backup, see the runbook (README, "Back up and restore") before starting it.`,
      );
    }
  } finally {
    await database.close();
  }
}

async function main() {
  if (command === 'backup')
    return backup(fileArgument ? path.resolve(here, fileArgument) : defaultBackupFile());
  if (command === 'restore' && fileArgument) return restore(path.resolve(here, fileArgument));
  throw new Error(USAGE);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
