import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { findFreePort, waitForPort } from './processes';

/**
 * A redis-server of the test's own on a spare port (nothing saved to disk), so a fault test can stop and start
 * Redis without touching the shared one.
 */
export interface OwnRedis {
  url: string;
  port: number;
  /** Kills the server at once (SIGKILL), as a crash or a lost host looks to the app. */
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: nothing was saved). */
  start(): Promise<void>;
}

/** Whether a `redis-server` binary is on the PATH (Debian package `redis-server`). */
export function redisServerInstalled(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** The one line a suite prints when it is left out for want of redis-server. */
export function noteRedisServerMissing(suite: string): void {
  process.stdout.write(
    `[tests] ${suite}: skipped, needs redis-server (Debian package redis-server: apt-get install -y redis-server).\n`,
  );
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await findFreePort();
  let child: ChildProcess | null = null;

  const start = async () => {
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child = started;
    const failed = new Promise<never>((_, reject) => {
      started.once('error', (error) =>
        reject(new Error(`redis-server could not start (is it installed?): ${error.message}`)),
      );
    });
    await Promise.race([waitForPort(port, 10_000), failed]);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, stop, start };
}
